import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { applyServerIssues, Field, Form, FormError, SubmitButton, useZodForm } from './form.tsx';
import { HttpError } from './request.ts';

const schema = z.object({
  email: z.email('Enter a valid email address'),
  reason: z.string().trim().min(5, 'Say a little more'),
});

function ResetForm({ onSubmit }: { onSubmit: (values: z.output<typeof schema>) => Promise<void> | void }) {
  const form = useZodForm(schema, { defaultValues: { email: '', reason: '' } });
  return (
    <Form
      form={form}
      aria-label="Reset"
      onSubmit={async (values) => {
        try {
          await onSubmit(values);
        } catch (error) {
          form.setError('root', { message: (error as Error).message });
        }
      }}
    >
      <FormError />
      <Field control={form.control} name="email" label="Email" hint="The address you log in with">
        {(control) => <input className="input" type="email" {...control} />}
      </Field>
      <Field control={form.control} name="reason" label="Reason">
        {(control) => <textarea className="textarea" {...control} />}
      </Field>
      <SubmitButton pendingLabel="Sending...">Send</SubmitButton>
    </Form>
  );
}

describe('Form and Field', () => {
  it('links label, hint and error to the control and marks it invalid', async () => {
    const user = userEvent.setup();
    render(<ResetForm onSubmit={() => {}} />);
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBe('false');
    const hintId = email.getAttribute('aria-describedby')!;
    expect(document.getElementById(hintId)?.textContent).toBe('The address you log in with');

    await user.type(email, 'not-an-email');
    await user.tab();
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const described = email
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['The address you log in with', 'Enter a valid email address']);
  });

  it('shows every schema message on submit and sends nothing', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<ResetForm onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Say a little more')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    // The first invalid field gets focus, so the keyboard user lands where the fix is needed.
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
  });

  it('submits the parsed values with Enter and is disabled while the submit runs', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => {};
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<ResetForm onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Reason'), '  locked out  ');
    await user.type(screen.getByLabelText('Email'), 'ada@example.test{Enter}');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ email: 'ada@example.test', reason: 'locked out' }));
    const busy = screen.getByRole('button', { name: 'Sending...' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    finish();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(false),
    );
  });

  it('shows a refused submit as a form-level alert', async () => {
    const user = userEvent.setup();
    render(<ResetForm onSubmit={() => Promise.reject(new Error('Too many requests'))} />);
    await user.type(screen.getByLabelText('Reason'), 'locked out');
    await user.type(screen.getByLabelText('Email'), 'ada@example.test{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests');
  });

  it('moves through label order with Tab', async () => {
    const user = userEvent.setup();
    render(<ResetForm onSubmit={() => {}} />);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('Reason'));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Send' }));
  });
});

describe('applyServerIssues', () => {
  function ServerForm({ error }: { error: unknown }) {
    const form = useZodForm(schema, { defaultValues: { email: '', reason: '' } });
    return (
      <Form
        form={form}
        aria-label="Reset"
        onSubmit={() => {
          if (!applyServerIssues(form, error)) form.setError('root', { message: 'No issues' });
        }}
      >
        <FormError />
        <Field control={form.control} name="email" label="Email">
          {(control) => <input className="input" type="email" {...control} />}
        </Field>
        <Field control={form.control} name="reason" label="Reason">
          {(control) => <textarea className="textarea" {...control} />}
        </Field>
        <SubmitButton>Send</SubmitButton>
      </Form>
    );
  }

  const fill = async () => {
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'a@b.test');
    await user.type(screen.getByLabelText('Reason'), 'Long enough');
    await user.click(screen.getByRole('button', { name: 'Send' }));
  };

  it('puts each field issue under its field and the others on the form', async () => {
    const refused = new HttpError(
      400,
      JSON.stringify({
        code: 'REQUEST.INVALID',
        message: 'Invalid request',
        issues: [
          { path: ['email'], message: 'Email already in use' },
          { path: [], message: 'Try again tomorrow' },
        ],
      }),
    );
    render(<ServerForm error={refused} />);
    await fill();
    await screen.findByText('Email already in use');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Try again tomorrow');
  });

  it('reports that an error without issues put nothing on the form', async () => {
    render(<ServerForm error={new HttpError(500, '{"message":"Internal server error"}')} />);
    await fill();
    expect((await screen.findByRole('alert')).textContent).toBe('No issues');
  });
});
