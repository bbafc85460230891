import { describe, expect, it } from 'vitest';
import { TooManyAttempts } from '../../shared/errors.ts';
import { FixedClock, MailerSpy } from '../../staff/testing/fakes.ts';
import { InMemoryRateLimiter } from '../../shared/testing/InMemoryRateLimiter.ts';
import { SendTestEmail } from './sendTestEmail.ts';

const makeSut = () => {
  const mailer = new MailerSpy();
  const sut = new SendTestEmail(mailer, new InMemoryRateLimiter({ points: 1, windowMs: 60_000 }, new FixedClock()));
  return { sut, mailer };
};

describe('SendTestEmail', () => {
  it.each([
    ['writeup', 'Write-up notice'],
    ['termination', 'Termination notice'],
  ] as const)('sends the %s sample to the address', async (type, words) => {
    const { sut, mailer } = makeSut();
    const answer = await sut.execute({ emailAddress: 'me@example.test', type }, 7);
    expect(answer).toEqual({ success: true, message: 'Test email sent to me@example.test' });
    expect(mailer.sent).toEqual([
      expect.objectContaining({ to: ['me@example.test'], subject: expect.stringContaining(words) }),
    ]);
  });

  it('is rate-limited per staff member and sends nothing beyond the limit', async () => {
    const { sut, mailer } = makeSut();
    await sut.execute({ emailAddress: 'me@example.test', type: 'writeup' }, 7);
    await expect(sut.execute({ emailAddress: 'me@example.test', type: 'writeup' }, 7)).rejects.toBeInstanceOf(
      TooManyAttempts,
    );
    expect(mailer.sent).toHaveLength(1);
    await sut.execute({ emailAddress: 'me@example.test', type: 'writeup' }, 8);
    expect(mailer.sent).toHaveLength(2);
  });
});
