import { describe, expect, it } from 'vitest';
import { Forbidden } from '../../shared/errors.ts';
import { connectedWorkspace, GROUP, MEMBER, STAFF } from '../testing/workspace.ts';
import { InMemorySessions } from '../testing/sessionFakes.ts';
import { ListSessions } from './listSessions.ts';

const now = new Date('2026-11-26T12:00:00Z');
const at = (iso: string) => ({ title: iso, type: 'patrol', startsAt: new Date(iso), durationMinutes: 60, slots: 1 });

describe('ListSessions', () => {
  it('lists sessions that started within the last day or are still to come, for workspace members only', async () => {
    const { access } = await connectedWorkspace();
    const sessions = new InMemorySessions();
    await sessions.add(GROUP, at('2026-11-24T12:00:00Z'));
    await sessions.add(GROUP, at('2026-11-26T06:00:00Z'));
    await sessions.add(GROUP, at('2026-11-27T18:00:00Z'));
    const sut = new ListSessions(access, sessions, { now: () => now }, 50);
    expect((await sut.execute(STAFF, GROUP)).map((row) => row.title)).toEqual([
      '2026-11-26T06:00:00Z',
      '2026-11-27T18:00:00Z',
    ]);
    await expect(sut.execute(MEMBER, GROUP)).rejects.toBeInstanceOf(Forbidden);
  });
});
