import { describe, expect, it } from 'vitest';
import { FixedClock, MailerSpy, T0 } from '../../staff/testing/fakes.ts';
import { InMemoryTicketRepository, seedTicket } from '../testing/fakes.ts';
import { FixedSupportDirectors, InMemorySlaPolicies } from '../testing/slaFakes.ts';
import { NotifySlaBreaches } from './notifySlaBreaches.ts';

const SETTINGS = { batch: 10, publicUrl: 'https://groupflow.example' };

describe('NotifySlaBreaches', () => {
  it('flags a breached ticket once and mails the customer support directors once', async () => {
    const tickets = new InMemoryTicketRepository();
    const policies = new InMemorySlaPolicies();
    await policies.replace([{ priority: 'high', firstResponseMinutes: 30, resolutionHours: 4 }]);
    const late = await seedTicket(tickets, { title: 'Late', createdAt: new Date(T0.getTime() - 3_600_000) });
    await seedTicket(tickets, { title: 'Fresh', createdAt: T0 });
    const mailer = new MailerSpy();
    const directors = new FixedSupportDirectors(['dana@groupflow.test', 'lee@groupflow.test']);
    const sut = new NotifySlaBreaches(tickets, policies, directors, mailer, new FixedClock(), SETTINGS);
    expect(await sut.execute()).toBe(1);
    expect(tickets.stored(late.id)?.slaBreachedAt).toEqual(T0);
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]).toMatchObject({
      to: ['dana@groupflow.test', 'lee@groupflow.test'],
      subject: `SLA breached: ticket #${late.id} (high)`,
    });
    expect(mailer.sent[0]?.text).toContain('https://groupflow.example/support-tickets');
    expect(await sut.execute()).toBe(0);
    expect(mailer.sent).toHaveLength(1);
  });

  it('still flags when no director is there to tell', async () => {
    const tickets = new InMemoryTicketRepository();
    await seedTicket(tickets, { createdAt: new Date(T0.getTime() - 48 * 3_600_000) });
    const mailer = new MailerSpy();
    const sut = new NotifySlaBreaches(
      tickets,
      new InMemorySlaPolicies(),
      new FixedSupportDirectors([]),
      mailer,
      new FixedClock(),
      SETTINGS,
    );
    expect(await sut.execute()).toBe(1);
    expect(mailer.sent).toEqual([]);
  });
});
