import { describeError, type ErrorTexts } from '@groupflow/shell-kit';

/**
 * The staff area's words for the server's error codes (AREA.REASON), the one place its screens choose a failure's
 * text; a code missing here shows the server's own message. Each text is the sentence the server sent for the code
 * before codes existed, so no screen's wording changed with them; a screen's spec text wins where it has one.
 */
export const STAFF_ERROR_TEXTS: ErrorTexts = {
  'STAFF.INVALID_CREDENTIALS': 'Invalid email or password',
  'STAFF.ACCOUNT_INACTIVE': 'This staff account is inactive',
  'STAFF.MFA_CHALLENGE_EXPIRED': 'This sign-in has expired. Please sign in again.',
  'STAFF.MFA_WRONG_CODE': 'Invalid authentication code',
  'STAFF.MFA_ALREADY_ON': 'Two-factor authentication is already on',
  'STAFF.MFA_ALREADY_OFF': 'Two-factor authentication is already off',
  'STAFF.MFA_REQUIRED_BY_ROLE': 'Your role requires two-factor authentication; the platform owner can reset it',
  'STAFF.MFA_RESET_FORBIDDEN': 'Only the platform owner may reset two-factor authentication',
  'STAFF.PASSWORD_TOO_COMMON': 'This password is too common; choose another',
  'STAFF.WRONG_PASSWORD': 'Current password is incorrect',
  'STAFF.EMAIL_TAKEN': 'A staff member with this email already exists',
  'STAFF.USERNAME_TAKEN': 'A staff member with this username already exists',
  'STAFF.ACCOUNT_TAKEN': 'A staff member with this username or email already exists',
  'STAFF.ROLE_TOO_HIGH': 'You may not give a role at or above your own',
  'STAFF.DELETE_FORBIDDEN': 'You cannot delete your own account',
  'STAFF.ALREADY_CLOCKED_IN': 'Already clocked in',
  'STAFF.NOT_CLOCKED_IN': 'Not clocked in',
  'SUPPORT.TICKET_NOT_FOUND': 'Ticket not found',
  'SUPPORT.TICKET_CLAIMED': 'Ticket is claimed by another staff member',
  'SUPPORT.NOT_CLAIMER': 'Only the staff member who claimed this ticket can release it',
};

/** A failed call's text for a staff screen: the table's for its code, else the server's message. */
export const errorText = (error: unknown): string | undefined => describeError(error, STAFF_ERROR_TEXTS);
