import { useQueryClient } from '@tanstack/react-query';
import { HttpError, useEventStream } from '@groupflow/shell-kit';

export interface Ticket {
  id: number;
  title: string;
  description: string;
  category: string | null;
  priority: string;
  status: string;
  userEmail: string | null;
  createdAt: string;
  isLocked: boolean;
  claimedBy: number | null;
  claimedByUsername: string | null;
}

export interface TicketMessage {
  id: number;
  ticketId: number;
  staffUserId: number | null;
  senderName: string;
  senderType: 'staff' | 'customer';
  message: string;
  createdAt: string;
}

export interface TicketPage {
  tickets: Ticket[];
  nextCursor: number | null;
}

export const TICKETS_KEY = ['support-tickets'] as const;
export const messagesKey = (ticketId: number | null) => ['ticket-messages', ticketId] as const;

export const PRIORITY_BADGE: Record<string, string> = {
  urgent: 'badge-danger',
  high: 'badge-danger',
  medium: 'badge-warning',
  low: 'badge-success',
};
export const STATUS_BADGE: Record<string, string> = { open: 'badge-success', in_progress: 'badge-warning', resolved: 'badge-success' };

export const statusText = (status: string) => status.replace(/_/g, ' ');
export const serverMessage = (error: unknown) => (error instanceof HttpError ? error.serverMessage : undefined);
export const messageTime = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

export function addMessage(list: TicketMessage[] | undefined, message: TicketMessage): TicketMessage[] | undefined {
  if (!list || list.some((m) => m.id === message.id)) return list;
  return [...list, message];
}

const STREAM_EVENTS = ['ticket.created', 'ticket.updated', 'ticket.deleted', 'message.created'] as const;

/**
 * The staff ticket event stream: new messages go straight into the open threads, other changes refetch the
 * list. Returns whether the stream is open, so screens poll only while it is not.
 */
export function useTicketStream(token: string | null, enabled: boolean): boolean {
  const queryClient = useQueryClient();
  return useEventStream(enabled && token ? `/api/support/events?token=${encodeURIComponent(token)}` : null, STREAM_EVENTS, (type, data) => {
    if (type === 'message.created') {
      const { ticketId, message } = data as { ticketId: number; message: TicketMessage };
      queryClient.setQueryData<TicketMessage[]>(messagesKey(ticketId), (list) => addMessage(list, message));
    } else {
      void queryClient.invalidateQueries({ queryKey: TICKETS_KEY });
    }
  });
}
