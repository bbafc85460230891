import { describe, expect, it } from 'vitest';
import { Forbidden } from '../../shared/errors.ts';
import { connectedWorkspace, GROUP, MEMBER, STAFF } from '../testing/workspace.ts';
import type { ActivitySummary } from '../groupPorts.ts';
import { ReadGroupActivity } from './readGroupActivity.ts';

const now = new Date('2026-11-26T12:00:00Z');
const settings = { sessionCapMs: 6 * 3600_000, listLimit: 20 };

describe('ReadGroupActivity', () => {
  it('shows each place as the game servers reported it, a place unknown as such, with the cap and limit set', async () => {
    const { access } = await connectedWorkspace();
    const calls: unknown[][] = [];
    const row = (placeId: string | null): ActivitySummary => ({
      placeId,
      playerCount: 3,
      activePlayers: 1,
      sessionCount: 4,
      minutes: 90,
      lastActivityAt: now,
    });
    const ledger = {
      summary: async (...args: unknown[]) => {
        calls.push(args);
        return [row('123'), row(null)];
      },
    };
    const sut = new ReadGroupActivity(access, ledger, { now: () => now }, settings);
    expect(await sut.execute(STAFF, GROUP)).toEqual([
      {
        id: '123',
        gameName: 'Place 123',
        placeId: '123',
        playerCount: 3,
        activePlayers: 1,
        sessionCount: 4,
        sessionDuration: 90,
        lastActivityAt: now,
      },
      {
        id: 'unknown',
        gameName: 'Unknown place',
        placeId: null,
        playerCount: 3,
        activePlayers: 1,
        sessionCount: 4,
        sessionDuration: 90,
        lastActivityAt: now,
      },
    ]);
    expect(calls).toEqual([[GROUP, now, settings.sessionCapMs, settings.listLimit]]);
    await expect(sut.execute(MEMBER, GROUP)).rejects.toBeInstanceOf(Forbidden);
  });
});
