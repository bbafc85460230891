import { Button } from '@groupflow/shell-kit';
import { Dialog, DialogClose } from '@groupflow/shell-kit/dialog';
import { ChatThread } from '@groupflow/shell-kit/chat';
import type { Ticket } from '@groupflow/core/contracts';
import { useTicketConversation } from '../tickets/tickets.ts';

/** Spec 2 section 7: ticket messages every 5 s, only while the event stream is down. */
const THREAD_POLL_MS = 5000;

/** The Tickets tab's per-ticket chat. */
export function TicketChatDialog({ ticket, live, onClose }: { ticket: Ticket; live: boolean; onClose: () => void }) {
  const { messages, send, shortcuts } = useTicketConversation(ticket.id, live, THREAD_POLL_MS);
  return (
    <Dialog
      title={ticket.title}
      description={`${ticket.userEmail ?? ''} · Priority: ${ticket.priority}`}
      onClose={onClose}
      className="tickets-chat"
    >
      <DialogClose>
        <Button variant="ghost" className="tickets-chat-close" aria-label="Close chat">
          ✕
        </Button>
      </DialogClose>
      <ChatThread
        messages={messages.data?.map((m) => ({
          id: m.id,
          author: m.senderName,
          createdAt: m.createdAt,
          text: m.message,
          mine: m.senderType === 'staff',
        }))}
        loading={messages.isLoading}
        error={messages.isError ? 'Could not load messages.' : undefined}
        onRetry={() => void messages.refetch()}
        emptyText="No messages yet. Start the conversation by sending a message below."
        onSend={send}
        shortcuts={shortcuts()}
        inputLabel="Message"
        placeholder="Type your message..."
        threadLabel="Ticket messages"
        autoFocus
      />
    </Dialog>
  );
}
