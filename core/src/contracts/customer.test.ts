import { describe, expect, it } from 'vitest';
import { LOGIN_ERROR_CODES, loginErrorMessage } from './customer.ts';

describe('loginErrorMessage', () => {
  it('gives the spec text for every login error code', () => {
    expect(LOGIN_ERROR_CODES.map(loginErrorMessage)).toEqual([
      'OAuth authentication error occurred.',
      'Security validation failed. Please try logging in again.',
      'Failed to exchange authorization code. Please try again.',
      'Failed to retrieve user information from Roblox.',
      'Server error occurred during authentication.',
    ]);
  });

  it('falls back to the generic text for anything else', () => {
    expect(loginErrorMessage('already_linked')).toBe('Authentication failed. Please try again.');
  });
});
