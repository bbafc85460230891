import { describeError, type ErrorTexts } from '@groupflow/shell-kit';

/**
 * The legal area's words for the server's error codes (AREA.REASON), the one place its screens choose a failure's
 * text; a code missing here (or whose message names the record, such as LEGAL.INVALID_MOVE) shows the server's own.
 */
export const LEGAL_ERROR_TEXTS: ErrorTexts = {
  'LEGAL.ACTION_REQUIRED': 'Describe the action taken',
  'LEGAL.CHANGED_MEANWHILE': 'The record was changed by someone else; reload it and try again',
  'LEGAL.CUSTOMER_NOT_FOUND': 'This customer account no longer exists; pick another or remove it',
  'CUSTOMERS.BAN_FORBIDDEN': "You don't have permission to ban customers",
  'CUSTOMERS.VIEW_FORBIDDEN': "You don't have permission to view customer accounts",
  'CUSTOMERS.NOT_FOUND': 'Customer not found',
  'CUSTOMERS.ALREADY_BANNED': 'This customer is already banned',
  'CUSTOMERS.NOT_BANNED': 'This customer is not banned',
  'CUSTOMERS.BAN_SOURCE_NOT_FOUND': 'This policy violation no longer exists',
};

/** A failed call's text for a legal screen: the table's for its code, else the server's message. */
export const errorText = (error: unknown): string | undefined => describeError(error, LEGAL_ERROR_TEXTS);
