import { describeError, type ErrorTexts } from '@groupflow/shell-kit';

/**
 * The staff area's words for the server's error codes (AREA.REASON), the one place its screens choose a failure's
 * text; a code missing here shows the server's own message. Each text is the one sentence the server sends for the
 * code, so no screen's wording changed with codes; a code whose sentence differs by use case (STAFF.MFA_WRONG_CODE,
 * STAFF.MFA_ALREADY_ON, STAFF.ROLE_TOO_HIGH, STAFF.DELETE_FORBIDDEN) is left to the server until the staff area
 * words it itself.
 */
export const STAFF_ERROR_TEXTS: ErrorTexts = {
  'STAFF.INVALID_CREDENTIALS': 'Invalid email or password',
  'STAFF.ACCOUNT_INACTIVE': 'This staff account is inactive',
  'STAFF.MFA_CHALLENGE_EXPIRED': 'This sign-in has expired. Please sign in again.',
  'STAFF.MFA_ALREADY_OFF': 'Two-factor authentication is already off',
  'STAFF.MFA_REQUIRED_BY_ROLE': 'Your role requires two-factor authentication; the platform owner can reset it',
  'STAFF.MFA_RESET_FORBIDDEN': 'Only the platform owner may reset two-factor authentication',
  'STAFF.PASSWORD_TOO_COMMON': 'This password is too common; choose another',
  'STAFF.WRONG_PASSWORD': 'Current password is incorrect',
  'STAFF.EMAIL_TAKEN': 'A staff member with this email already exists',
  'STAFF.USERNAME_TAKEN': 'A staff member with this username already exists',
  'STAFF.ACCOUNT_TAKEN': 'A staff member with this username or email already exists',
  'STAFF.ALREADY_CLOCKED_IN': 'Already clocked in',
  'STAFF.NOT_CLOCKED_IN': 'Not clocked in',
  'SUPPORT.TICKET_NOT_FOUND': 'Ticket not found',
  'SUPPORT.TICKET_CLAIMED': 'Ticket is claimed by another staff member',
  'SUPPORT.NOT_CLAIMER': 'Only the staff member who claimed this ticket can release it',
  'CUSTOMERS.BAN_FORBIDDEN': "You don't have permission to ban customers",
  'CUSTOMERS.ROLE_FORBIDDEN': "Only the platform owner changes a customer's role",
  'CUSTOMERS.VIEW_FORBIDDEN': "You don't have permission to view customer accounts",
  'CUSTOMERS.NOT_FOUND': 'Customer not found',
  'CUSTOMERS.ALREADY_BANNED': 'This customer is already banned',
  'CUSTOMERS.NOT_BANNED': 'This customer is not banned',
  'CUSTOMERS.BAN_SOURCE_NOT_FOUND': 'Ticket not found',
  'CUSTOMERS.ROLE_UNCHANGED': 'The customer already has this role',
};

/** A failed call's text for a staff screen: the table's for its code, else the server's message. */
export const errorText = (error: unknown): string | undefined => describeError(error, STAFF_ERROR_TEXTS);
