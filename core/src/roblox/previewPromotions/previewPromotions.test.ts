import { describe, expect, it } from 'vitest';
import { Forbidden } from '../../shared/errors.ts';
import { connectedWorkspace, GROUP, OWNER, STAFF } from '../testing/workspace.ts';
import { ReplacePromotionRules } from '../replacePromotionRules/replacePromotionRules.ts';
import type { MemberTotals } from '../workspacePorts.ts';
import { PreviewPromotions } from './previewPromotions.ts';

const now = new Date('2026-11-26T12:00:00Z');
const member = (userId: string, minutes: number, sessionsAttended: number): MemberTotals => ({
  userId,
  username: `U${userId}`,
  rankId: 1,
  rankName: 'Member',
  minutes,
  sessionsHosted: 0,
  sessionsAttended,
});

describe('PreviewPromotions', () => {
  it('lists who meets a rule over its window, for managers only', async () => {
    const { access, connected } = await connectedWorkspace();
    await new ReplacePromotionRules(access, connected).execute(OWNER, GROUP, [
      { fromRank: 1, toRank: 10, minutes: 600, sessionsAttended: 3, windowDays: 28 },
    ]);
    const windows: { from: Date; to: Date }[] = [];
    const figures = {
      memberTotals: async (_groupId: string, window: { from: Date; to: Date }) => {
        windows.push(window);
        return [member('44', 700, 3), member('46', 700, 2)];
      },
    };
    const sut = new PreviewPromotions(access, figures, { now: () => now }, { sessionCapMs: 1, attendanceMs: 1 });
    expect(await sut.execute(OWNER, GROUP)).toEqual([
      { userId: '44', username: 'U44', fromRank: 1, toRank: 10, minutes: 700, sessionsAttended: 3 },
    ]);
    expect(windows).toEqual([{ from: new Date('2026-10-29T12:00:00Z'), to: now }]);
    await expect(sut.execute(STAFF, GROUP)).rejects.toBeInstanceOf(Forbidden);
  });
});
