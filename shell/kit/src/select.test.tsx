import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { Form, useZodForm } from './form.tsx';
import { Select } from './select.tsx';

const ROLES = [
  { value: 'r-mod', label: 'Moderator' },
  { value: 'r-sgt', label: 'Sergeant' },
  { value: 'r-cpl', label: 'Corporal' },
];
const schema = z.object({ roles: z.array(z.string()) });

/**
 * A list picker as the Configure dialog builds one (issue 36): a Select that always shows its placeholder ("" is no
 * option) and adds the picked value to a form's list; each pick must see the list the previous one left.
 */
function ListPicker() {
  const form = useZodForm(schema, { defaultValues: { roles: [] } });
  const chosen = form.watch('roles');
  return (
    <Form form={form} aria-label="Roles" onSubmit={() => undefined}>
      <ul aria-label="Chosen">
        {chosen.map((id) => (
          <li key={id}>{ROLES.find((role) => role.value === id)?.label}</li>
        ))}
      </ul>
      <Select
        aria-label="Add a role"
        placeholder="Add a role..."
        value=""
        options={ROLES.filter((role) => !chosen.includes(role.value))}
        onValueChange={(id) => form.setValue('roles', [...chosen, id], { shouldDirty: true })}
      />
    </Form>
  );
}

describe('Select as a list picker', () => {
  it('adds to an empty list, then a second, keeping the first and showing the placeholder again', async () => {
    const user = userEvent.setup();
    render(<ListPicker />);
    const picker = screen.getByRole('combobox', { name: 'Add a role' });
    const chosen = screen.getByRole('list', { name: 'Chosen' });
    expect(within(chosen).queryAllByRole('listitem')).toHaveLength(0);
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Moderator' }));
    expect(picker.textContent).toContain('Add a role...');
    await user.click(picker);
    // The chosen role is no longer offered.
    expect(screen.queryByRole('option', { name: 'Moderator' })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'Sergeant' }));
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Moderator', 'Sergeant']);
  });

  it('adds by keyboard too: Enter opens the list and picks the highlighted role', async () => {
    const user = userEvent.setup();
    render(<ListPicker />);
    const picker = screen.getByRole('combobox', { name: 'Add a role' });
    picker.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('option', { name: 'Moderator' });
    await user.keyboard('{Enter}');
    picker.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('option', { name: 'Sergeant' });
    await user.keyboard('{Enter}');
    const chosen = screen.getByRole('list', { name: 'Chosen' });
    expect(within(chosen).getAllByRole('listitem')).toHaveLength(2);
  });
});
