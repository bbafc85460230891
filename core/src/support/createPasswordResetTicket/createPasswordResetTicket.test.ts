import { describe, expect, it } from 'vitest';
import { TooManyAttempts } from '../../shared/errors.ts';
import { FixedClock } from '../../staff/testing/fakes.ts';
import { InMemoryRateLimiter } from '../../shared/testing/InMemoryRateLimiter.ts';
import { InMemoryTicketRepository, RecordingTicketEvents } from '../testing/fakes.ts';
import { CreatePasswordResetTicket } from './createPasswordResetTicket.ts';

const input = {
  title: 'Password reset request',
  description: 'Forgot my password',
  category: 'password_reset' as const,
  priority: 'medium' as const,
  userEmail: 'sam@groupflow.test',
  userName: 'sam',
};

const makeSut = () => {
  const tickets = new InMemoryTicketRepository();
  const events = new RecordingTicketEvents();
  const clock = new FixedClock();
  const sut = new CreatePasswordResetTicket(
    tickets,
    events,
    clock,
    new InMemoryRateLimiter({ points: 1, windowMs: 60_000 }, clock),
  );
  return { sut, tickets, events };
};

describe('CreatePasswordResetTicket', () => {
  it('stores a password_reset ticket without a chat key', async () => {
    const { sut, tickets, events } = makeSut();
    expect(await sut.execute(input, '10.0.0.1')).toEqual({ id: 1 });
    expect(tickets.stored(1)).toMatchObject({
      category: 'password_reset',
      priority: 'medium',
      userEmail: 'sam@groupflow.test',
    });
    expect(await tickets.accessKeyHashOf(1)).toBeNull();
    expect(events.events).toHaveLength(1);
  });

  it('is rate-limited like public creation', async () => {
    const { sut } = makeSut();
    await sut.execute(input, '10.0.0.1');
    await expect(sut.execute(input, '10.0.0.1')).rejects.toBeInstanceOf(TooManyAttempts);
  });
});
