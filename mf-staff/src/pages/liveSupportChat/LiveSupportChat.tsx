import { useEffect, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, apiRequest, HttpError, useToast } from '@groupflow/shell-kit';
import {
  addMessage,
  messagesKey,
  messageTime,
  PRIORITY_BADGE,
  serverMessage,
  STATUS_BADGE,
  statusText,
  TICKETS_KEY,
  useTicketStream,
  type Ticket,
  type TicketMessage,
  type TicketPage,
} from '../tickets/tickets.ts';
import { useSessionExpired, useStaffSession } from '../tickets/useStaffSession.ts';
import { ScreenRecorderDialog } from './ScreenRecorderDialog.tsx';
import '../tickets/ticket-chat.css';
import './live-support-chat.css';

/** Spec 2 section 7 live chat intervals, used only while the event stream is down. */
const LIST_POLL_MS = 5000;
const THREAD_POLL_MS = 2000;

/** /live-support-chat (spec 2 section 2). */
export default function LiveSupportChat() {
  const { user, token } = useStaffSession();
  const navigate = useNavigate();
  const toast = useToast();
  const expired = useSessionExpired();
  const queryClient = useQueryClient();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [draft, setDraft] = useState('');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const bottom = useRef<HTMLDivElement>(null);

  const live = useTicketStream(token, user !== undefined);

  const tickets = useQuery({
    queryKey: TICKETS_KEY,
    queryFn: () => apiJson<TicketPage>('/api/support/tickets'),
    enabled: user !== undefined,
    refetchInterval: live ? false : LIST_POLL_MS,
  });
  useEffect(() => {
    if (tickets.error instanceof HttpError && tickets.error.status === 401) expired();
  }, [tickets.error, expired]);

  const list = tickets.data?.tickets ?? [];
  const selected = list.find((t) => t.id === selectedId) ?? null;

  const messages = useQuery({
    queryKey: messagesKey(selectedId),
    queryFn: () => apiJson<TicketMessage[]>(`/api/support/tickets/${selectedId}/messages`),
    enabled: selected !== null,
    refetchInterval: live ? false : THREAD_POLL_MS,
  });

  const count = messages.data?.length ?? 0;
  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [count, selectedId]);

  const claim = useMutation({
    mutationFn: (id: number) => apiJson<Ticket>(`/api/support/tickets/${id}/claim`, 'POST'),
    onSuccess: () => {
      toast({ title: 'Ticket claimed successfully!', variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: TICKETS_KEY });
    },
    onError: (error) => toast({ title: 'Failed to claim ticket', description: serverMessage(error), variant: 'destructive' }),
  });

  const remove = useMutation({
    mutationFn: (id: number) => apiRequest(`/api/support/tickets/${id}`, 'DELETE'),
    onSuccess: () => {
      toast({ title: 'Ticket deleted successfully!', variant: 'success' });
      setSelectedId(null);
      setConfirmDelete(false);
      void queryClient.invalidateQueries({ queryKey: TICKETS_KEY });
    },
    onError: (error) => {
      setConfirmDelete(false);
      toast({ title: 'Failed to delete ticket', description: serverMessage(error), variant: 'destructive' });
    },
  });

  const send = useMutation({
    mutationFn: ({ id, message }: { id: number; message: string }) =>
      apiJson<TicketMessage>(`/api/support/tickets/${id}/messages`, 'POST', { message }),
    onSuccess: (message) => {
      setDraft('');
      queryClient.setQueryData<TicketMessage[]>(messagesKey(message.ticketId), (l) => addMessage(l, message));
      toast({ title: 'Message sent!', variant: 'success' });
    },
    onError: (error) => toast({ title: 'Failed to send message', description: serverMessage(error), variant: 'destructive' }),
  });

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const text = draft.trim();
    if (!text || send.isPending) return;
    if (!selected) {
      toast({ title: 'No ticket selected', variant: 'destructive' });
      return;
    }
    send.mutate({ id: selected.id, message: text });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      submit();
    }
  };

  if (!user) {
    return (
      <main className="page center live-chat-loading" aria-busy="true">
        <div className="spinner" aria-label="Loading" />
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
        <button type="button" className="btn btn-outline" onClick={() => navigate('/staff-dashboard')}>
          Back to Dashboard
        </button>
      </header>

      <div className="live-chat-layout">
        <section className="card live-chat-list" aria-label="Active Tickets">
          <h2 className="card-title spread">
            Active Tickets <span className="badge">{list.length}</span>
          </h2>
          {tickets.isLoading && <div className="center"><div className="spinner" aria-label="Loading tickets" /></div>}
          {tickets.isError && !(tickets.error instanceof HttpError && tickets.error.status === 401) && (
            <div className="alert alert-danger" role="alert">
              Could not load tickets.{' '}
              <button type="button" className="btn btn-ghost" onClick={() => void tickets.refetch()}>
                Try again
              </button>
            </div>
          )}
          {tickets.isSuccess && list.length === 0 && <p className="muted center">No support tickets available</p>}
          <ul className="live-chat-tickets">
            {list.map((t) => (
              <li key={t.id}>
                <button
                  type="button"
                  className={`live-chat-ticket ${t.id === selectedId ? 'selected' : ''}`}
                  aria-pressed={t.id === selectedId}
                  onClick={() => {
                    setSelectedId(t.id);
                    setConfirmDelete(false);
                  }}
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
        </section>

        <section className="card live-chat-panel" aria-label="Conversation">
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
                  {confirmDelete ? (
                    <span className="row" role="group" aria-label="Confirm deletion">
                      <span className="small">Delete this ticket and its messages?</span>
                      <button type="button" className="btn btn-danger" disabled={remove.isPending} onClick={() => remove.mutate(selected.id)}>
                        {remove.isPending ? 'Deleting...' : 'Yes, delete'}
                      </button>
                      <button type="button" className="btn btn-ghost" onClick={() => setConfirmDelete(false)}>
                        Cancel
                      </button>
                    </span>
                  ) : (
                    <button type="button" className="btn btn-outline" onClick={() => setConfirmDelete(true)}>
                      Delete
                    </button>
                  )}
                  <ScreenRecorderDialog />
                  {selected.claimedBy === null && (
                    <button type="button" className="btn btn-primary" disabled={claim.isPending} onClick={() => claim.mutate(selected.id)}>
                      {claim.isPending ? <span className="spinner live-chat-btn-spinner" aria-label="Claiming" /> : 'Claim Ticket'}
                    </button>
                  )}
                </div>
              </div>

              <div className="live-chat-thread" aria-live="polite">
                {messages.isLoading && <div className="center"><div className="spinner" aria-label="Loading messages" /></div>}
                {messages.isError && <div className="alert alert-danger">Could not load messages.</div>}
                {messages.data?.length === 0 && <p className="muted center">No messages yet. Start the conversation!</p>}
                <ol className="live-chat-messages">
                  {messages.data?.map((m) => (
                    <li key={m.id} className={`live-chat-message ${m.senderType === 'staff' ? 'staff' : 'customer'}`}>
                      <span className="small muted">
                        {m.senderType === 'staff' ? m.senderName : 'Customer'} ·{' '}
                        {messageTime(m.createdAt)}
                      </span>
                      <p>{m.message}</p>
                    </li>
                  ))}
                </ol>
                <div ref={bottom} />
              </div>

              <form className="row live-chat-input" onSubmit={submit}>
                <textarea
                  className="textarea"
                  rows={2}
                  aria-label="Message"
                  placeholder="Type your message..."
                  value={draft}
                  onChange={(e) => setDraft(e.target.value)}
                  onKeyDown={onKeyDown}
                />
                <button type="submit" className="btn btn-primary" disabled={!draft.trim() || send.isPending} aria-label="Send message">
                  {send.isPending ? 'Sending...' : 'Send'}
                </button>
              </form>
            </>
          )}
        </section>
      </div>
    </main>
  );
}
