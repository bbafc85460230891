import { useQueryClient } from '@tanstack/react-query';
import {
  apiClient,
  endpointKey,
  endpointPrefix,
  endpointUrl,
  useEndpointMutation,
  useEndpointQuery,
  useEventStream,
} from '@groupflow/shell-kit';
import type { ChatShortcuts } from '@groupflow/shell-kit/chat';
import { API, type TicketMessageWire } from '@groupflow/core/contracts';

export const PRIORITY_BADGE: Record<string, string> = {
  urgent: 'badge-danger',
  high: 'badge-danger',
  medium: 'badge-warning',
  low: 'badge-success',
};
export const STATUS_BADGE: Record<string, string> = {
  open: 'badge-success',
  in_progress: 'badge-warning',
  resolved: 'badge-success',
};

export const statusText = (status: string) => status.replace(/_/g, ' ');

export function addMessage(
  list: TicketMessageWire[] | undefined,
  message: TicketMessageWire,
): TicketMessageWire[] | undefined {
  if (!list || list.some((m) => m.id === message.id)) return list;
  return [...list, message];
}

const STREAM_EVENTS = ['ticket.created', 'ticket.updated', 'ticket.deleted', 'message.created'] as const;

/** No ticket chosen: ticket ids start at 1, so the waiting (disabled) query has a key no thread has. */
const NO_TICKET = 0;

/** The key of one ticket's thread, shared by its query, the stream and the reply. */
const threadKey = (ticketId: number) => endpointKey(API.support.readThread, { params: { id: ticketId } });

/** Each (re)connection spends a fresh single-use ticket, so the staff token never appears in a URL. */
async function openWithTicket(): Promise<string> {
  const { ticket } = await apiClient.call(API.support.issueStreamTicket);
  return endpointUrl(API.support.staffEvents, undefined, { ticket });
}

/**
 * The staff ticket event stream: new messages go straight into the open threads, other changes refetch the
 * list. Returns whether the stream is open, so screens poll only while it is not.
 */
export function useTicketStream(token: string | null, enabled: boolean): boolean {
  const queryClient = useQueryClient();
  return useEventStream(
    enabled && token ? API.support.staffEvents.path : null,
    STREAM_EVENTS,
    (type, data) => {
      if (type === 'message.created') {
        const { ticketId, message } = data as { ticketId: number; message: TicketMessageWire };
        queryClient.setQueryData<TicketMessageWire[]>(threadKey(ticketId), (list) => addMessage(list, message));
      } else {
        void queryClient.invalidateQueries({ queryKey: endpointPrefix(API.support.listTickets) });
      }
    },
    { resolveUrl: openWithTicket },
  );
}

/**
 * One ticket's messages for a staff chat view, polled every `pollMs` only while the event stream is down, and
 * the reply that appends the sent message and toasts 'Message sent!' (spec 2).
 */
export function useTicketConversation(ticketId: number | null, live: boolean, pollMs: number) {
  const queryClient = useQueryClient();
  const messages = useEndpointQuery(
    API.support.readThread,
    { params: { id: ticketId ?? NO_TICKET } },
    { enabled: ticketId !== null, refetchInterval: live ? false : pollMs },
  );
  const reply = useEndpointMutation(API.support.postStaffMessage, {
    // A reply may stop the ticket's first-reply clock (issue 39): the list shows the clock still running.
    invalidates: [API.support.listTickets],
    success: (message) => ({ title: message.isPrivate ? 'Note added' : 'Message sent!' }),
    failure: 'Failed to send message',
    onSuccess: (message) =>
      queryClient.setQueryData<TicketMessageWire[]>(threadKey(message.ticketId), (list) => addMessage(list, message)),
  });
  /** `asNote`: a private note for staff (issue 39), never shown or mailed to the customer. */
  const send = (message: string, asNote = false) =>
    reply.mutateAsync({
      params: { id: ticketId ?? NO_TICKET },
      body: asNote ? { message, private: true } : { message },
    });
  const canned = useEndpointQuery(API.support.listCannedResponses, {}, { enabled: ticketId !== null });
  /** Typing `/` and a short code offers the canned responses; the server fills in their names (issue 39). */
  const shortcuts = (asNote = false): ChatShortcuts => ({
    label: 'Canned responses',
    items: (canned.data ?? []).map((response) => ({
      id: response.id,
      code: response.shortCode,
      title: response.title,
    })),
    onPick: (shortcut) =>
      reply.mutateAsync({
        params: { id: ticketId ?? NO_TICKET },
        body: asNote ? { cannedResponseId: shortcut.id, private: true } : { cannedResponseId: shortcut.id },
      }),
  });
  return { messages, send, shortcuts };
}
