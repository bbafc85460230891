import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API } from '@groupflow/core/contracts';
import { fixture, json, renderScreen, stubFetch } from '@groupflow/shell-kit/testing';
import { FindMyTicket } from './FindMyTicket.tsx';

const ANSWER = 'If that ticket was filed with this email address, we have emailed the link to its chat there.';

describe('FindMyTicket', () => {
  it('asks for the link by email and ticket number and says where it went, never showing it', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(() => json(fixture(API.support.findMyTicket, { message: ANSWER }), 202));
    renderScreen(<FindMyTicket />);
    await user.type(screen.getByLabelText('Email address'), 'vera@example.test');
    await user.type(screen.getByLabelText('Ticket number'), '42');
    await user.click(screen.getByRole('button', { name: 'Email me the link' }));
    expect((await screen.findByRole('status')).textContent).toBe(ANSWER);
    expect(calls[0]).toMatchObject({
      url: '/api/support/find-ticket',
      method: 'POST',
      body: { email: 'vera@example.test', ticketId: 42 },
    });
  });

  it('names a number that is not one before asking the server', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(() => json(fixture(API.support.findMyTicket, { message: ANSWER }), 202));
    renderScreen(<FindMyTicket />);
    await user.type(screen.getByLabelText('Email address'), 'vera@example.test');
    await user.type(screen.getByLabelText('Ticket number'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Email me the link' }));
    expect(await screen.findByText('The ticket number, digits only')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
