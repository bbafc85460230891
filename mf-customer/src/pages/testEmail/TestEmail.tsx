import { Link } from '@groupflow/shell-kit/router';
import { HttpError, useEndpointMutation } from '@groupflow/shell-kit';
import { API, TEST_EMAIL_TYPES, testEmailSchema, type TestEmailInput } from '@groupflow/core/contracts';
import { Field, Form, SubmitButton, useZodForm } from '@groupflow/shell-kit/form';
import { SelectField } from '@groupflow/shell-kit/select-field';

const TYPE_LABELS: Record<TestEmailInput['type'], string> = { writeup: 'Write-up', termination: 'Termination' };

/**
 * /test-email (spec 1 section 2.15): sends a sample email through the server's mail setup. Staff only: the
 * shared request helper sends the stored staff token, and without one the server's 401 is explained.
 */
export default function TestEmail() {
  const form = useZodForm(testEmailSchema, { defaultValues: { emailAddress: '', type: 'writeup' } });
  const send = useEndpointMutation(API.diagnostics.sendTestEmail, {
    success: (data) => ({ title: 'Test email sent', description: data.message, variant: 'success' }),
    failure: (err) => ({
      title: 'Email test failed',
      description:
        err instanceof HttpError && err.status === 401
          ? 'Sign in as staff to send test emails.'
          : err instanceof HttpError
            ? err.serverMessage || 'Failed to send test email'
            : 'Failed to send test email',
      variant: 'destructive',
    }),
  });
  return (
    <main className="page container stack" style={{ maxWidth: 560 }}>
      <Link className="btn btn-ghost" to="/" style={{ alignSelf: 'flex-start' }}>
        Back to Home
      </Link>
      <Form
        form={form}
        className="card stack"
        aria-label="Send a test email"
        onSubmit={(body) => send.mutateAsync({ body }).catch(() => undefined)}
      >
        <h1 className="card-title">Email Test</h1>
        <p className="muted">Send a sample notice to check that outgoing email works.</p>
        <Field control={form.control} name="emailAddress" label="Email address">
          {(control) => <input className="input" type="email" autoComplete="email" {...control} />}
        </Field>
        <SelectField
          control={form.control}
          name="type"
          label="Email type"
          options={TEST_EMAIL_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
        />
        <SubmitButton pendingLabel="Sending...">Send Test Email</SubmitButton>
      </Form>
    </main>
  );
}
