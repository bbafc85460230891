import { describe, expect, it } from 'vitest';
import { Forbidden, Unauthenticated } from '../../shared/errors.ts';
import { makeStreamTicketSut, TTL_MS } from '../testing/streamTickets.ts';

describe('IssueStreamTicket', () => {
  it('answers a fresh ticket for a signed-in member and stores only its hash', async () => {
    const { issue, redeem, store, bearer } = await makeStreamTicketSut();
    const { ticket } = await issue.execute(bearer);
    expect(ticket).not.toContain(bearer);
    expect(store.size).toBe(1);
    await expect(redeem.execute(ticket)).resolves.toMatchObject({ member: { id: 7 } });
  });

  it('refuses a caller without a valid bearer token and stores nothing', async () => {
    const { issue, store } = await makeStreamTicketSut();
    await expect(issue.execute('forged')).rejects.toEqual(new Unauthenticated('STAFF.TOKEN_INVALID', 'Invalid token'));
    await expect(issue.execute(undefined)).rejects.toEqual(new Unauthenticated('STAFF.TOKEN_MISSING', 'No token'));
    expect(store.size).toBe(0);
  });

  it.each(['marketing_director', 'human_resources_director'] as const)(
    'refuses a %s, whose role reads no tickets, and stores nothing (issue 33)',
    async (role) => {
      const { issue, store, bearer } = await makeStreamTicketSut(role);
      await expect(issue.execute(bearer)).rejects.toBeInstanceOf(Forbidden);
      await expect(issue.execute(bearer)).rejects.toMatchObject({ code: 'SUPPORT.READ_FORBIDDEN' });
      expect(store.size).toBe(0);
    },
  );

  it('makes tickets that lapse after the configured time', async () => {
    const { issue, redeem, clock, bearer } = await makeStreamTicketSut();
    const { ticket } = await issue.execute(bearer);
    clock.advance(TTL_MS);
    await expect(redeem.execute(ticket)).rejects.toEqual(
      new Unauthenticated('SUPPORT.STREAM_TICKET_INVALID', 'Invalid or used stream ticket'),
    );
  });
});
