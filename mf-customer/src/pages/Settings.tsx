import { RequireCustomer, useCustomer, useEndpointQuery, useToast } from '@groupflow/shell-kit';
import {
  API,
  customerSettingsSchema,
  DEFAULT_CUSTOMER_SETTINGS,
  type CustomerSettingsInput,
} from '@groupflow/core/contracts';
import { Field, Form, SubmitButton, useZodForm } from '@groupflow/shell-kit/form';
import { AppLayout } from '../shared/AppSidebar.tsx';
import { SwitchField } from '@groupflow/shell-kit/switch-field';
import './customer.css';

type NotificationKey = keyof CustomerSettingsInput['notifications'];
const NOTIFICATION_LABELS: Record<NotificationKey, string> = {
  botStatus: 'Bot status changes',
  commandUsage: 'Command usage',
  errorAlerts: 'Error alerts',
  weeklyReports: 'Weekly reports',
};

/**
 * Settings (/settings, spec 1 section 2.9): saving stays in this browser; no call is made. One save button, kept in
 * view at the bottom of the form (the spec's second, "Save Changes", only duplicated it).
 */
export default function Settings() {
  // Spec 1 section 2.9: signed out, the page leaves for /.
  return (
    <RequireCustomer
      loading={
        <main className="page cd-center" role="status">
          <div className="spinner" aria-hidden="true" />
        </main>
      }
      error="Could not load your account. Please try again."
      retryLabel="Retry"
      redirectTo="/"
    >
      <SettingsForm />
    </RequireCustomer>
  );
}

function SettingsForm() {
  const toast = useToast();
  const user = useCustomer();
  const profile = useEndpointQuery(API.customer.getUserProfile);
  const form = useZodForm(customerSettingsSchema, { defaultValues: DEFAULT_CUSTOMER_SETTINGS });

  // Spec 1 section 2.9: saving stays in this browser; the schema only checks what was typed.
  const save = () => toast({ title: 'Settings saved successfully', variant: 'success' });
  const stats = profile.data?.stats;
  const memberSince = profile.data?.createdAt ? new Date(profile.data.createdAt).toLocaleDateString('en-US') : '—';

  return (
    <AppLayout user={user}>
      <Form form={form} onSubmit={save} className="stack" style={{ maxWidth: 900 }} aria-label="Settings">
        <div className="spread">
          <div>
            <h1>Settings</h1>
            <p className="muted">Manage your account, bot and notification preferences.</p>
          </div>
        </div>

        <section className="card st-section" aria-labelledby="st-profile">
          <h2 id="st-profile" className="card-title">
            User Profile
          </h2>
          <dl className="st-grid">
            <div>
              <dt className="muted small">Username</dt>
              <dd>{user.username}</dd>
            </div>
            <div>
              <dt className="muted small">Email</dt>
              <dd>{user.email ?? '—'}</dd>
            </div>
            <div>
              <dt className="muted small">Discord ID</dt>
              <dd>{user.discordId ?? '—'}</dd>
            </div>
            <div>
              <dt className="muted small">Member since</dt>
              <dd>{memberSince}</dd>
            </div>
            {stats && (
              <>
                <div>
                  <dt className="muted small">Total Bots</dt>
                  <dd>{stats.totalBots}</dd>
                </div>
                <div>
                  <dt className="muted small">Active Bots</dt>
                  <dd>{stats.activeBots}</dd>
                </div>
                <div>
                  <dt className="muted small">Commands Used</dt>
                  <dd>{stats.totalCommands}</dd>
                </div>
                <div>
                  <dt className="muted small">Status</dt>
                  <dd>
                    <span className={`badge ${profile.data?.isVerified ? 'cd-badge-green' : 'cd-badge-yellow'}`}>
                      {profile.data?.isVerified ? 'Verified' : 'Unverified'}
                    </span>
                  </dd>
                </div>
              </>
            )}
          </dl>
          {profile.isError && <p className="cd-error-text small">Profile statistics could not be loaded.</p>}
        </section>

        <section className="card st-section" aria-labelledby="st-api">
          <h2 id="st-api" className="card-title">
            API Configuration
          </h2>
          <p className="muted small">
            GroupFlow never asks for your Roblox password or cookie. A group&apos;s Open Cloud API key is entered in
            that group&apos;s workspace settings.
          </p>
          <Field control={form.control} name="discordWebhook" label="Discord Webhook">
            {(control) => <input className="input" type="url" {...control} />}
          </Field>
          <Field control={form.control} name="backupInterval" label="Backup Interval (hours)">
            {(control) => <input className="input" type="number" min={1} inputMode="numeric" {...control} />}
          </Field>
        </section>

        <section className="card st-section" aria-labelledby="st-notifications">
          <h2 id="st-notifications" className="card-title">
            Notification Preferences
          </h2>
          {(Object.keys(NOTIFICATION_LABELS) as NotificationKey[]).map((key) => (
            <SwitchField
              key={key}
              control={form.control}
              name={`notifications.${key}`}
              label={NOTIFICATION_LABELS[key]}
            />
          ))}
        </section>

        <section className="card st-section" aria-labelledby="st-security">
          <h2 id="st-security" className="card-title">
            Security &amp; Privacy
          </h2>
          <p className="muted">
            You sign in with Discord; GroupFlow never sees your Discord password. Sessions end when you log out.
          </p>
        </section>

        <section className="card st-section" aria-labelledby="st-database">
          <h2 id="st-database" className="card-title">
            Database Management
          </h2>
          <ul className="muted">
            <li>Logs are kept for 30 days.</li>
            <li>User data is kept indefinitely.</li>
            <li>Database operations can be reverted within 24 hours.</li>
          </ul>
        </section>

        <div className="st-save">
          <SubmitButton>Save Settings</SubmitButton>
        </div>
      </Form>
    </AppLayout>
  );
}
