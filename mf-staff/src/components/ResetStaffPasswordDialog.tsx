import { Button, useEndpointMutation } from '@groupflow/shell-kit';
import { API, passwordResetSchema } from '@groupflow/core/contracts';
import { Dialog, DialogActions } from '@groupflow/shell-kit/dialog';
import { Field, Form, useZodForm } from '@groupflow/shell-kit/form';
import { errorText } from '../errorTexts.ts';

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
  const form = useZodForm(passwordResetSchema, { defaultValues: { email: presetEmail ?? '' } });
  const reset = useEndpointMutation(API.staff.resetStaffPassword, {
    failure: (error) => ({
      title: 'Password reset failed',
      description: errorText(error) ?? 'Failed to reset password',
      variant: 'destructive',
    }),
  });

  const tempPassword = reset.data?.tempPassword;
  return (
    <Dialog
      title="Reset Staff Password"
      description="Generate a temporary password for a staff member."
      onClose={onClose}
    >
      <Form
        form={form}
        onSubmit={({ email }) => reset.mutateAsync({ body: { email } }).catch(() => undefined)}
        className="stack"
      >
        <Field control={form.control} name="email" label="Staff member">
          {(control) => (
            <input
              className="input"
              type="email"
              readOnly={presetEmail !== undefined}
              placeholder="name@groupflow.com"
              {...control}
            />
          )}
        </Field>
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
          <div className="row kit-dialog-actions">
            <Button onClick={onClose}>Done</Button>
          </div>
        ) : (
          <DialogActions
            onCancel={onClose}
            label="Generate Temporary Password"
            pendingLabel="Generating..."
            pending={reset.isPending}
          />
        )}
      </Form>
    </Dialog>
  );
}
