import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { Form, SubmitButton, useZodForm } from './form.tsx';
import { SelectField } from './selectField.tsx';

const schema = z.object({
  colour: z.enum(['red', 'green', 'blue'], 'Choose a colour'),
  size: z.number(),
});
type Values = z.input<typeof schema>;

const COLOURS = [
  { value: 'red', label: 'Red' },
  { value: 'green', label: 'Green' },
  { value: 'blue', label: 'Blue' },
];
const SIZES = [
  { value: 1, label: 'Small' },
  { value: 2, label: 'Large' },
];

function PaintForm({ onSubmit }: { onSubmit: (values: z.output<typeof schema>) => void }) {
  const form = useZodForm(schema, { defaultValues: { colour: '' as Values['colour'], size: 1 } });
  return (
    <Form form={form} aria-label="Paint" onSubmit={onSubmit}>
      <SelectField
        control={form.control}
        name="colour"
        label="Colour"
        hint="The wall's colour"
        placeholder="Choose a colour first"
        options={COLOURS}
      />
      <SelectField control={form.control} name="size" label="Size" options={SIZES} />
      <SubmitButton>Paint</SubmitButton>
    </Form>
  );
}

describe('SelectField', () => {
  it('is named by its label, shows the placeholder for nothing chosen, and is described by its hint', () => {
    render(<PaintForm onSubmit={() => {}} />);
    const colour = screen.getByLabelText('Colour');
    expect(colour).toBe(screen.getByRole('combobox', { name: 'Colour' }));
    expect(colour.textContent).toContain('Choose a colour first');
    expect(document.getElementById(colour.getAttribute('aria-describedby')!)?.textContent).toBe("The wall's colour");
    expect(screen.getByRole('combobox', { name: 'Size' }).textContent).toContain('Small');
  });

  it('opens with Enter, chooses with the arrows and Enter, and the option value reaches the submit', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<PaintForm onSubmit={onSubmit} />);
    screen.getByLabelText('Colour').focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('listbox');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('option', { name: 'Red' })));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('option', { name: 'Green' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(screen.getByLabelText('Colour').textContent).toContain('Green');

    screen.getByLabelText('Size').focus();
    await user.keyboard(' ');
    await screen.findByRole('listbox');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('option', { name: 'Small' })));
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Paint' }));
    // Each option hands its own value to the form: the string colour and the numeric size.
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ colour: 'green', size: 2 }, expect.anything()));
  });

  it('closes on Escape without choosing, and only then shows the schema message', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<PaintForm onSubmit={onSubmit} />);
    const colour = screen.getByLabelText('Colour');
    colour.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('listbox');
    // Opening the list is not leaving the field: no error while choosing.
    expect(screen.queryByText('Choose a colour')).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(colour));
    expect(colour.textContent).toContain('Choose a colour first');
    await user.tab();
    expect(await screen.findByText('Choose a colour')).toBeTruthy();
    expect(colour.getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Paint' }));
    expect(onSubmit).not.toHaveBeenCalled();
    // A refused submit focuses the field, as react-hook-form does for an input.
    expect(document.activeElement).toBe(colour);
  });
});
