/**
 * A customer tab signed out from elsewhere (a ban, issue 36): the customer app leaves the signed-in pages for the
 * landing page with this in the history entry's state, and the landing page says why.
 */
export interface SignedOutState {
  signedOut: { reason: string };
}

export const signedOutState = (reason: string): SignedOutState => ({ signedOut: { reason } });

export const signedOutMessage = (reason: string) => `You have been signed out: ${reason}`;

/** The reason a history entry's state carries, or null when it is not a sign-out's. */
export function signedOutReason(state: unknown): string | null {
  const reason = (state as Partial<SignedOutState> | null)?.signedOut?.reason;
  return typeof reason === 'string' ? reason : null;
}
