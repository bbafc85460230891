import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useToast } from '@groupflow/shell-kit';
import { passwordResetSchema } from '@groupflow/core/contracts';
import { serverMessage, useStaffApi } from '../staff/session.ts';
import { Dialog, DialogActions } from '@groupflow/shell-kit/dialog';

interface ResetStaffPasswordDialogProps {
  /** The member whose password is reset; asked for in the dialog when absent (dashboard). */
  email?: string;
  /** What the member wrote when asking (the password_reset ticket's description). */
  request?: string;
  onClose: () => void;
}

/**
 * Spec 2's Reset Staff Password dialog: generates a temporary password on the server (platform owner only) and
 * shows it once. Opened from the dashboard and from a password_reset ticket.
 */
export function ResetStaffPasswordDialog({ email: presetEmail, request, onClose }: ResetStaffPasswordDialogProps) {
  const ids = useId();
  const api = useStaffApi();
  const toast = useToast();
  const [email, setEmail] = useState(presetEmail ?? '');
  const [error, setError] = useState<string | undefined>();
  const reset = useMutation({
    mutationFn: (target: string) => api<{ tempPassword: string }>('/api/staff/reset-password', 'POST', { email: target }),
    onError: (failure) =>
      toast({ title: 'Password reset failed', description: serverMessage(failure) ?? 'Failed to reset password', variant: 'destructive' }),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = passwordResetSchema.safeParse({ email });
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (parsed.success) reset.mutate(parsed.data.email);
  };

  const tempPassword = reset.data?.tempPassword;
  return (
    <Dialog title="Reset Staff Password" description="Generate a temporary password for a staff member." onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="stack">
        <div className="field">
          <label className="label" htmlFor={`${ids}-email`}>
            Staff member
          </label>
          <input
            id={`${ids}-email`}
            className="input"
            type="email"
            value={email}
            readOnly={presetEmail !== undefined}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${ids}-email-error` : undefined}
            placeholder="name@groupflow.com"
          />
          {error && (
            <p id={`${ids}-email-error`} className="field-error" role="alert">
              {error}
            </p>
          )}
        </div>
        {request && (
          <div className="field">
            <span className="label">Request</span>
            <p className="muted small">{request}</p>
          </div>
        )}
        {tempPassword && (
          <div className="field" role="status">
            <span className="label">Temporary password</span>
            <code className="staff-temp-password">{tempPassword}</code>
          </div>
        )}
        <ul className="muted small">
          <li>Give the temporary password to the staff member privately, never in a ticket reply.</li>
          <li>It works for one login, which must choose a new password.</li>
          <li>Their open sessions end now.</li>
        </ul>
        {tempPassword ? (
          <div className="row staff-dialog-actions">
            <button type="button" className="btn btn-primary" onClick={onClose}>
              Done
            </button>
          </div>
        ) : (
          <DialogActions
            onCancel={onClose}
            label="Generate Temporary Password"
            pendingLabel="Generating..."
            pending={reset.isPending}
          />
        )}
      </form>
    </Dialog>
  );
}
