import { describe, expect, it } from 'vitest';
import { Forbidden, Invalid } from '../../shared/errors.ts';
import { NOT_PERMITTED } from '../groupAccess.ts';
import { connectedWorkspace, GROUP, MEMBER, STAFF } from '../testing/workspace.ts';
import { InMemorySessions, RecordingSessionNotices } from '../testing/sessionFakes.ts';
import { AnnounceSessionChange } from '../announceSessionChange/announceSessionChange.ts';
import { ScheduleSession } from './scheduleSession.ts';

const clock = { now: () => new Date('2026-11-26T12:00:00Z') };
const session = {
  title: 'Patrol',
  type: 'patrol',
  startsAt: new Date('2026-11-27T18:00:00Z'),
  durationMinutes: 60,
  slots: 4,
};

function announcer(groups: ConstructorParameters<typeof AnnounceSessionChange>[0]['groups']) {
  const notices = new RecordingSessionNotices();
  return new AnnounceSessionChange({ posts: notices, reminders: notices, groups, clock });
}

describe('ScheduleSession', () => {
  it('lets a self-hosting rank schedule a session in the future', async () => {
    const { access, connected } = await connectedWorkspace();
    const sessions = new InMemorySessions();
    const created = await new ScheduleSession(access, sessions, clock, announcer(connected)).execute(
      STAFF,
      GROUP,
      session,
    );
    expect(created).toMatchObject({ title: 'Patrol', slots: 4, host: null, signups: [] });
    expect(sessions.rows).toHaveLength(1);
  });

  it('refuses a session in the past and a rank without "self-host"', async () => {
    const { access, connected } = await connectedWorkspace({
      rankPermissions: [
        {
          rankId: 1,
          canAccessWorkspace: true,
          canRequestTimeoff: false,
          canViewModeration: false,
          canAssignHostSelf: false,
          canAssignHostOthers: false,
          canAssignCoHostSelf: false,
        },
        {
          rankId: 10,
          canAccessWorkspace: true,
          canRequestTimeoff: false,
          canViewModeration: false,
          canAssignHostSelf: true,
          canAssignHostOthers: false,
          canAssignCoHostSelf: false,
        },
      ],
    });
    const sessions = new InMemorySessions();
    const sut = new ScheduleSession(access, sessions, clock, announcer(connected));
    await expect(
      sut.execute(STAFF, GROUP, { ...session, startsAt: new Date('2026-11-25T18:00:00Z') }),
    ).rejects.toBeInstanceOf(Invalid);
    await expect(sut.execute(MEMBER, GROUP, session)).rejects.toThrow(
      new Forbidden('ROBLOX.RANK_NOT_PERMITTED', NOT_PERMITTED),
    );
    expect(sessions.rows).toEqual([]);
  });
});
