import { useId, type ReactNode } from 'react';
import { ROLE_INFO } from '@groupflow/core/contracts';
import { formatLastLogin, roleName } from '../staff/staffUser.ts';
import type { StaffUser } from '@groupflow/core/contracts';

/**
 * The person card shared by Chain of Command and Manage Users; each screen adds its own details as children. The
 * dot is the clock state (green while clocked in), so it never contradicts the "Clocked In/Out" line beside it.
 */
export function StaffMemberCard({ user, children }: { user: StaffUser; children?: ReactNode }) {
  const group = ROLE_INFO[user.role].group;
  return (
    <article className="card staff-member" aria-label={user.username}>
      <div className="spread">
        <div className="row staff-member-name">
          <span
            className={`staff-dot ${user.clockedIn ? 'staff-dot-on' : 'staff-dot-off'}`}
            role="img"
            aria-label={user.clockedIn ? 'Clocked in' : 'Clocked out'}
            title={user.clockedIn ? 'Clocked in' : 'Clocked out'}
          />
          <h3>{user.username}</h3>
        </div>
        <span className={`badge staff-role staff-role-${group === 'Support Staff' ? 'support' : group.toLowerCase()}`}>
          {roleName(user.role)}
        </span>
      </div>
      <p className="muted small staff-member-email">{user.email}</p>
      <p className="small staff-member-meta">Last login: {formatLastLogin(user.lastLogin)}</p>
      {children}
    </article>
  );
}

export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: string; actions?: ReactNode }) {
  return (
    <header className="spread staff-page-header">
      <div>
        <h1>{title}</h1>
        {subtitle && <p className="muted">{subtitle}</p>}
      </div>
      {actions && <div className="row">{actions}</div>}
    </header>
  );
}

export function SummaryCard({ title, items }: { title: string; items: readonly [label: string, value: number][] }) {
  const id = useId();
  return (
    <section className="card staff-section" aria-labelledby={id}>
      <h2 id={id} className="card-title">
        {title}
      </h2>
      <dl className="staff-summary">
        {items.map(([label, value]) => (
          <div key={label} className="staff-summary-tile">
            <dt className="muted small">{label}</dt>
            <dd className="staff-summary-value">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
