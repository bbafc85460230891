import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { useLocation } from '@groupflow/shell-kit/router';
import { signedOutReason, useCurrentCustomer } from '@groupflow/shell-kit';
import { customerWire, errorResponse, json, renderScreen, stubFetch } from '@groupflow/shell-kit/testing';
import { SignedOutWatch } from './SignedOutWatch.tsx';

/** A server-sent event stream answering `text`, held open as the server holds it. */
const streamed = (text: string) =>
  new Response(
    new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(text));
      },
    }),
    { status: 200, headers: { 'Content-Type': 'text/event-stream' } },
  );

/** A signed-in page of the customer app, showing whom it believes signed in. */
function SignedInPage() {
  const customer = useCurrentCustomer();
  return (
    <>
      <SignedOutWatch />
      <p>{customer.data ? `Signed in as ${customer.data.username}` : 'Nobody'}</p>
    </>
  );
}

/** The landing page, as far as the watch is concerned: what its history entry says. */
function Landing() {
  return <p>Landing: {signedOutReason(useLocation().state) ?? 'no reason'}</p>;
}

describe('SignedOutWatch', () => {
  it('leaves the signed-in pages for the landing page saying why, when the stream says the customer was banned', async () => {
    const calls = stubFetch((call) =>
      call.url === '/api/user'
        ? json(customerWire())
        : streamed('retry: 1000\n\nevent: signed_out\ndata: {"reason":"Scam links"}\n\n'),
    );
    renderScreen(<SignedInPage />, { path: '/settings', routes: { '/': <Landing /> } });
    expect(await screen.findByText('Landing: Scam links')).toBeTruthy();
    expect(calls.map((call) => call.url)).toEqual(['/api/user', '/api/user/events']);
  });

  it('opens no stream for a visitor who is not signed in', async () => {
    const calls = stubFetch(() => errorResponse(401, { code: 'AUTH.SIGN_IN_REQUIRED', message: 'Sign in' }));
    renderScreen(<SignedInPage />, { path: '/settings' });
    expect(await screen.findByText('Nobody')).toBeTruthy();
    await waitFor(() => expect(calls.map((call) => call.url)).toEqual(['/api/user']));
  });
});
