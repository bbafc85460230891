import { describe, expect, it } from 'vitest';
import { Conflict } from '../../shared/errors.ts';
import { FakeQrCodes, FakeTotp, InMemoryStaffMfa, InMemoryStaffRepository, makeStaffMember } from '../testing/fakes.ts';
import { SetUpStaffMfa } from './setUpStaffMfa.ts';

const makeSut = (mfaEnabled = false) => {
  const member = makeStaffMember({ id: 7, email: 'alice@groupflow.test', mfaEnabled });
  const mfa = new InMemoryStaffMfa(new InMemoryStaffRepository().add(member));
  return { sut: new SetUpStaffMfa(mfa, new FakeTotp(), new FakeQrCodes()), member, mfa };
};

describe('SetUpStaffMfa', () => {
  it("keeps a new secret pending (not yet the member's) and answers it with its URL and QR code", async () => {
    const { sut, member, mfa } = makeSut();
    await expect(sut.execute(member)).resolves.toEqual({
      secret: 'SECRET1',
      otpauthUrl: 'otpauth://totp/GroupFlow:alice@groupflow.test?secret=SECRET1',
      qrSvg: '<svg data-text="otpauth://totp/GroupFlow:alice@groupflow.test?secret=SECRET1"></svg>',
    });
    expect(mfa.stored(7)).toMatchObject({ pending: 'SECRET1', secret: null });
  });

  it('replaces the pending secret when set up again before a code confirmed it', async () => {
    const { sut, member, mfa } = makeSut();
    await sut.execute(member);
    await sut.execute(member);
    expect(await mfa.pendingSecret(7)).toBe('SECRET2');
  });

  it('refuses while two-factor authentication is on, so a working secret is never shown again', async () => {
    const { sut, member, mfa } = makeSut(true);
    const refusal = sut.execute(member);
    await expect(refusal).rejects.toBeInstanceOf(Conflict);
    await expect(refusal).rejects.toMatchObject({
      code: 'STAFF.MFA_ALREADY_ON',
      message: 'Two-factor authentication is already on; turn it off first',
    });
    expect(mfa.stored(7)).toBeUndefined();
  });
});
