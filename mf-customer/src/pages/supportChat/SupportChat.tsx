import { useEffect, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, HttpError, useEventStream, useToast } from '@groupflow/shell-kit';
import './support-chat.css';

interface ChatMessage {
  id: number;
  senderName: string;
  senderType: 'staff' | 'customer';
  message: string;
  createdAt: string;
}

interface CustomerThread {
  ticket: { id: number; title: string; status: string; priority: string; createdAt: string; isLocked: boolean };
  messages: ChatMessage[];
}

/** Polling only while the event stream is down (spec 2 live chat polls messages every 2 s). */
const FALLBACK_POLL_MS = 2000;

const statusLabel = (status: string) => status.replace(/_/g, ' ');
const time = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

function withMessage(thread: CustomerThread | undefined, message: ChatMessage): CustomerThread | undefined {
  if (!thread || thread.messages.some((m) => m.id === message.id)) return thread;
  return { ...thread, messages: [...thread.messages, message] };
}

/** /support-chat?ticket={id}&key={key}: the customer's side of a ticket conversation, opened from the chatUrl. */
export default function SupportChat() {
  const [params] = useSearchParams();
  const ticketId = params.get('ticket') ?? '';
  const key = params.get('key') ?? '';
  const valid = /^\d+$/.test(ticketId) && key !== '';
  const base = `/api/support/chat/${ticketId}`;
  const query = `?key=${encodeURIComponent(key)}`;
  const queryKey = ['support-chat', ticketId, key];
  const queryClient = useQueryClient();
  const toast = useToast();
  const [draft, setDraft] = useState('');
  const [deleted, setDeleted] = useState(false);
  const bottom = useRef<HTMLDivElement>(null);

  const live = useEventStream(
    valid && !deleted ? `${base}/events${query}` : null,
    ['thread', 'message.created', 'ticket.updated', 'ticket.deleted'],
    (type, data) => {
      if (type === 'thread') queryClient.setQueryData(queryKey, data as CustomerThread);
      if (type === 'message.created')
        queryClient.setQueryData<CustomerThread>(queryKey, (t) => withMessage(t, data as ChatMessage));
      if (type === 'ticket.updated') {
        const change = data as { status: string; isLocked: boolean };
        queryClient.setQueryData<CustomerThread>(queryKey, (t) => t && { ...t, ticket: { ...t.ticket, ...change } });
      }
      if (type === 'ticket.deleted') setDeleted(true);
    },
  );

  const thread = useQuery({
    queryKey,
    queryFn: () => apiJson<CustomerThread>(`${base}${query}`),
    enabled: valid && !deleted,
    retry: (count, error) => !(error instanceof HttpError && error.status === 404) && count < 2,
    refetchInterval: live ? false : FALLBACK_POLL_MS,
  });

  const send = useMutation({
    mutationFn: (message: string) => apiJson<ChatMessage>(`${base}/messages${query}`, 'POST', { message }),
    onSuccess: (message) => {
      setDraft('');
      queryClient.setQueryData<CustomerThread>(queryKey, (t) => withMessage(t, message));
    },
    onError: (error) =>
      toast({
        title: 'Failed to send message',
        description: error instanceof HttpError ? error.serverMessage : undefined,
        variant: 'destructive',
      }),
  });

  const count = thread.data?.messages.length ?? 0;
  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [count]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const text = draft.trim();
    if (text && !send.isPending) send.mutate(text);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      submit();
    }
  };

  const notFound = !valid || (thread.error instanceof HttpError && thread.error.status === 404);
  if (notFound || deleted) {
    return (
      <main className="page container support-chat">
        <div className="card center stack" role="alert">
          <h1 className="card-title">{deleted ? 'This ticket has been closed' : 'Chat link not valid'}</h1>
          <p className="muted">
            {deleted
              ? 'Our support team removed this ticket. Open a new one from the home page if you still need help.'
              : 'This support chat link is incomplete or no longer valid. Use the link from your ticket confirmation, or create a new ticket.'}
          </p>
          <Link className="btn btn-primary" to="/">
            Back to Home
          </Link>
        </div>
      </main>
    );
  }

  return (
    <main className="page container support-chat">
      <header className="spread support-chat-header">
        <div>
          <h1>{thread.data ? thread.data.ticket.title : 'Support Chat'}</h1>
          <p className="muted">
            {thread.data ? `Ticket #${thread.data.ticket.id}` : 'Loading your conversation...'}
            {thread.data && (
              <span className="badge support-chat-status">{statusLabel(thread.data.ticket.status)}</span>
            )}
          </p>
        </div>
        <span className={`support-chat-live ${live ? 'on' : ''}`} aria-live="polite">
          {live ? 'Live' : 'Reconnecting...'}
        </span>
      </header>

      <section className="card support-chat-thread" aria-label="Conversation" aria-busy={thread.isLoading || undefined}>
        {thread.isLoading && <div className="center"><div className="spinner" aria-label="Loading messages" /></div>}
        {thread.isError && !notFound && (
          <div className="alert alert-danger" role="alert">
            Could not load the conversation.{' '}
            <button type="button" className="btn btn-ghost" onClick={() => void thread.refetch()}>
              Try again
            </button>
          </div>
        )}
        {thread.data?.messages.length === 0 && <p className="muted center">No messages yet.</p>}
        <ol className="support-chat-messages">
          {thread.data?.messages.map((m) => (
            <li key={m.id} className={`support-chat-message ${m.senderType === 'customer' ? 'mine' : 'theirs'}`}>
              <span className="small muted">
                {m.senderType === 'customer' ? 'You' : `${m.senderName} (Support)`} · {time(m.createdAt)}
              </span>
              <p>{m.message}</p>
            </li>
          ))}
        </ol>
        <div ref={bottom} />
      </section>

      <form className="row support-chat-input" onSubmit={submit}>
        <label className="label sr-only" htmlFor="support-chat-draft">
          Your message
        </label>
        <textarea
          id="support-chat-draft"
          className="textarea"
          rows={2}
          placeholder="Type your message... (Enter sends, Shift+Enter for a new line)"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          disabled={!thread.data}
        />
        <button type="submit" className="btn btn-primary" disabled={!draft.trim() || send.isPending || !thread.data}>
          {send.isPending ? 'Sending...' : 'Send'}
        </button>
      </form>
    </main>
  );
}
