import { useEffect, useState } from 'react';
import {
  FIXED_ACTIVE_GROUPS,
  FIXED_VERIFICATION_RATE,
  PLANS,
  SAMPLE_ACCOUNT,
  SAMPLE_SERVERS,
  SERVER_STATS,
  type VerifiedAccount,
} from './sampleData.ts';
import { Icon } from '../../shared/icons.tsx';
import { AddAccountDialog } from '../roblox/AddAccountDialog.tsx';
import '../roblox/roblox.css';

const ACCOUNTS_KEY = 'groupflow.verifiedAccounts';

/** The verified-account list lives only in this browser session and starts with one sample entry. */
function useSessionAccounts() {
  const [accounts, setAccounts] = useState<VerifiedAccount[]>(() => {
    try {
      const stored = sessionStorage.getItem(ACCOUNTS_KEY);
      return stored ? (JSON.parse(stored) as VerifiedAccount[]) : [SAMPLE_ACCOUNT];
    } catch {
      return [SAMPLE_ACCOUNT];
    }
  });
  useEffect(() => {
    sessionStorage.setItem(ACCOUNTS_KEY, JSON.stringify(accounts));
  }, [accounts]);
  return [accounts, setAccounts] as const;
}

function StatCard({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="card">
      <div className="muted small">{label}</div>
      <div className="cd-figure">{value}</div>
    </div>
  );
}

export function VerificationsView() {
  const [accounts, setAccounts] = useSessionAccounts();
  const [adding, setAdding] = useState(false);
  return (
    <div className="stack">
      <div className="spread">
        <h1>Roblox Verifications</h1>
        <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
          Add Account
        </button>
      </div>
      {adding && (
        <AddAccountDialog
          codeLength={8}
          onClose={() => setAdding(false)}
          onVerified={(account) =>
            setAccounts((list) => [
              ...list.filter((entry) => String(entry.userId) !== account.id),
              {
                id: account.id,
                username: account.name,
                displayName: account.displayName,
                userId: Number(account.id),
                verified: true,
                addedAt: new Date().toISOString(),
              },
            ])
          }
        />
      )}
      <div className="grid-3">
        <StatCard label="Verified Accounts" value={accounts.length} />
        <StatCard label="Active Groups" value={FIXED_ACTIVE_GROUPS} />
        <StatCard label="Verification Rate" value={FIXED_VERIFICATION_RATE} />
      </div>
      <div className="card">
        {accounts.length === 0 ? (
          <p className="muted center">No accounts verified</p>
        ) : (
          <ul className="stack" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {accounts.map((account) => (
              <li key={account.id} className="db-list-item">
                <span className="cd-server-icon cd-server-placeholder" aria-hidden="true">
                  {account.username.charAt(0).toUpperCase()}
                </span>
                <div style={{ flex: 1 }}>
                  <strong>{account.username}</strong>
                  <div className="muted small">ID: {account.userId}</div>
                </div>
                <span className="badge cd-badge-green">Verified</span>
                <button type="button" className="btn btn-ghost" aria-label={`Remove ${account.username}`}>
                  <Icon name="trash" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

export function ServersView() {
  const [mode, setMode] = useState<'grid' | 'list'>('grid');
  return (
    <div className="stack">
      <div className="spread">
        <h1>Manage Servers</h1>
        <div className="row">
          <div className="row" role="group" aria-label="View mode">
            {(['grid', 'list'] as const).map((value) => (
              <button
                key={value}
                type="button"
                className={`btn ${mode === value ? 'btn-primary' : 'btn-outline'}`}
                aria-pressed={mode === value}
                onClick={() => setMode(value)}
              >
                {value === 'grid' ? 'Grid' : 'List'}
              </button>
            ))}
          </div>
          <button type="button" className="btn btn-primary">
            Invite Bot
          </button>
        </div>
      </div>
      <div className="grid-3">
        {SERVER_STATS.map((stat) => (
          <StatCard key={stat.label} label={stat.label} value={stat.value} />
        ))}
      </div>
      <div className={mode === 'grid' ? 'grid-2' : 'db-list-mode'}>
        {SAMPLE_SERVERS.map((server) => (
          <div key={server.id} className="card stack">
            <div className="spread">
              <strong>{server.name}</strong>
              <span className={`badge ${server.botStatus === 'connected' ? 'cd-badge-green' : 'cd-badge-red'}`}>
                {server.botStatus}
              </span>
            </div>
            <div className="muted small">{server.memberCount.toLocaleString('en-US')} members</div>
            <div className="muted small">{server.commands} commands used</div>
            <div className="muted small">Last activity: {server.lastActivity}</div>
            <div className="row">
              <button type="button" className="btn btn-outline">
                Manage
              </button>
              <button type="button" className="btn btn-ghost" aria-label={`Settings for ${server.name}`}>
                <Icon name="gear" />
              </button>
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

export function SubscriptionsView() {
  return (
    <div className="stack">
      <h1>Subscriptions</h1>
      <div className="card db-plan-current">
        <div className="muted small">Current plan</div>
        <strong>Free Plan</strong>
      </div>
      <div className="grid-3">
        {PLANS.map((plan) => (
          <div key={plan.name} className={`card stack${plan.current ? ' db-plan-current' : ''}`}>
            <div className="spread">
              <h2 className="card-title">{plan.name}</h2>
              {plan.popular && <span className="badge">Popular</span>}
              {plan.current && <span className="badge cd-badge-green">Current</span>}
            </div>
            <div>
              <span className="db-price">{plan.price}</span>
              <span className="muted">/month</span>
            </div>
            <ul>
              {plan.features.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
            <button
              type="button"
              className={`btn ${plan.current ? 'btn-outline' : 'btn-primary'}`}
              disabled={plan.current}
            >
              {plan.current ? 'Current Plan' : `Upgrade to ${plan.name}`}
            </button>
          </div>
        ))}
      </div>
    </div>
  );
}
