import { useEffect, useId, useState } from 'react';
import { Link, useNavigate } from '@groupflow/shell-kit/router';
import { useMutation } from '@tanstack/react-query';
import {
  apiClient,
  hasStaffSession,
  HttpError,
  QueryView,
  storeStaffSession,
  storeStaffToken,
  useEndpointMutation,
  useEndpointQuery,
  useToast,
} from '@groupflow/shell-kit';
import {
  API,
  choosePasswordFormSchema,
  mfaCodeSchema,
  passwordResetSchema,
  staffLoginSchema,
  type SignedInStaffUserWire as SignedInUser,
  type StaffLoginInput,
} from '@groupflow/core/contracts';
import { Dialog, DialogActions } from '@groupflow/shell-kit/dialog';
import { applyServerIssues, Field, Form, FormError, SubmitButton, useZodForm } from '@groupflow/shell-kit/form';
import { CodeField, TwoFactorCard } from '../components/TwoFactorCard.tsx';
import { errorText } from '../errorTexts.ts';
import './staff.css';
import './staff-login.css';

const ACCESS_LEVELS = [
  { name: 'Platform Owner', description: 'Full system access and control over every staff tool.' },
  { name: 'Leadership', description: 'Executive oversight, HR tools and staff management.' },
  { name: 'Directors', description: 'Department management and support oversight.' },
  { name: 'Support', description: 'Customer support tickets and live support chat.' },
] as const;

/** Error text of a failed login: server message, else 'Login failed', else 'Invalid email or password' (spec 2 section 8). */
function loginErrorMessage(error: unknown): string {
  if (error instanceof HttpError) return errorText(error) || 'Login failed';
  if (error instanceof Error && error.message) return error.message;
  return 'Invalid email or password';
}

export default function StaffLogin() {
  const navigate = useNavigate();
  const toast = useToast();
  const ids = useId();
  const form = useZodForm(staffLoginSchema, { defaultValues: { email: '', password: '' } });
  const [resetOpen, setResetOpen] = useState(false);
  const [temporaryLogin, setTemporaryLogin] = useState<{ password: string } | null>(null);
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const [enrolling, setEnrolling] = useState<SignedInUser | null>(null);

  // A member already signed in here goes on to the dashboard, which checks the session with the server and sends
  // an expired one back with "Session expired" (issue 36: the login page did not notice them).
  useEffect(() => {
    if (hasStaffSession()) navigate('/staff-dashboard', { replace: true });
  }, [navigate]);

  // Whatever is pending comes first, one step at a time: a new password, then two-factor enrolment.
  const finishLogin = (user: SignedInUser) => {
    if (user.mustEnrollMfa) {
      setEnrolling(user);
      return;
    }
    storeStaffSession(user);
    toast({ title: 'Login successful! Welcome back.', variant: 'success' });
    navigate('/staff-dashboard');
  };

  const signedIn = (token: string, user: SignedInUser, password: string) => {
    // Only the token for now: without a stored user no staff screen admits them until the pending steps are done.
    storeStaffToken(token);
    setMfaToken(null);
    if (user.mustChangePassword) setTemporaryLogin({ password });
    else finishLogin(user);
  };

  const login = useMutation({
    mutationFn: async (body: StaffLoginInput) => {
      const data = await apiClient.call(API.staff.loginStaff, { body });
      if (!data || (!('mfaToken' in data) && (!data.token || !data.user))) throw new Error('Login failed');
      return data;
    },
    onSuccess: (data, body) => {
      if ('mfaToken' in data) setMfaToken(data.mfaToken);
      else signedIn(data.token, data.user, body.password);
    },
    onError: (error) => form.setError('root', { message: loginErrorMessage(error) }),
  });

  let step;
  if (enrolling) {
    step = (
      <TwoFactorCard
        enabled={false}
        required
        onChange={() => finishLogin({ ...enrolling, mfaEnabled: true, mustEnrollMfa: false })}
      />
    );
  } else if (temporaryLogin) {
    step = <ChangePasswordCard currentPassword={temporaryLogin.password} onChanged={finishLogin} />;
  } else if (mfaToken) {
    step = (
      <CodeStepCard
        mfaToken={mfaToken}
        onSignedIn={(token, user) => signedIn(token, user, form.getValues('password'))}
        onRestart={() => setMfaToken(null)}
      />
    );
  }

  return (
    <main className="container page staff-login">
      <div className="staff-login-top">
        <Link to="/" className="btn btn-outline">
          <span aria-hidden="true">←</span> Back to Home
        </Link>
      </div>
      <header className="center staff-login-header">
        <div className="staff-login-mark" aria-hidden="true">
          G
        </div>
        <h1>Staff Login</h1>
        <p className="muted">Sign in with your company account to access the GroupFlow staff area.</p>
      </header>

      <div className="staff-login-layout">
        {step ?? (
          <section className="card" aria-labelledby={`${ids}-login-title`}>
            <h2 id={`${ids}-login-title`} className="card-title">
              Staff Portal Access
            </h2>
            <p className="muted small">Authorized personnel only.</p>
            <Form form={form} onSubmit={(body) => login.mutateAsync(body).catch(() => undefined)}>
              <FormError />
              <Field control={form.control} name="email" label="Company Email">
                {(control) => (
                  <input
                    className="input"
                    type="email"
                    autoComplete="username"
                    placeholder="name@company.com"
                    {...control}
                  />
                )}
              </Field>
              <Field control={form.control} name="password" label="Password">
                {(control) => (
                  <input
                    className="input"
                    type="password"
                    autoComplete="current-password"
                    placeholder="Enter your password"
                    {...control}
                  />
                )}
              </Field>
              <SubmitButton className="staff-login-submit" pendingLabel="Logging in...">
                Login
              </SubmitButton>
            </Form>
            <div className="center staff-login-forgot">
              <button type="button" className="btn btn-ghost" onClick={() => setResetOpen(true)}>
                Forgot Password?
              </button>
            </div>
          </section>
        )}

        <div className="stack staff-login-side">
          <section className="card" aria-labelledby={`${ids}-levels-title`}>
            <h2 id={`${ids}-levels-title`} className="card-title">
              Staff Access Levels
            </h2>
            <ul className="staff-levels">
              {ACCESS_LEVELS.map((level) => (
                <li key={level.name}>
                  <span className="staff-level-name">{level.name}</span>
                  <span className="muted small">{level.description}</span>
                </li>
              ))}
            </ul>
          </section>
          <SystemDiagnostics titleId={`${ids}-diag-title`} />
        </div>
      </div>

      {resetOpen && <PasswordResetDialog onClose={() => setResetOpen(false)} />}
    </main>
  );
}

/** The System Diagnostics panel asks again every 30 s (its note says so). */
const HEALTH_POLL_MS = 30_000;

/** 'System Diagnostics' panel: API health from GET /api/health, polled every 30 s; Refresh is its retry. */
function SystemDiagnostics({ titleId }: { titleId: string }) {
  const health = useEndpointQuery(API.diagnostics.getHealth, undefined, { refetchInterval: HEALTH_POLL_MS });

  const body = (
    <QueryView
      query={health}
      loading={
        <div className="row" role="status">
          <div className="spinner staff-diag-spinner" aria-hidden="true" />
          <span className="muted">Checking system status...</span>
        </div>
      }
      error={(error) => (
        <>
          <strong>API unreachable.</strong> {(error as Error).message}
        </>
      )}
      retry={false}
    >
      {({ status, database }) => (
        <dl className="staff-diag-list">
          <div className="spread">
            <dt>API Status</dt>
            <dd>
              <span className={`badge ${status === 'ok' ? 'badge-success' : 'badge-warning'}`}>{status}</span>
            </dd>
          </div>
          <div className="spread">
            <dt>Database</dt>
            <dd>
              <span className={`badge ${database === 'connected' ? 'badge-success' : 'badge-danger'}`}>{database}</span>
            </dd>
          </div>
        </dl>
      )}
    </QueryView>
  );

  return (
    <section className="card" aria-labelledby={titleId} aria-live="polite">
      <div className="spread">
        <h2 id={titleId} className="card-title">
          System Diagnostics
        </h2>
        <button
          type="button"
          className="btn btn-outline staff-diag-refresh"
          onClick={() => void health.refetch()}
          disabled={health.isFetching}
        >
          {health.isFetching ? 'Checking...' : 'Refresh'}
        </button>
      </div>
      {body}
      <p className="muted small staff-diag-note">Refreshed automatically every 30 seconds.</p>
    </section>
  );
}

/**
 * The code step after a right password of a member with two-factor authentication on: a code from the app, or a
 * recovery code. The mfaToken lasts 5 minutes; after that, or when asked, the password form comes back.
 */
function CodeStepCard({
  mfaToken,
  onSignedIn,
  onRestart,
}: {
  mfaToken: string;
  onSignedIn: (token: string, user: SignedInUser) => void;
  onRestart: () => void;
}) {
  const ids = useId();
  const form = useZodForm(mfaCodeSchema, { defaultValues: { code: '' } });
  const verify = useEndpointMutation(API.staff.completeStaffMfaLogin, {
    onSuccess: (data) => onSignedIn(data.token, data.user),
    onError: (error) => {
      form.setValue('code', '');
      form.setError('root', { message: loginErrorMessage(error) });
    },
  });
  return (
    <section className="card" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="card-title">
        Two-Factor Authentication
      </h2>
      <p className="muted small">
        Enter the 6-digit code from your authenticator app. Lost your phone? Enter one of your recovery codes instead.
      </p>
      <Form
        form={form}
        onSubmit={({ code }) => verify.mutateAsync({ body: { mfaToken, code } }).catch(() => undefined)}
      >
        <FormError />
        <CodeField control={form.control} label="Code or recovery code" autoFocus />
        <SubmitButton className="staff-login-submit" pendingLabel="Verifying...">
          Verify and Sign In
        </SubmitButton>
      </Form>
      <div className="center staff-login-forgot">
        <button type="button" className="btn btn-ghost" onClick={onRestart}>
          Back to Sign In
        </button>
      </div>
    </section>
  );
}

/**
 * Shown instead of the login form when the account still has a temporary password (issued at creation or by a
 * reset): the staff member picks their own before any staff screen opens.
 */
function ChangePasswordCard({
  currentPassword,
  onChanged,
}: {
  currentPassword: string;
  onChanged: (user: SignedInUser) => void;
}) {
  const ids = useId();
  const form = useZodForm(choosePasswordFormSchema, {
    defaultValues: { currentPassword, newPassword: '', confirmPassword: '' },
  });

  const change = useEndpointMutation(API.staff.changeStaffPassword, {
    onSuccess: onChanged,
    onError: (failure) => {
      // The new password refused by a rule only the server knows (a common one) shows under its field.
      if (!applyServerIssues(form, failure))
        form.setError('root', { message: errorText(failure) || 'Failed to change password' });
    },
  });

  return (
    <section className="card" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="card-title">
        Choose a New Password
      </h2>
      <p className="muted small">You signed in with a temporary password. Choose your own password to continue.</p>
      <Form
        form={form}
        onSubmit={({ newPassword }) =>
          change.mutateAsync({ body: { currentPassword, newPassword } }).catch(() => undefined)
        }
      >
        <FormError />
        <Field control={form.control} name="newPassword" label="New Password">
          {(control) => <input className="input" type="password" autoComplete="new-password" autoFocus {...control} />}
        </Field>
        <Field control={form.control} name="confirmPassword" label="Confirm New Password">
          {(control) => <input className="input" type="password" autoComplete="new-password" {...control} />}
        </Field>
        <SubmitButton className="staff-login-submit" pendingLabel="Saving...">
          Set Password and Continue
        </SubmitButton>
      </Form>
    </section>
  );
}

/** 'Password Reset Request' dialog: creates a password_reset support ticket (spec 2 sections 2, 5, 7, 8). */
function PasswordResetDialog({ onClose }: { onClose: () => void }) {
  const toast = useToast();
  const form = useZodForm(passwordResetSchema, { defaultValues: { email: '' } });

  const resetRequest = useEndpointMutation(API.support.createPasswordResetTicket, {
    invalidates: [API.support.listTickets],
    success: {
      title: 'Password reset request submitted!',
      description: 'A support ticket has been created. Our support team will contact you within 24 hours.',
      variant: 'success',
    },
    failure: (error) => ({
      title: 'Password reset request failed',
      description: errorText(error) || 'Failed to submit password reset request',
      variant: 'destructive',
    }),
    onSuccess: onClose,
  });
  const requestReset = (email: string) =>
    resetRequest.mutateAsync({
      body: {
        title: 'Password Reset Request',
        description: `Password reset requested for ${email}`,
        category: 'password_reset',
        priority: 'medium',
        userEmail: email,
        userName: email.slice(0, email.indexOf('@')),
      },
    });

  return (
    <Dialog
      title="Password Reset Request"
      description="Enter your company email address. A support ticket will be created and our support team will contact you."
      onClose={onClose}
    >
      <Form
        form={form}
        onSubmit={({ email }) => requestReset(email).catch(() => undefined)}
        onInvalid={() => {
          // Spec 2 section 7: an empty address is also said in a toast.
          if (!form.getValues('email').trim())
            toast({ title: 'Please enter your email address', variant: 'destructive' });
        }}
      >
        <Field control={form.control} name="email" label="Company Email">
          {(control) => (
            <input className="input" type="email" autoComplete="email" placeholder="name@company.com" {...control} />
          )}
        </Field>
        <DialogActions
          onCancel={onClose}
          label="Submit Reset Request"
          pendingLabel="Creating Ticket..."
          pending={resetRequest.isPending}
        />
      </Form>
    </Dialog>
  );
}
