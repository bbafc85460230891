import { useRef, useState } from 'react';
import { useNavigate } from '@groupflow/shell-kit/router';
import {
  apiClient,
  Badge,
  Button,
  LoadingState,
  may,
  PagedListFooter,
  QueryView,
  useEndpointMutation,
  usePagedList,
  useStaffSession,
} from '@groupflow/shell-kit';
import { AlertDialog } from '@groupflow/shell-kit/dialog';
import { ChatRecording, ChatThread } from '@groupflow/shell-kit/chat';
import { Switch } from '@groupflow/shell-kit/switch';
import { API } from '@groupflow/core/contracts';
import type { SignedInStaffUserWire } from '@groupflow/core/contracts';
import {
  PRIORITY_BADGE,
  STATUS_BADGE,
  statusText,
  useTicketConversation,
  useTicketStream,
} from '../tickets/tickets.ts';
import { useAdmission } from '../../staff/useAdmission.ts';
import { ScreenRecorderDialog } from './ScreenRecorderDialog.tsx';
import { TicketCustomerAccount } from '../../customers/TicketCustomerAccount.tsx';
import './live-support-chat.css';

/** Spec 2 section 7 live chat intervals, used only while the event stream is down. */
const LIST_POLL_MS = 5000;
const THREAD_POLL_MS = 2000;

/** /live-support-chat (spec 2 section 2), for the roles that read tickets (issue 33). */
export default function LiveSupportChat() {
  const { user, token, verified } = useStaffSession<SignedInStaffUserWire>();
  const navigate = useNavigate();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [asNote, setAsNote] = useState(false);
  const panel = useRef<HTMLElement>(null);
  // On a phone the conversation sits below the list: picking a ticket takes the member to it (issue 36).
  const pick = (id: number) => {
    setSelectedId(id);
    requestAnimationFrame(() => {
      panel.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
      panel.current?.focus({ preventScroll: true });
    });
  };
  const allowed = verified && may(user, 'tickets.read');
  useAdmission(verified && user !== null, allowed, "You don't have permission to view support tickets");

  const live = useTicketStream(token, allowed);

  const tickets = usePagedList(API.support.listTickets, {
    enabled: allowed,
    refetchInterval: live ? false : LIST_POLL_MS,
  });

  const list = tickets.items;
  const selected = list.find((t) => t.id === selectedId) ?? null;
  const { messages, send, shortcuts } = useTicketConversation(selected?.id ?? null, live, THREAD_POLL_MS);
  // The server answers 409 to a reply on a ticket someone else claimed, unless the member may take it over.
  const lockedOut =
    selected !== null &&
    selected.claimedBy !== null &&
    selected.claimedBy !== user?.id &&
    !may(user, 'tickets.takeover');

  const claim = useEndpointMutation(API.support.claimTicket, {
    invalidates: [API.support.listTickets],
    success: 'Ticket claimed successfully!',
    failure: 'Failed to claim ticket',
  });

  const remove = useEndpointMutation(API.support.deleteTicket, {
    invalidates: [API.support.listTickets],
    success: 'Ticket deleted successfully!',
    failure: 'Failed to delete ticket',
    onSuccess: () => setSelectedId(null),
    onSettled: () => setConfirmDelete(false),
  });

  if (!allowed) {
    return (
      <main className="page center live-chat-loading" aria-busy="true">
        <LoadingState />
      </main>
    );
  }

  return (
    <main className="page container live-chat">
      <header className="spread live-chat-header">
        <div>
          <h1>
            Live Support Chat <span className={`live-chat-live ${live ? 'on' : ''}`}>Live</span>
          </h1>
          <p className="muted">Real-time customer support management</p>
        </div>
        <Button variant="outline" onClick={() => navigate('/staff-dashboard')}>
          Back to Dashboard
        </Button>
      </header>

      <div className="live-chat-layout">
        <section className="card live-chat-list" aria-label="Active Tickets">
          <h2 className="card-title spread">
            Active Tickets <Badge>{list.length}</Badge>
          </h2>
          <QueryView
            query={tickets}
            loading="Loading tickets..."
            error="Could not load tickets."
            isEmpty={() => list.length === 0}
            empty={<p className="muted center">No support tickets available</p>}
          >
            {() => (
              <ul className="live-chat-tickets">
                {list.map((t) => (
                  <li key={t.id}>
                    <button
                      type="button"
                      className={`live-chat-ticket ${t.id === selectedId ? 'selected' : ''}`}
                      aria-pressed={t.id === selectedId}
                      onClick={() => pick(t.id)}
                    >
                      <span className="spread">
                        <strong>{t.title}</strong>
                        <span className={`badge ${PRIORITY_BADGE[t.priority] ?? ''}`}>{t.priority}</span>
                      </span>
                      <span className="live-chat-desc muted">{t.description}</span>
                      <span className="spread small">
                        <span className={`badge ${STATUS_BADGE[t.status] ?? ''}`}>{statusText(t.status)}</span>
                        <span className="muted">{new Date(t.createdAt).toLocaleDateString()}</span>
                      </span>
                      <span className="small muted">{t.userEmail}</span>
                      {t.claimedBy !== null && <span className="small">Claimed by {t.claimedByUsername}</span>}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </QueryView>
          <PagedListFooter list={tickets} endLabel="No more tickets" />
        </section>

        <section className="card live-chat-panel" aria-label="Conversation" ref={panel} tabIndex={-1}>
          {!selected ? (
            <div className="center stack live-chat-empty">
              <h2>Select a Support Ticket</h2>
              <p className="muted">Choose a ticket from the list to start chatting with the customer</p>
            </div>
          ) : (
            <>
              <div className="spread live-chat-panel-header">
                <div>
                  <h2>{selected.title}</h2>
                  <p className="muted small">Customer: {selected.userEmail}</p>
                  <span className={`badge ${STATUS_BADGE[selected.status] ?? ''}`}>{statusText(selected.status)}</span>
                </div>
                <div className="row live-chat-actions">
                  {may(user, 'tickets.manage') && (
                    <Button variant="outline" onClick={() => setConfirmDelete(true)}>
                      Delete
                    </Button>
                  )}
                  <ScreenRecorderDialog ticketId={selected.id} canAttach={!lockedOut} />
                  {may(user, 'customers.ban') && selected.userEmail && (
                    <TicketCustomerAccount
                      email={selected.userEmail}
                      ticketId={selected.id}
                      permissions={user?.permissions ?? []}
                    />
                  )}
                  {selected.claimedBy === null && (
                    <Button disabled={claim.isPending} onClick={() => claim.mutate({ params: { id: selected.id } })}>
                      {claim.isPending ? (
                        <span className="spinner live-chat-btn-spinner" aria-label="Claiming" />
                      ) : (
                        'Claim Ticket'
                      )}
                    </Button>
                  )}
                </div>
              </div>
              {lockedOut && (
                <p className="alert small" role="note">
                  Claimed by {selected.claimedByUsername}: only they can reply to this ticket.
                </p>
              )}
              <Switch
                label="Private note (staff only: never shown or mailed to the customer)"
                checked={asNote}
                onCheckedChange={setAsNote}
              />
              <ChatThread
                className={asNote ? 'live-chat-conversation live-chat-noting' : 'live-chat-conversation'}
                // A note does not speak to the customer: allowed on a ticket someone else claimed.
                disabled={lockedOut && !asNote}
                messages={messages.data?.map((m) => ({
                  id: m.id,
                  author: m.isPrivate
                    ? `${m.senderName} · private note`
                    : m.senderType === 'staff'
                      ? m.senderName
                      : 'Customer',
                  createdAt: m.createdAt,
                  text: m.message,
                  mine: m.senderType === 'staff',
                  attachment: m.attachment && (
                    <ChatRecording
                      file={m.attachment}
                      requestLink={() =>
                        apiClient.call(API.support.issueStaffAttachmentLink, {
                          params: { id: m.ticketId, attachmentId: m.attachment!.id },
                        })
                      }
                    />
                  ),
                }))}
                loading={messages.isLoading}
                error={messages.isError ? 'Could not load messages.' : undefined}
                onRetry={() => void messages.refetch()}
                emptyText="No messages yet. Start the conversation!"
                onSend={(text) => send(text, asNote)}
                shortcuts={shortcuts(asNote)}
                inputLabel={asNote ? 'Private note' : 'Message'}
                placeholder={asNote ? 'Write a note for staff...' : 'Type your message...'}
                sendAriaLabel={asNote ? 'Add note' : 'Send message'}
                threadLabel="Ticket messages"
              />
            </>
          )}
        </section>
      </div>
      {confirmDelete && selected && (
        <AlertDialog
          title="Delete this ticket and its messages?"
          description={`“${selected.title}” will be deleted permanently.`}
          confirmLabel="Yes, delete"
          pendingLabel="Deleting..."
          pending={remove.isPending}
          onConfirm={() => remove.mutate({ params: { id: selected.id } })}
          onCancel={() => setConfirmDelete(false)}
        />
      )}
    </main>
  );
}
