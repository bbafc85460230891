import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { API } from '@groupflow/core/contracts';
import { RequireCustomer, useCustomer } from './RequireCustomer.tsx';
import { customerWire, errorResponse, fixture, json, renderScreen, stubFetch } from './testing.tsx';

function Greeting() {
  return <p>Hello {useCustomer().username}</p>;
}

describe('RequireCustomer', () => {
  it('loads, then gives the screen the signed-in customer', async () => {
    const calls = stubFetch(() => json(fixture(API.customer.getUser, customerWire({ username: 'vera' }))));
    renderScreen(
      <RequireCustomer loading="Checking your session..." signedOut={<p>Please sign in</p>}>
        {(customer) => (
          <>
            <p>{customer.discordId}</p>
            <Greeting />
          </>
        )}
      </RequireCustomer>,
    );
    expect(screen.getByRole('status').textContent).toContain('Checking your session...');
    await screen.findByText('Hello vera');
    screen.getByText('42');
    expect(calls.map((call) => call.url)).toEqual(['/api/user']);
  });

  it('shows the sign-in prompt when signed out, without retrying the 401', async () => {
    const calls = stubFetch(() => errorResponse(401, { code: 'AUTH.SIGN_IN_REQUIRED', message: 'Not signed in' }));
    renderScreen(
      <RequireCustomer signedOut={<p>Please sign in</p>}>
        <Greeting />
      </RequireCustomer>,
    );
    await screen.findByText('Please sign in');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('redirects a signed-out visitor', async () => {
    stubFetch(() => errorResponse(401, { message: 'Not signed in' }));
    renderScreen(
      <RequireCustomer redirectTo="/">
        <Greeting />
      </RequireCustomer>,
      { path: '/settings', routes: { '/': <p>Landing page</p> } },
    );
    await screen.findByText('Landing page');
  });

  it('shows a failure (not the sign-in prompt) when the session cannot be read', async () => {
    let down = true;
    stubFetch(() =>
      down ? errorResponse(500, { message: 'Database down' }) : json(customerWire({ username: 'vera' })),
    );
    renderScreen(
      <RequireCustomer
        retries={0}
        signedOut={<p>Please sign in</p>}
        error="Could not check your sign-in."
        retryLabel="Retry"
      >
        <Greeting />
      </RequireCustomer>,
    );
    expect((await screen.findByRole('alert')).textContent).toContain('Could not check your sign-in.');
    expect(screen.queryByText('Please sign in')).toBeNull();
    down = false;
    screen.getByRole('button', { name: 'Retry' }).click();
    await screen.findByText('Hello vera');
  });
});
