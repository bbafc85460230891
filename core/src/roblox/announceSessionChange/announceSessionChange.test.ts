import { describe, expect, it } from 'vitest';
import { InMemoryConnectedGroups } from '../testing/fakes.ts';
import { RecordingSessionNotices } from '../testing/sessionFakes.ts';
import type { ConnectedGroup } from '../groupPorts.ts';
import type { ScheduledSession } from '../workspacePorts.ts';
import { AnnounceSessionChange } from './announceSessionChange.ts';

const now = new Date('2026-11-26T12:00:00Z');
const session = (startsAt: string): ScheduledSession => ({
  id: 3,
  title: 'Patrol',
  type: 'patrol',
  status: 'scheduled',
  startsAt: new Date(startsAt),
  durationMinutes: 30,
  slots: 4,
  host: null,
  coHost: null,
  signups: [],
});

function makeSut(reminderMinutes?: number) {
  const groups = new InMemoryConnectedGroups();
  groups.rows.set('7', {
    groupId: '7',
    settings: reminderMinutes === undefined ? {} : { sessionReminderMinutes: reminderMinutes },
  } as ConnectedGroup);
  const notices = new RecordingSessionNotices();
  const sut = new AnnounceSessionChange({ posts: notices, reminders: notices, groups, clock: { now: () => now } });
  return { sut, notices };
}

describe('AnnounceSessionChange', () => {
  it("queues the post and the reminder at the group's minutes before the start (15 when never chosen)", async () => {
    const chosen = makeSut(60);
    await chosen.sut.execute('7', session('2026-11-26T18:00:00Z'), 'scheduled');
    expect(chosen.notices.posts).toEqual([
      { groupId: '7', sessionId: 3, startsAt: '2026-11-26T18:00:00.000Z', post: 'scheduled' },
    ]);
    expect(chosen.notices.reminders.map((entry) => entry.at)).toEqual([new Date('2026-11-26T17:00:00Z')]);
    const unset = makeSut();
    await unset.sut.execute('7', session('2026-11-26T18:00:00Z'), 'scheduled');
    expect(unset.notices.reminders.map((entry) => entry.at)).toEqual([new Date('2026-11-26T17:45:00Z')]);
    // A seat filled keeps the start: posted, and no second reminder.
    await unset.sut.execute('7', session('2026-11-26T18:00:00Z'), 'updated');
    expect(unset.notices.posts.map((post) => post.post)).toEqual(['scheduled', 'updated']);
    expect(unset.notices.reminders).toHaveLength(1);
  });

  it('reminds at once when the reminder time has passed, and not at all when the group chose 0', async () => {
    const soon = makeSut(60);
    await soon.sut.execute('7', session('2026-11-26T12:10:00Z'), 'scheduled');
    expect(soon.notices.reminders.map((entry) => entry.at)).toEqual([now]);
    const off = makeSut(0);
    await off.sut.execute('7', session('2026-11-26T18:00:00Z'), 'scheduled');
    expect(off.notices.posts).toHaveLength(1);
    expect(off.notices.reminders).toEqual([]);
  });
});
