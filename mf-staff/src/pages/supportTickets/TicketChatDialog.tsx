import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, useToast } from '@groupflow/shell-kit';
import '../tickets/ticket-chat.css';
import { addMessage, messagesKey, messageTime, serverMessage, type Ticket, type TicketMessage } from '../tickets/tickets.ts';

/** Spec 2 section 7: ticket messages every 5 s, only while the event stream is down. */
const THREAD_POLL_MS = 5000;

/** The Tickets tab's per-ticket chat. */
export function TicketChatDialog({ ticket, live, onClose }: { ticket: Ticket; live: boolean; onClose: () => void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState('');
  const bottom = useRef<HTMLDivElement>(null);
  const messages = useQuery({
    queryKey: messagesKey(ticket.id),
    queryFn: () => apiJson<TicketMessage[]>(`/api/support/tickets/${ticket.id}/messages`),
    refetchInterval: live ? false : THREAD_POLL_MS,
  });
  const send = useMutation({
    mutationFn: (message: string) => apiJson<TicketMessage>(`/api/support/tickets/${ticket.id}/messages`, 'POST', { message }),
    onSuccess: (message) => {
      setDraft('');
      queryClient.setQueryData<TicketMessage[]>(messagesKey(ticket.id), (list) => addMessage(list, message));
      toast({ title: 'Message sent!', variant: 'success' });
    },
    onError: (error) => toast({ title: 'Failed to send message', description: serverMessage(error), variant: 'destructive' }),
  });
  const count = messages.data?.length ?? 0;
  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [count]);

  const submit = () => {
    const text = draft.trim();
    if (text && !send.isPending) send.mutate(text);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <div className="dialog-backdrop" onKeyDown={(e) => e.key === 'Escape' && onClose()}>
      <div className="dialog stack tickets-chat" role="dialog" aria-modal="true" aria-labelledby="ticket-chat-title">
        <div className="spread">
          <div>
            <h2 id="ticket-chat-title" className="card-title">{ticket.title}</h2>
            <p className="muted small">
              {ticket.userEmail} · Priority: {ticket.priority}
            </p>
          </div>
          <button type="button" className="btn btn-ghost" onClick={onClose} aria-label="Close chat">
            ✕
          </button>
        </div>
        <div className="tickets-chat-thread">
          {messages.isLoading && <div className="center"><div className="spinner" aria-label="Loading messages" /></div>}
          {messages.isError && <div className="alert alert-danger">Could not load messages.</div>}
          {messages.data?.length === 0 && (
            <p className="muted center">No messages yet. Start the conversation by sending a message below.</p>
          )}
          <ol className="live-chat-messages">
            {messages.data?.map((m) => (
              <li key={m.id} className={`live-chat-message ${m.senderType === 'staff' ? 'staff' : 'customer'}`}>
                <span className="small muted">
                  {m.senderName} · {messageTime(m.createdAt)}
                </span>
                <p>{m.message}</p>
              </li>
            ))}
          </ol>
          <div ref={bottom} />
        </div>
        <div className="row live-chat-input">
          <textarea
            className="textarea"
            rows={2}
            aria-label="Message"
            placeholder="Type your message..."
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKeyDown}
            autoFocus
          />
          <button type="button" className="btn btn-primary" disabled={!draft.trim() || send.isPending} onClick={submit}>
            {send.isPending ? 'Sending...' : 'Send'}
          </button>
        </div>
      </div>
    </div>
  );
}
