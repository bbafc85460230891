import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, HttpError, queryKeys, STAFF_TOKEN_KEY, storeStaffSession, useToast } from '@groupflow/shell-kit';
import {
  changePasswordSchema,
  fieldErrors as zodFieldErrors,
  staffLoginSchema,
  type ChangePasswordInput,
  type StaffLoginInput,
} from '@groupflow/core/contracts';
import { Dialog, DialogActions } from '@groupflow/shell-kit/dialog';
import type { StaffUser } from '../staff/staffUser.ts';
import './staff.css';
import './staff-login.css';

interface StaffLoginResponse {
  token: string;
  user: StaffUser;
}

/** GET /api/health (spec 3): status, database (connected or not), recovery. */
interface HealthResponse {
  status?: string;
  database?: string | boolean;
  recovery?: unknown;
}

type LoginField = keyof StaffLoginInput;
type LoginFieldErrors = Partial<Record<LoginField, string | undefined>>;

const ACCESS_LEVELS = [
  { name: 'Platform Owner', description: 'Full system access and control over every staff tool.' },
  { name: 'Leadership', description: 'Executive oversight, HR tools and staff management.' },
  { name: 'Directors', description: 'Department management and support oversight.' },
  { name: 'Support', description: 'Customer support tickets and live support chat.' },
] as const;

function isLoginField(key: unknown): key is LoginField {
  return key === 'email' || key === 'password';
}

/** Error text of a failed login: server message, else 'Login failed', else 'Invalid email or password' (spec 2 section 8). */
function loginErrorMessage(error: unknown): string {
  if (error instanceof HttpError) return error.serverMessage || 'Login failed';
  if (error instanceof Error && error.message) return error.message;
  return 'Invalid email or password';
}

function databaseLabel(database: HealthResponse['database']): { text: string; ok: boolean } {
  if (typeof database === 'boolean') return { text: database ? 'Connected' : 'Disconnected', ok: database };
  if (!database) return { text: 'Unknown', ok: false };
  return { text: database, ok: /^(connected|ok|healthy|up)$/i.test(database) };
}

export default function StaffLogin() {
  const navigate = useNavigate();
  const toast = useToast();
  const ids = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<LoginFieldErrors>({});
  const [loginError, setLoginError] = useState<string | null>(null);
  const [resetOpen, setResetOpen] = useState(false);
  const [temporaryLogin, setTemporaryLogin] = useState<{ password: string } | null>(null);

  const finishLogin = (user: StaffUser) => {
    storeStaffSession(user);
    toast({ title: 'Login successful! Welcome back.', variant: 'success' });
    navigate('/staff-dashboard');
  };

  const login = useMutation({
    mutationFn: async (body: StaffLoginInput) => {
      const data = await apiJson<StaffLoginResponse>('/api/staff/login', 'POST', body);
      if (!data?.token || !data.user) throw new Error('Login failed');
      return data;
    },
    onSuccess: (data, body) => {
      // Only the token for now: without a stored user no staff screen admits them until the password is changed.
      localStorage.setItem(STAFF_TOKEN_KEY, data.token);
      if (data.user.mustChangePassword) setTemporaryLogin({ password: body.password });
      else finishLogin(data.user);
    },
    onError: (error) => setLoginError(loginErrorMessage(error)),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    setLoginError(null);
    const parsed = staffLoginSchema.safeParse({ email, password });
    if (!parsed.success) {
      const next: LoginFieldErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if (isLoginField(key) && !next[key]) next[key] = issue.message;
      }
      setFieldErrors(next);
      return;
    }
    setFieldErrors({});
    login.mutate(parsed.data);
  };

  const emailId = `${ids}-email`;
  const passwordId = `${ids}-password`;

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
        {temporaryLogin ? (
          <ChangePasswordCard currentPassword={temporaryLogin.password} onChanged={finishLogin} />
        ) : (
          <section className="card" aria-labelledby={`${ids}-login-title`}>
            <h2 id={`${ids}-login-title`} className="card-title">
              Staff Portal Access
            </h2>
            <p className="muted small">Authorized personnel only.</p>
            <form onSubmit={onSubmit} noValidate>
              {loginError && (
                <div className="alert alert-danger staff-login-alert" role="alert">
                  {loginError}
                </div>
              )}
              <div className="field">
                <label className="label" htmlFor={emailId}>
                  Company Email
                </label>
                <input
                  id={emailId}
                  className="input"
                  type="email"
                  autoComplete="username"
                  placeholder="name@company.com"
                  value={email}
                  onChange={(event) => {
                    setEmail(event.target.value);
                    if (fieldErrors.email) setFieldErrors((current) => ({ ...current, email: undefined }));
                  }}
                  aria-invalid={fieldErrors.email ? true : undefined}
                  aria-describedby={fieldErrors.email ? `${emailId}-error` : undefined}
                />
                {fieldErrors.email && (
                  <p id={`${emailId}-error`} className="field-error">
                    {fieldErrors.email}
                  </p>
                )}
              </div>
              <div className="field">
                <label className="label" htmlFor={passwordId}>
                  Password
                </label>
                <input
                  id={passwordId}
                  className="input"
                  type="password"
                  autoComplete="current-password"
                  placeholder="Enter your password"
                  value={password}
                  onChange={(event) => {
                    setPassword(event.target.value);
                    if (fieldErrors.password) setFieldErrors((current) => ({ ...current, password: undefined }));
                  }}
                  aria-invalid={fieldErrors.password ? true : undefined}
                  aria-describedby={fieldErrors.password ? `${passwordId}-error` : undefined}
                />
                {fieldErrors.password && (
                  <p id={`${passwordId}-error`} className="field-error">
                    {fieldErrors.password}
                  </p>
                )}
              </div>
              <button
                type="submit"
                className="btn btn-primary staff-login-submit"
                disabled={login.isPending}
                aria-busy={login.isPending || undefined}
              >
                {login.isPending ? 'Logging in...' : 'Login'}
              </button>
            </form>
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

/** 'System Diagnostics' panel: API health from GET /api/health, polled every 30 s. */
function SystemDiagnostics({ titleId }: { titleId: string }) {
  const health = useQuery({
    queryKey: queryKeys.system.health(),
    queryFn: () => apiJson<HealthResponse>('/api/health'),
    refetchInterval: 30_000,
  });

  let body;
  if (health.isPending) {
    body = (
      <div className="row" role="status">
        <div className="spinner staff-diag-spinner" aria-hidden="true" />
        <span className="muted">Checking system status...</span>
      </div>
    );
  } else if (health.isError) {
    body = (
      <div className="alert alert-danger" role="alert">
        <strong>API unreachable.</strong> {health.error.message}
      </div>
    );
  } else {
    const status = health.data.status ?? 'unknown';
    const statusOk = /^(ok|healthy|up)$/i.test(status);
    const database = databaseLabel(health.data.database);
    body = (
      <dl className="staff-diag-list">
        <div className="spread">
          <dt>API Status</dt>
          <dd>
            <span className={`badge ${statusOk ? 'badge-success' : 'badge-warning'}`}>{status}</span>
          </dd>
        </div>
        <div className="spread">
          <dt>Database</dt>
          <dd>
            <span className={`badge ${database.ok ? 'badge-success' : 'badge-danger'}`}>{database.text}</span>
          </dd>
        </div>
      </dl>
    );
  }

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
 * Shown instead of the login form when the account still has a temporary password (issued at creation or by a
 * reset): the staff member picks their own before any staff screen opens.
 */
function ChangePasswordCard({ currentPassword, onChanged }: { currentPassword: string; onChanged: (user: StaffUser) => void }) {
  const ids = useId();
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const change = useMutation({
    mutationFn: (body: ChangePasswordInput) =>
      apiJson<StaffUser>('/api/staff/change-password', 'POST', body),
    onSuccess: onChanged,
    onError: (failure) => setError((failure instanceof HttpError && failure.serverMessage) || 'Failed to change password'),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    const parsed = changePasswordSchema.safeParse({ currentPassword, newPassword });
    if (!parsed.success) {
      setError(zodFieldErrors(parsed.error).newPassword ?? 'Password must be at least 6 characters');
      return;
    }
    if (newPassword !== confirmPassword) {
      setError('The passwords do not match');
      return;
    }
    if (newPassword === currentPassword) {
      setError('Choose a password different from the temporary one');
      return;
    }
    setError(null);
    change.mutate(parsed.data);
  };

  const newId = `${ids}-new`;
  const confirmId = `${ids}-confirm`;
  return (
    <section className="card" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="card-title">
        Choose a New Password
      </h2>
      <p className="muted small">You signed in with a temporary password. Choose your own password to continue.</p>
      <form onSubmit={onSubmit} noValidate>
        {error && (
          <div className="alert alert-danger staff-login-alert" role="alert">
            {error}
          </div>
        )}
        <div className="field">
          <label className="label" htmlFor={newId}>
            New Password
          </label>
          <input
            id={newId}
            className="input"
            type="password"
            autoComplete="new-password"
            autoFocus
            value={newPassword}
            onChange={(event) => setNewPassword(event.target.value)}
          />
        </div>
        <div className="field">
          <label className="label" htmlFor={confirmId}>
            Confirm New Password
          </label>
          <input
            id={confirmId}
            className="input"
            type="password"
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(event) => setConfirmPassword(event.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary staff-login-submit" disabled={change.isPending} aria-busy={change.isPending || undefined}>
          {change.isPending ? 'Saving...' : 'Set Password and Continue'}
        </button>
      </form>
    </section>
  );
}

/** 'Password Reset Request' dialog: creates a password_reset support ticket (spec 2 sections 2, 5, 7, 8). */
function PasswordResetDialog({ onClose }: { onClose: () => void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const ids = useId();
  const [resetEmail, setResetEmail] = useState('');

  const resetRequest = useMutation({
    mutationFn: (email: string) =>
      apiJson<unknown>('/api/support/tickets', 'POST', {
        title: 'Password Reset Request',
        description: `Password reset requested for ${email}`,
        category: 'password_reset',
        priority: 'medium',
        userEmail: email,
        userName: email.split('@')[0],
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.support.tickets() });
      toast({
        title: 'Password reset request submitted!',
        description: 'A support ticket has been created. Our support team will contact you within 24 hours.',
        variant: 'success',
      });
      onClose();
    },
    onError: (error) => {
      const serverMessage = error instanceof HttpError ? error.serverMessage : undefined;
      toast({
        title: 'Password reset request failed',
        description: serverMessage || 'Failed to submit password reset request',
        variant: 'destructive',
      });
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (resetRequest.isPending) return;
    const email = resetEmail.trim();
    if (!email) {
      toast({ title: 'Please enter your email address', variant: 'destructive' });
      return;
    }
    resetRequest.mutate(email);
  };

  const inputId = `${ids}-email`;

  return (
    <Dialog
      title="Password Reset Request"
      description="Enter your company email address. A support ticket will be created and our support team will contact you."
      onClose={onClose}
    >
        <form onSubmit={onSubmit} noValidate>
          <div className="field">
            <label className="label" htmlFor={inputId}>
              Company Email
            </label>
            <input
              id={inputId}
              className="input"
              type="email"
              autoComplete="email"
              placeholder="name@company.com"
              value={resetEmail}
              onChange={(event) => setResetEmail(event.target.value)}
            />
          </div>
          <DialogActions
            onCancel={onClose}
            label="Submit Reset Request"
            pendingLabel="Creating Ticket..."
            pending={resetRequest.isPending}
          />
        </form>
    </Dialog>
  );
}
