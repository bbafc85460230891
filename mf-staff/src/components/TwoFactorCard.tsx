import { useState } from 'react';
import { Badge, Button, Card, ErrorState, LoadingState, useEndpointMutation, useToast } from '@groupflow/shell-kit';
import { API, mfaCodeSchema, type MfaSetupResultWire } from '@groupflow/core/contracts';
import { Dialog, DialogActions } from '@groupflow/shell-kit/dialog';
import { Field, Form, FormError, SubmitButton, useZodForm, type FormControl } from '@groupflow/shell-kit/form';
import { errorText } from '../errorTexts.ts';

const RECOVERY_FILE = 'groupflow-recovery-codes.txt';

/** The code field of every two-factor form: a TOTP code, or a recovery code where the form accepts one. */
export function CodeField({
  control,
  label = 'Authentication code',
  autoFocus,
}: {
  control: FormControl<typeof mfaCodeSchema>;
  label?: string;
  autoFocus?: boolean;
}) {
  return (
    <Field control={control} name="code" label={label}>
      {(control) => (
        <input
          className="input staff-mfa-code"
          autoComplete="one-time-code"
          spellCheck={false}
          placeholder="123456"
          autoFocus={autoFocus}
          {...control}
        />
      )}
    </Field>
  );
}

/** The Base32 secret in groups of four, as authenticator apps print it. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * The "Two-factor authentication" card: set up (QR code and the secret as text, confirmed with a code), the
 * recovery codes shown once (Copy, Download), and turning it off with a code. `onChange` gets the new state.
 */
export function TwoFactorCard({
  enabled,
  required = false,
  onChange,
}: {
  enabled: boolean;
  /** Their role requires it: turning it off is not offered, and the card says why it is asked for. */
  required?: boolean;
  onChange: (enabled: boolean) => void;
}) {
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [disabling, setDisabling] = useState(false);
  const setup = useEndpointMutation(API.staff.setUpStaffMfa);
  // On from the moment the server answered with the recovery codes, while they are still being saved.
  const on = enabled || recoveryCodes !== null;

  let body;
  if (recoveryCodes) {
    body = (
      <RecoveryCodes
        codes={recoveryCodes}
        onDone={() => {
          setRecoveryCodes(null);
          onChange(true);
        }}
      />
    );
  } else if (enabled) {
    body = (
      <>
        <p className="muted small">
          Signing in asks for a code from your authenticator app after your password. A recovery code works once in its
          place.
        </p>
        {!required && (
          <Button variant="outline" onClick={() => setDisabling(true)}>
            Turn Off
          </Button>
        )}
      </>
    );
  } else if (setup.isPending) {
    body = <LoadingState label="Creating your secret..." />;
  } else if (setup.isError) {
    body = (
      <ErrorState message={errorText(setup.error) ?? 'Failed to start the setup'} onRetry={() => setup.mutate()} />
    );
  } else if (setup.data) {
    body = <EnrolForm setup={setup.data} onEnabled={setRecoveryCodes} onCancel={() => setup.reset()} />;
  } else {
    body = (
      <>
        <p className="muted small">
          {required
            ? 'Your role requires two-factor authentication. Set it up to continue.'
            : 'Protect your account with a code from an authenticator app (Google Authenticator, 1Password, Authy...) at every sign-in.'}
        </p>
        <Button onClick={() => setup.mutate()}>Set Up Two-Factor Authentication</Button>
      </>
    );
  }

  return (
    <Card
      title="Two-factor authentication"
      aria-label="Two-factor authentication"
      className="staff-section staff-mfa"
      actions={<Badge tone={on ? 'success' : 'warning'}>{on ? 'On' : 'Off'}</Badge>}
    >
      {body}
      {disabling && (
        <DisableDialog
          onClose={() => setDisabling(false)}
          onDisabled={() => {
            setDisabling(false);
            onChange(false);
          }}
        />
      )}
    </Card>
  );
}

function EnrolForm({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: MfaSetupResultWire;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const form = useZodForm(mfaCodeSchema, { defaultValues: { code: '' } });
  const enable = useEndpointMutation(API.staff.enableStaffMfa, {
    onSuccess: (result) => onEnabled(result.recoveryCodes),
    onError: (failure) =>
      form.setError('root', { message: errorText(failure) ?? 'Failed to turn on two-factor authentication' }),
  });
  return (
    <div className="staff-mfa-enrol">
      <ol className="staff-mfa-steps">
        <li>Scan this QR code with your authenticator app.</li>
        <li>Or type the secret into the app by hand.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="staff-mfa-setup">
        <img
          className="staff-mfa-qr"
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
          alt="QR code for your authenticator app"
          width={180}
          height={180}
        />
        <div className="stack staff-mfa-secret-box">
          <span className="label" id="mfa-secret-label">
            Secret
          </span>
          <code className="staff-mfa-secret" aria-labelledby="mfa-secret-label">
            {grouped(setup.secret)}
          </code>
          <Form form={form} onSubmit={(body) => enable.mutateAsync({ body }).catch(() => undefined)}>
            <FormError />
            <CodeField control={form.control} />
            <div className="row">
              <Button variant="outline" onClick={onCancel}>
                Cancel
              </Button>
              <SubmitButton pendingLabel="Checking...">Turn On</SubmitButton>
            </div>
          </Form>
        </div>
      </div>
    </div>
  );
}

/** Shown once, right after turning on: the server keeps only their hashes. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const toast = useToast();
  const text = `${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: 'Recovery codes copied', variant: 'success' });
    } catch {
      toast({
        title: 'Copying failed',
        description: 'Select the codes and copy them by hand.',
        variant: 'destructive',
      });
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = RECOVERY_FILE;
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="stack" role="status">
      <p>
        <strong>Two-factor authentication is on.</strong> Save these recovery codes somewhere safe: each signs you in
        once if you lose your phone. They are shown only now.
      </p>
      <ul className="staff-mfa-recovery" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="row">
        <Button variant="outline" onClick={() => void copy()}>
          Copy
        </Button>
        <Button variant="outline" onClick={download}>
          Download
        </Button>
        <Button onClick={onDone}>I Have Saved Them</Button>
      </div>
    </div>
  );
}

function DisableDialog({ onClose, onDisabled }: { onClose: () => void; onDisabled: () => void }) {
  const form = useZodForm(mfaCodeSchema, { defaultValues: { code: '' } });
  const disable = useEndpointMutation(API.staff.disableStaffMfa, {
    success: 'Two-factor authentication is off',
    onSuccess: onDisabled,
    onError: (failure) =>
      form.setError('root', { message: errorText(failure) ?? 'Failed to turn off two-factor authentication' }),
  });
  return (
    <Dialog
      title="Turn Off Two-Factor Authentication"
      description="Your password alone will sign you in again. Confirm with a code from your app or a recovery code."
      onClose={onClose}
    >
      <Form form={form} onSubmit={(body) => disable.mutateAsync({ body }).catch(() => undefined)}>
        <FormError />
        <CodeField control={form.control} autoFocus />
        <DialogActions
          onCancel={onClose}
          label="Turn Off"
          pendingLabel="Turning off..."
          pending={disable.isPending}
          danger
        />
      </Form>
    </Dialog>
  );
}
