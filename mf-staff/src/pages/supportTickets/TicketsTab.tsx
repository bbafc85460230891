import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  endpointPrefix,
  PagedListFooter,
  QueryView,
  useDebouncedValue,
  useEndpointMutation,
  usePagedList,
} from '@groupflow/shell-kit';
import { AlertDialog } from '@groupflow/shell-kit/dialog';
import { Select } from '@groupflow/shell-kit/select';
import {
  API,
  canResetPasswords,
  LIMITS,
  TICKET_STATUS_VALUES,
  type Endpoint,
  type StaffTicket,
  type Ticket,
} from '@groupflow/core/contracts';
import { PRIORITY_BADGE, STATUS_BADGE, statusText } from '../tickets/tickets.ts';
import type { StaffUser } from '@groupflow/core/contracts';
import { TicketChatDialog } from './TicketChatDialog.tsx';
import { LabelChips, TicketLabelsDialog } from './TicketLabels.tsx';
import { ResetStaffPasswordDialog } from '../../components/ResetStaffPasswordDialog.tsx';
import { errorText } from '../../errorTexts.ts';

/** Spec 2 section 7: the ticket list every 30 s, only while the event stream is down. */
const LIST_POLL_MS = 30_000;
/** The search asks the server once typing pauses this long, not on every keystroke. */
const SEARCH_DEBOUNCE_MS = 300;
const STATUS_LABELS: Record<Ticket['status'], string> = {
  open: 'Open',
  in_progress: 'In Progress',
  waiting_response: 'Waiting Response',
  closed: 'Closed',
  resolved: 'Resolved',
};

const dueTime = (iso: string) =>
  new Date(iso).toLocaleString([], { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

/** The clock still running: the first reply's, else the resolution's (issue 39); nothing once both stopped. */
function slaDue(sla: StaffTicket['sla']): string {
  if (sla.firstResponseDueAt) return ` · Reply by ${dueTime(sla.firstResponseDueAt)}`;
  if (sla.resolutionDueAt) return ` · Resolve by ${dueTime(sla.resolutionDueAt)}`;
  return '';
}

/** One ticket call with its spec 2 success and failure toasts; the list refetches after success. */
const useTicketAction = <E extends Endpoint>(definition: E, success: string, failure: string) =>
  useEndpointMutation(definition, { invalidates: [API.support.listTickets], success, failure });

/** The Tickets tab of /support-tickets (spec 2 section 2). */
export function TicketsTab({ user, live }: { user: StaffUser; live: boolean }) {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [chatTicket, setChatTicket] = useState<Ticket | null>(null);
  const [deleting, setDeleting] = useState<Ticket | null>(null);
  const [resetting, setResetting] = useState<Ticket | null>(null);
  const [labelling, setLabelling] = useState<Ticket | null>(null);
  const [label, setLabel] = useState('');
  const [breachedOnly, setBreachedOnly] = useState(false);

  // The server searches every ticket (title, email, category), not only the pages loaded so far.
  const query = {
    search: useDebouncedValue(search, SEARCH_DEBOUNCE_MS).trim() || undefined,
    label: useDebouncedValue(label, SEARCH_DEBOUNCE_MS).trim() || undefined,
    sla: breachedOnly ? ('breached' as const) : undefined,
  };
  const tickets = usePagedList(API.support.listTickets, {
    query,
    refetchInterval: live ? false : LIST_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: endpointPrefix(API.support.listTickets) });

  const claim = useTicketAction(API.support.claimTicket, 'Ticket claimed successfully!', 'Failed to claim ticket');
  const release = useTicketAction(
    API.support.releaseTicket,
    'Ticket released successfully!',
    'Failed to release ticket',
  );
  const update = useTicketAction(
    API.support.changeTicketStatus,
    'Ticket updated successfully!',
    'Failed to update ticket',
  );
  const remove = useTicketAction(API.support.deleteTicket, 'Ticket deleted successfully!', 'Failed to delete ticket');

  const claimButton = (t: Ticket) => {
    if (t.claimedBy === null)
      return (
        <button
          type="button"
          className="btn btn-outline"
          disabled={claim.isPending}
          onClick={() => claim.mutate({ params: { id: t.id } })}
        >
          Claim
        </button>
      );
    if (t.claimedBy === user.id)
      return (
        <button
          type="button"
          className="btn btn-outline"
          disabled={release.isPending}
          onClick={() => release.mutate({ params: { id: t.id } })}
        >
          Release
        </button>
      );
    if (user.role === 'platform_owner')
      return (
        <button
          type="button"
          className="btn btn-outline"
          disabled={claim.isPending}
          onClick={() => claim.mutate({ params: { id: t.id } })}
        >
          Claim
        </button>
      );
    return (
      <button
        type="button"
        className="btn btn-outline"
        disabled
        title={`Claimed by ${t.claimedByUsername ?? 'another staff member'}`}
      >
        Locked
      </button>
    );
  };

  return (
    <section className="stack" aria-label="Tickets">
      <div className="row tickets-toolbar">
        <input
          className="input"
          type="search"
          aria-label="Search tickets"
          placeholder="Search by title, email or category..."
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <input
          className="input tickets-label-filter"
          type="search"
          aria-label="Filter by label"
          placeholder="Label"
          maxLength={LIMITS.label}
          value={label}
          onChange={(e) => setLabel(e.target.value)}
        />
        <label className="row small tickets-breached">
          <input type="checkbox" checked={breachedOnly} onChange={(e) => setBreachedOnly(e.target.checked)} />
          SLA breached only
        </label>
        <button type="button" className="btn btn-outline" onClick={refresh} disabled={tickets.isFetching}>
          Refresh
        </button>
      </div>
      <QueryView
        query={tickets}
        loading="Loading tickets..."
        error={(error) => errorText(error) ?? 'Could not load tickets.'}
        isEmpty={() => tickets.items.length === 0}
        empty={
          <div className="card center stack">
            <h3>No tickets found</h3>
            <p className="muted">There are no support tickets matching your search criteria.</p>
          </div>
        }
      >
        {() => (
          <ul className="tickets-list">
            {tickets.items.map((t) => (
              <li key={t.id} className="card stack tickets-card">
                <div className="spread">
                  <h3>{t.title}</h3>
                  <span className="row">
                    {t.sla.breached && <span className="badge badge-danger">SLA breached</span>}
                    <span className={`badge ${PRIORITY_BADGE[t.priority] ?? ''}`}>{t.priority}</span>
                    <span className={`badge ${STATUS_BADGE[t.status] ?? ''}`}>{statusText(t.status)}</span>
                  </span>
                </div>
                <p className="tickets-desc">{t.description}</p>
                <LabelChips labels={t.labels} onPick={setLabel} />
                <p className="small muted">
                  {t.userEmail} · {new Date(t.createdAt).toLocaleDateString()}
                  {t.claimedByUsername && ` · Claimed by ${t.claimedByUsername}`}
                  {slaDue(t.sla)}
                </p>
                <div className="row tickets-actions">
                  <button type="button" className="btn btn-primary" onClick={() => setChatTicket(t)}>
                    Chat
                  </button>
                  {claimButton(t)}
                  <button type="button" className="btn btn-outline" onClick={() => setLabelling(t)}>
                    Labels
                  </button>
                  {t.category === 'password_reset' && canResetPasswords(user.role) && (
                    <button type="button" className="btn btn-outline" onClick={() => setResetting(t)}>
                      Reset Password
                    </button>
                  )}
                  <button type="button" className="btn btn-danger" onClick={() => setDeleting(t)}>
                    Delete
                  </button>
                  <Select
                    aria-label={`Status of ${t.title}`}
                    value={t.status}
                    onValueChange={(status) =>
                      update.mutate({ params: { id: t.id }, body: { status: status as Ticket['status'] } })
                    }
                    options={TICKET_STATUS_VALUES.filter((s) => s !== 'resolved' || t.status === 'resolved').map(
                      (s) => ({
                        value: s,
                        label: STATUS_LABELS[s],
                      }),
                    )}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
      <PagedListFooter list={tickets} endLabel="No more tickets" />
      {chatTicket && <TicketChatDialog ticket={chatTicket} live={live} onClose={() => setChatTicket(null)} />}
      {labelling && <TicketLabelsDialog ticket={labelling} onClose={() => setLabelling(null)} />}
      {resetting && (
        <ResetStaffPasswordDialog
          email={resetting.userEmail ?? undefined}
          request={resetting.description}
          onClose={() => setResetting(null)}
        />
      )}
      {deleting && (
        <AlertDialog
          title="Delete ticket?"
          description={`“${deleting.title}” and all its messages will be deleted permanently.`}
          confirmLabel="Delete"
          pendingLabel="Deleting..."
          pending={remove.isPending}
          onConfirm={() => remove.mutate({ params: { id: deleting.id } }, { onSettled: () => setDeleting(null) })}
          onCancel={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
