import { describe, expect, it } from 'vitest';
import { Unauthenticated } from '../../shared/errors.ts';
import { makeStreamTicketSut } from '../testing/streamTickets.ts';

describe('RedeemStreamTicket', () => {
  it('admits a ticket once only', async () => {
    const { issue, redeem, bearer } = await makeStreamTicketSut();
    const { ticket } = await issue.execute(bearer);
    await redeem.execute(ticket);
    await expect(redeem.execute(ticket)).rejects.toEqual(
      new Unauthenticated('SUPPORT.STREAM_TICKET_INVALID', 'Invalid or used stream ticket'),
    );
  });

  it('refuses a ticket that was never issued, including the bearer token itself', async () => {
    const { redeem, bearer } = await makeStreamTicketSut();
    await expect(redeem.execute(bearer)).rejects.toEqual(
      new Unauthenticated('SUPPORT.STREAM_TICKET_INVALID', 'Invalid or used stream ticket'),
    );
  });

  it('keeps watching the session behind the ticket: a revoked session ends the grant', async () => {
    const { issue, redeem, sessions, tokens, bearer } = await makeStreamTicketSut();
    const grant = await redeem.execute((await issue.execute(bearer)).ticket);
    await expect(grant.stillAllowed()).resolves.toBe(true);
    await sessions.revoke(tokens.hash(bearer));
    await expect(grant.stillAllowed()).resolves.toBe(false);
  });

  it('ends the grant, and refuses an unused ticket, once the member is moved to a role that reads no tickets', async () => {
    const { issue, redeem, staff, bearer } = await makeStreamTicketSut();
    const grant = await redeem.execute((await issue.execute(bearer)).ticket);
    const { ticket } = await issue.execute(bearer);
    await staff.save({ ...(await staff.findById(7))!, role: 'marketing_director' });
    await expect(grant.stillAllowed()).resolves.toBe(false);
    await expect(redeem.execute(ticket)).rejects.toMatchObject({ code: 'SUPPORT.READ_FORBIDDEN' });
  });

  it('refuses a ticket whose session ended before it was used', async () => {
    const { issue, redeem, sessions, tokens, bearer } = await makeStreamTicketSut();
    const { ticket } = await issue.execute(bearer);
    await sessions.revoke(tokens.hash(bearer));
    await expect(redeem.execute(ticket)).rejects.toEqual(new Unauthenticated('STAFF.TOKEN_INVALID', 'Invalid token'));
  });
});
