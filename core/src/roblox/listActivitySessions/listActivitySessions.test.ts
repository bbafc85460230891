import { describe, expect, it } from 'vitest';
import { Forbidden } from '../../shared/errors.ts';
import { connectedWorkspace, GROUP, MEMBER, STAFF } from '../testing/workspace.ts';
import type { ActivitySessionEntry } from '../groupPorts.ts';
import { ListActivitySessions } from './listActivitySessions.ts';

const now = new Date('2026-11-26T12:00:00Z');
const settings = { sessionCapMs: 6 * 3600_000, listLimit: 20 };

describe('ListActivitySessions', () => {
  it('lists the reported stays with the cap and limit set, for workspace members only', async () => {
    const { access } = await connectedWorkspace();
    const stay: ActivitySessionEntry = {
      id: 1,
      sessionId: 's1',
      userId: '43',
      username: 'Staff',
      placeId: null,
      startedAt: now,
      endedAt: null,
      minutes: 0,
      closedBy: null,
    };
    const calls: unknown[][] = [];
    const ledger = {
      sessions: async (...args: unknown[]) => {
        calls.push(args);
        return [stay];
      },
    };
    const sut = new ListActivitySessions(access, ledger, { now: () => now }, settings);
    expect(await sut.execute(STAFF, GROUP)).toEqual([stay]);
    expect(calls).toEqual([[GROUP, now, settings.sessionCapMs, settings.listLimit]]);
    await expect(sut.execute(MEMBER, GROUP)).rejects.toBeInstanceOf(Forbidden);
  });
});
