/**
 * The customer's chat page for a public ticket (spec 1 section 9): the access key rides in the fragment, which the
 * browser never sends, so it stays out of request logs. A page of this web edge, so core is told it.
 */
export function supportChatAddress(publicUrl: string) {
  return (ticketId: number, key: string) =>
    `${publicUrl}/support-chat?ticket=${ticketId}#${new URLSearchParams({ key }).toString()}`;
}
