import { useEffect, useState, type ReactNode } from 'react';
import { Link } from '@groupflow/shell-kit/router';
import { EmptyState, QueryView, SampleLabel } from '@groupflow/shell-kit';
import type { PublicCustomerWire as CurrentUser } from '@groupflow/core/contracts';
import {
  FIXED_ACTIVE_GROUPS,
  FIXED_VERIFICATION_RATE,
  PLANS,
  SAMPLE_ACCOUNT,
  SAMPLE_SERVERS,
  SERVER_STATS,
  type VerifiedAccount,
} from './sampleData.ts';
import { linkedAccount, useServerFigures, useVerificationFigures } from './liveFigures.ts';
import { Icon } from '../../shared/icons.tsx';
import { AddAccountDialog } from '../roblox/AddAccountDialog.tsx';
import '../roblox/roblox.css';

const ACCOUNTS_KEY = 'groupflow.verifiedAccounts';

/** Accounts verified in this browser session through Add Account (spec 1 section 2.3: session only). */
function useSessionAccounts() {
  const [accounts, setAccounts] = useState<VerifiedAccount[]>(() => {
    try {
      const stored = sessionStorage.getItem(ACCOUNTS_KEY);
      return stored ? (JSON.parse(stored) as VerifiedAccount[]) : [];
    } catch {
      return [];
    }
  });
  useEffect(() => {
    sessionStorage.setItem(ACCOUNTS_KEY, JSON.stringify(accounts));
  }, [accounts]);
  return [accounts, setAccounts] as const;
}

/** A figure card; `null` is a figure still loading. */
function StatCard({ label, value }: { label: string; value: string | number | null }) {
  return (
    <div className="card">
      <div className="muted small">{label}</div>
      <div className="cd-figure">{value ?? '…'}</div>
    </div>
  );
}

function ViewHeader({ title, sample, children }: { title: string; sample: boolean; children?: ReactNode }) {
  return (
    <div className="spread">
      <h2 className="row">
        {title}
        {sample && <SampleLabel />}
      </h2>
      {children}
    </div>
  );
}

/**
 * Verified accounts: the customer's linked Roblox account and those verified in this session; with no customer
 * (Demo Mode) the spec's sample account and fixed figures, labelled Sample.
 */
export function VerificationsView({ user }: { user: CurrentUser | null }) {
  const [added, setAdded] = useSessionAccounts();
  const [adding, setAdding] = useState(false);
  const linked = user ? linkedAccount(user) : SAMPLE_ACCOUNT;
  const accounts = [...(linked ? [linked] : []), ...added.filter((account) => account.id !== linked?.id)];
  return (
    <div className="stack">
      <ViewHeader title="Roblox Verifications" sample={!user}>
        <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
          Add Account
        </button>
      </ViewHeader>
      {adding && (
        <AddAccountDialog
          codeLength={8}
          onClose={() => setAdding(false)}
          onVerified={(account) =>
            setAdded((list) => [
              ...list.filter((entry) => entry.id !== account.id),
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
      {user ? (
        <LiveVerificationFigures user={user} accounts={accounts.length} />
      ) : (
        <div className="grid-3">
          <StatCard label="Verified Accounts" value={accounts.length} />
          <StatCard label="Active Groups" value={FIXED_ACTIVE_GROUPS} />
          <StatCard label="Verification Rate" value={FIXED_VERIFICATION_RATE} />
        </div>
      )}
      <div className="card">
        {accounts.length === 0 ? (
          <EmptyState
            title="No accounts verified"
            description="Add an account, or link yours on the Verify page."
            action={
              <Link className="btn btn-outline" to="/verify">
                Link my Roblox account
              </Link>
            }
          />
        ) : (
          <ul className="stack db-accounts">
            {accounts.map((account) => (
              <li key={account.id} className="db-list-item">
                <span className="cd-server-icon cd-server-placeholder" aria-hidden="true">
                  {account.username.charAt(0).toUpperCase()}
                </span>
                <div className="db-list-text">
                  <strong>{account.username}</strong>
                  <div className="muted small">ID: {account.userId}</div>
                </div>
                <span className="badge cd-badge-green">{account.verified ? 'Verified' : 'Linked'}</span>
                {account !== linked && (
                  <button
                    type="button"
                    className="btn btn-ghost"
                    aria-label={`Remove ${account.username}`}
                    onClick={() => setAdded((list) => list.filter((entry) => entry.id !== account.id))}
                  >
                    <Icon name="trash" />
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function LiveVerificationFigures({ user, accounts }: { user: CurrentUser; accounts: number }) {
  const figures = useVerificationFigures(user);
  return (
    <div className="grid-3">
      <StatCard label="Verified Accounts" value={accounts} />
      <StatCard label="Active Groups" value={figures.activeGroups} />
      <StatCard label="Verification Rate" value={figures.verificationRate} />
    </div>
  );
}

function ServerCard({ name, lines, connected }: { name: string; lines: string[]; connected: boolean }) {
  return (
    <div className="card stack">
      <div className="spread">
        <strong>{name}</strong>
        <span className={`badge ${connected ? 'cd-badge-green' : 'cd-badge-red'}`}>
          {connected ? 'connected' : 'disconnected'}
        </span>
      </div>
      {lines.map((line) => (
        <div key={line} className="muted small">
          {line}
        </div>
      ))}
    </div>
  );
}

function ModeToggle({ mode, setMode }: { mode: 'grid' | 'list'; setMode: (mode: 'grid' | 'list') => void }) {
  return (
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
  );
}

/** The customer's servers with the bot (GET /api/servers) and their figures; Demo Mode shows the spec's samples. */
export function ServersView({ user }: { user: CurrentUser | null }) {
  const [mode, setMode] = useState<'grid' | 'list'>('grid');
  const header = (
    <ViewHeader title="Manage Servers" sample={!user}>
      <div className="row">
        <ModeToggle mode={mode} setMode={setMode} />
        <Link to="/add-to-server" className="btn btn-primary">
          Invite Bot
        </Link>
      </div>
    </ViewHeader>
  );
  if (!user) {
    return (
      <div className="stack">
        {header}
        <div className="grid-3">
          {SERVER_STATS.map((stat) => (
            <StatCard key={stat.label} label={stat.label} value={stat.value} />
          ))}
        </div>
        <div className={mode === 'grid' ? 'grid-2' : 'db-list-mode'}>
          {SAMPLE_SERVERS.map((server) => (
            <ServerCard
              key={server.id}
              name={server.name}
              connected={server.botStatus === 'connected'}
              lines={[
                `${server.memberCount.toLocaleString('en-US')} members`,
                `${server.commands} commands used`,
                `Last activity: ${server.lastActivity}`,
              ]}
            />
          ))}
        </div>
      </div>
    );
  }
  return (
    <div className="stack">
      {header}
      <LiveServers mode={mode} />
    </div>
  );
}

function LiveServers({ mode }: { mode: 'grid' | 'list' }) {
  const { servers, commandsUsed, uptime } = useServerFigures();
  return (
    <QueryView query={servers} loading="Loading servers..." error="Could not load your servers.">
      {(list) => (
        <>
          <div className="grid-3">
            <StatCard label="Total Servers" value={list.length} />
            <StatCard
              label="Total Members"
              value={list.reduce((sum, server) => sum + server.memberCount, 0).toLocaleString('en-US')}
            />
            <StatCard label="Commands Used" value={commandsUsed} />
            <StatCard label="Uptime (bot, 30 days)" value={uptime} />
          </div>
          {list.length === 0 ? (
            <EmptyState
              title="No servers yet"
              description="Invite the bot to a server you manage and it appears here."
              action={
                <Link to="/add-to-server" className="btn btn-primary">
                  Add to Server
                </Link>
              }
            />
          ) : (
            <div className={mode === 'grid' ? 'grid-2' : 'db-list-mode'}>
              {list.map((server) => (
                <ServerCard
                  key={server.id}
                  name={server.name}
                  connected={server.botConnected}
                  lines={[`${server.memberCount.toLocaleString('en-US')} members`]}
                />
              ))}
            </div>
          )}
        </>
      )}
    </QueryView>
  );
}

export function SubscriptionsView() {
  return (
    <div className="stack">
      <h2>Subscriptions</h2>
      <div className="card db-plan-current">
        <div className="muted small">Current plan</div>
        <strong>Free Plan</strong>
      </div>
      <div className="grid-3">
        {PLANS.map((plan) => (
          <div key={plan.name} className={`card stack${plan.current ? ' db-plan-current' : ''}`}>
            <div className="spread">
              <h3 className="card-title">{plan.name}</h3>
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
            {plan.current ? (
              <span className="muted small">Your current plan</span>
            ) : (
              // Issue 36: no payment provider is connected, so an upgrade button would do nothing.
              <span className="muted small">Upgrades to {plan.name} open soon: no payment is taken yet.</span>
            )}
          </div>
        ))}
      </div>
    </div>
  );
}
