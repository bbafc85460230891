import { describeError, type ErrorTexts, type ToastInput } from '@groupflow/shell-kit';

/**
 * The customer area's words for the server's error codes (AREA.REASON), the one place its screens choose a
 * failure's text (spec 1 section 8 where it has one); a code missing here shows the server's own message. Screens
 * never match the message's words: a failure with another code, or none, says what the server said.
 */
export const CUSTOMER_ERROR_TEXTS: ErrorTexts = {
  'ROBLOX.RATE_LIMITED': 'Too many requests to Roblox. Please wait a moment and try again.',
  'ROBLOX.USER_NOT_FOUND': 'Roblox user not found. Please check the username spelling.',
  'ROBLOX.NOT_GROUP_MEMBER': 'You are not a member of this group.',
  'ROBLOX.GROUP_ALREADY_CONNECTED': 'This group is already connected to GroupFlow.',
  'ROBLOX.NOT_LINKED': 'Please link your Roblox account first.',
  'ROBLOX.ACCOUNT_TAKEN': 'This Roblox account is already linked to another user.',
};

/** A failed call's text: the table's for its code, else the server's message, else nothing (the screen's own then). */
export const errorText = (error: unknown): string | undefined => describeError(error, CUSTOMER_ERROR_TEXTS);

/** A mutation's failure toast (its `failure`): `title`, and the error's text, else `fallback`. */
export const failureToast =
  (title: string, fallback: string) =>
  (error: unknown): ToastInput => ({ title, description: errorText(error) ?? fallback, variant: 'destructive' });

/** Codes of a refused workspace that the customer can clear by proving their Roblox account. */
export const PROVE_ACCOUNT_CODES: ReadonlySet<string> = new Set(['ROBLOX.NOT_LINKED', 'ROBLOX.NOT_VERIFIED']);
