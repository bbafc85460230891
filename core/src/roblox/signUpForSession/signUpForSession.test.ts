import { describe, expect, it } from 'vitest';
import { Conflict, Forbidden, NotFound } from '../../shared/errors.ts';
import { connectedWorkspace, GROUP, MEMBER, OWNER, STAFF } from '../testing/workspace.ts';
import { InMemorySessions } from '../testing/sessionFakes.ts';
import { SESSION_FULL, SignUpForSession } from './signUpForSession.ts';

describe('SignUpForSession', () => {
  it('signs a workspace member up once while slots last', async () => {
    const { access } = await connectedWorkspace();
    const sessions = new InMemorySessions();
    const { id } = await sessions.add(GROUP, {
      title: 'Patrol',
      type: 'patrol',
      startsAt: new Date('2026-11-27T18:00:00Z'),
      durationMinutes: 60,
      slots: 1,
    });
    const sut = new SignUpForSession(access, sessions);
    expect((await sut.execute(STAFF, GROUP, id)).signups).toEqual([{ userId: '43', username: 'Staff' }]);
    expect((await sut.execute(STAFF, GROUP, id)).signups).toHaveLength(1);
    await expect(sut.execute(OWNER, GROUP, id)).rejects.toThrow(new Conflict('ROBLOX.SESSION_FULL', SESSION_FULL));
    await expect(sut.execute(STAFF, GROUP, 99)).rejects.toBeInstanceOf(NotFound);
    await expect(sut.execute(MEMBER, GROUP, id)).rejects.toBeInstanceOf(Forbidden);
  });
});
