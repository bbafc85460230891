import { useCallback, useEffect, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { HttpError, useToast } from '@groupflow/shell-kit';
import { canViewSupportTickets, isStaffRole } from '@groupflow/core/contracts';
import { useTicketStream } from '../tickets/tickets.ts';
import { useSessionExpired, useStaffSession } from '../tickets/useStaffSession.ts';
import { AdvancedToolsTab, AnalyticsTab, AutomationTab } from './sampleTabs.tsx';
import { TicketsTab } from './TicketsTab.tsx';
import './support-tickets.css';

const TABS = ['Tickets', 'Analytics', 'Advanced Tools', 'Automation'] as const;
type Tab = (typeof TABS)[number];

/** /support-tickets (spec 2 section 2); admitted roles per section 6. */
export default function SupportTickets() {
  const { user, token } = useStaffSession();
  const navigate = useNavigate();
  const toast = useToast();
  const expired = useSessionExpired();
  const [tab, setTab] = useState<Tab>('Tickets');
  const allowed = user !== undefined && isStaffRole(user.role) && canViewSupportTickets(user.role);
  const live = useTicketStream(token, allowed);

  useEffect(() => {
    if (user && !allowed) {
      toast({ title: 'Access Denied', description: "You don't have permission to view support tickets", variant: 'destructive' });
      navigate('/staff-dashboard', { replace: true });
    }
  }, [user, allowed, navigate, toast]);

  const onListError = useCallback(
    (error: unknown) => {
      if (error instanceof HttpError && error.status === 401) expired();
    },
    [expired],
  );

  if (!allowed) {
    return (
      <main className="page center" aria-busy="true">
        <div className="spinner" aria-label="Loading" />
      </main>
    );
  }

  // Arrow keys move between tabs, as in the WAI-ARIA tabs pattern.
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step) setTab(TABS[(TABS.indexOf(tab) + step + TABS.length) % TABS.length]!);
  };

  return (
    <main className="page container stack support-tickets">
      <header className="spread">
        <div>
          <h1>Support Tickets</h1>
          <p className="muted">Manage customer support requests</p>
        </div>
        <button type="button" className="btn btn-outline" onClick={() => navigate('/staff-dashboard')}>
          Back to Dashboard
        </button>
      </header>
      <div className="row support-tabs" role="tablist" aria-label="Support ticket views">
        {TABS.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            id={`tab-${t}`}
            aria-selected={t === tab}
            tabIndex={t === tab ? 0 : -1}
            className={`btn ${t === tab ? 'btn-primary' : 'btn-ghost'}`}
            onClick={() => setTab(t)}
            onKeyDown={onTabKey}
          >
            {t}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-labelledby={`tab-${tab}`}>
        {tab === 'Tickets' && <TicketsTab user={user} live={live} onUnauthorized={onListError} />}
        {tab === 'Analytics' && <AnalyticsTab />}
        {tab === 'Advanced Tools' && <AdvancedToolsTab />}
        {tab === 'Automation' && <AutomationTab />}
      </div>
    </main>
  );
}
