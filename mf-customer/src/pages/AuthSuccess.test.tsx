import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { customerWire, json, renderScreen, stubFetch } from '@groupflow/shell-kit/testing';
import AuthSuccess from './AuthSuccess.tsx';

describe('AuthSuccess (issue 36)', () => {
  it('goes to the dashboard as soon as GET /api/user confirms the session, with no fixed wait', async () => {
    stubFetch((call) => (call.url === '/api/user' ? json(customerWire()) : json({})));
    const started = Date.now();
    renderScreen(<AuthSuccess />, {
      path: '/auth-success',
      routes: { '/customer-dashboard': <h1>Customer Dashboard</h1> },
    });
    expect(await screen.findByRole('heading', { name: 'Customer Dashboard' }, { timeout: 1000 })).toBeTruthy();
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
