import { useState } from 'react';
import { Link, useLocation, useSearchParams } from '@groupflow/shell-kit/router';
import { useQueryClient } from '@tanstack/react-query';
import {
  apiClient,
  Button,
  useToast,
  endpointUrl,
  HttpError,
  useEventStream,
  useEndpointMutation,
  useEndpointQuery,
  endpointKey,
} from '@groupflow/shell-kit';
import { API, CHAT_KEY_HEADER, type CustomerMessageWire, type CustomerThreadWire } from '@groupflow/core/contracts';
import { ChatRecording, ChatThread } from '@groupflow/shell-kit/chat';
import { RatingCard } from './RatingCard.tsx';
import './support-chat.css';

/** Polling only while the event stream is down (spec 2 live chat polls messages every 2 s). */
const FALLBACK_POLL_MS = 2000;

const statusLabel = (status: string) => status.replace(/_/g, ' ');
/** A ticket whose work is done asks for a rating. */
const RATEABLE = new Set(['closed', 'resolved']);

function withMessage(
  thread: CustomerThreadWire | undefined,
  message: CustomerMessageWire,
): CustomerThreadWire | undefined {
  if (!thread || thread.messages.some((m) => m.id === message.id)) return thread;
  return { ...thread, messages: [...thread.messages, message] };
}

/** The chat key from the address's fragment (`#key=`), which the browser never sends to a server. */
function keyFromHash(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('key') ?? '';
}

/**
 * Issue 36: the chat's address (with its key) is the way back to the ticket, so the chat says so and copies it;
 * "Find my ticket" on /support mails it again to the ticket's address.
 */
function KeepThisLink() {
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      toast({ title: 'Copied!', description: 'The link to this chat is on your clipboard.' });
    } catch {
      toast({
        title: 'Error',
        description: 'Could not copy the link; copy it from the address bar.',
        variant: 'destructive',
      });
    }
  };
  return (
    <div className="alert spread support-chat-keep" role="note">
      <span>
        <strong>Keep this link.</strong> It brings you back to this chat; we also emailed it to you. Lost it? Use Find
        my ticket on the <Link to="/support">Support</Link> page.
      </span>
      <Button variant="outline" onClick={() => void copy()}>
        Copy link
      </Button>
    </div>
  );
}

/** /support-chat?ticket={id}#key={key}: the customer's side of a ticket conversation, opened from the chatUrl. */
export default function SupportChat() {
  const [params] = useSearchParams();
  const { hash } = useLocation();
  const ticketId = params.get('ticket') ?? '';
  const key = keyFromHash(hash);
  const valid = /^\d+$/.test(ticketId) && key !== '';
  const headers = { [CHAT_KEY_HEADER]: key };
  const call = { params: { id: ticketId }, headers };
  const queryKey = endpointKey(API.support.readCustomerThread, call);
  const queryClient = useQueryClient();
  const [deleted, setDeleted] = useState(false);

  const live = useEventStream(
    valid && !deleted ? endpointUrl(API.support.chatEvents, call.params) : null,
    ['thread', 'message.created', 'ticket.updated', 'ticket.deleted'],
    (type, data) => {
      if (type === 'thread') queryClient.setQueryData(queryKey, data as CustomerThreadWire);
      if (type === 'message.created')
        queryClient.setQueryData<CustomerThreadWire>(queryKey, (t) => withMessage(t, data as CustomerMessageWire));
      if (type === 'ticket.updated') {
        const change = data as Pick<CustomerThreadWire['ticket'], 'status' | 'isLocked'>;
        queryClient.setQueryData<CustomerThreadWire>(
          queryKey,
          (t) => t && { ...t, ticket: { ...t.ticket, ...change } },
        );
      }
      if (type === 'ticket.deleted') setDeleted(true);
    },
    { headers },
  );

  const thread = useEndpointQuery(API.support.readCustomerThread, call, {
    enabled: valid && !deleted,
    retry: (count, error) => !(error instanceof HttpError && error.status === 404) && count < 2,
    refetchInterval: live ? false : FALLBACK_POLL_MS,
  });

  const send = useEndpointMutation(API.support.postCustomerMessage, {
    failure: 'Failed to send message',
    onSuccess: (message) => {
      queryClient.setQueryData<CustomerThreadWire>(queryKey, (t) => withMessage(t, message));
    },
  });

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
            {thread.data && <span className="badge support-chat-status">{statusLabel(thread.data.ticket.status)}</span>}
          </p>
        </div>
        <span className={`support-chat-live ${live ? 'on' : ''}`} aria-live="polite">
          {live ? 'Live' : 'Reconnecting...'}
        </span>
      </header>
      <KeepThisLink />

      <section className="card support-chat-conversation" aria-label="Conversation">
        <ChatThread
          messages={thread.data?.messages.map((m) => ({
            id: m.id,
            author: m.senderType === 'customer' ? 'You' : `${m.senderName} (Support)`,
            createdAt: m.createdAt,
            text: m.message,
            mine: m.senderType === 'customer',
            attachment: m.attachment && (
              <ChatRecording
                file={m.attachment}
                requestLink={() =>
                  apiClient.call(API.support.issueCustomerAttachmentLink, {
                    params: { id: ticketId, attachmentId: m.attachment!.id },
                    headers,
                  })
                }
              />
            ),
          }))}
          loading={thread.isLoading}
          error={thread.isError && !notFound ? 'Could not load the conversation.' : undefined}
          onRetry={() => void thread.refetch()}
          emptyText="No messages yet."
          onSend={(text) => send.mutateAsync({ ...call, body: { message: text } })}
          disabled={!thread.data}
          inputLabel="Your message"
          // Short enough for a phone's width; Enter sending is what every chat does.
          placeholder="Type your message..."
          threadLabel="Messages"
        />
      </section>
      {thread.data && RATEABLE.has(thread.data.ticket.status) && (
        <RatingCard rating={thread.data.rating} call={call} onRated={() => void thread.refetch()} />
      )}
    </main>
  );
}
