import { describe, expect, it } from 'vitest';
import { InMemoryStaffRepository, InMemoryStaffSessions, SequentialTokenGenerator, T0 } from '../testing/fakes.ts';
import { LogoutStaff } from './logoutStaff.ts';

describe('LogoutStaff', () => {
  it('ends only the session of the given token', async () => {
    const sessions = new InMemoryStaffSessions(new InMemoryStaffRepository());
    const later = new Date(T0.getTime() + 60_000);
    await sessions.create(7, 'digest:phone', later);
    await sessions.create(7, 'digest:laptop', later);
    await new LogoutStaff(sessions, new SequentialTokenGenerator()).execute('phone');
    expect(sessions.sessions.map((session) => session.tokenHash)).toEqual(['digest:laptop']);
  });
});
