import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { apiJson, HttpError, useToast } from '@groupflow/shell-kit';
import { TEST_EMAIL_TYPES, testEmailSchema, type TestEmailInput } from '@groupflow/core/contracts';

const TYPE_LABELS: Record<TestEmailInput['type'], string> = { writeup: 'Write-up', termination: 'Termination' };

/**
 * /test-email (spec 1 section 2.15): sends a sample email through the server's mail setup. Staff only: the
 * shared request helper sends the stored staff token, and without one the server's 401 is explained.
 */
export default function TestEmail() {
  const toast = useToast();
  const [emailAddress, setEmailAddress] = useState('');
  const [type, setType] = useState<TestEmailInput['type']>('writeup');
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (body: TestEmailInput) => apiJson<{ success: boolean; message: string }>('/api/test-email', 'POST', body),
    onSuccess: (data) => toast({ title: 'Test email sent', description: data.message, variant: 'success' }),
    onError: (err) =>
      toast({
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
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = testEmailSchema.safeParse({ emailAddress, type });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please enter an email address');
      return;
    }
    setError(null);
    send.mutate(parsed.data);
  };
  return (
    <main className="page container stack" style={{ maxWidth: 560 }}>
      <Link className="btn btn-ghost" to="/" style={{ alignSelf: 'flex-start' }}>
        Back to Home
      </Link>
      <form className="card stack" onSubmit={onSubmit} noValidate aria-label="Send a test email">
        <h1 className="card-title">Email Test</h1>
        <p className="muted">Send a sample notice to check that outgoing email works.</p>
        <div className="field">
          <label className="label" htmlFor="test-email-address">
            Email address
          </label>
          <input
            id="test-email-address"
            className="input"
            type="email"
            autoComplete="email"
            value={emailAddress}
            onChange={(e) => setEmailAddress(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'test-email-error' : undefined}
          />
          {error && (
            <p id="test-email-error" className="field-error" role="alert">
              {error}
            </p>
          )}
        </div>
        <div className="field">
          <label className="label" htmlFor="test-email-type">
            Email type
          </label>
          <select id="test-email-type" className="select" value={type} onChange={(e) => setType(e.target.value as TestEmailInput['type'])}>
            {TEST_EMAIL_TYPES.map((t) => (
              <option key={t} value={t}>
                {TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn-primary" disabled={send.isPending}>
          {send.isPending ? 'Sending...' : 'Send Test Email'}
        </button>
      </form>
    </main>
  );
}
