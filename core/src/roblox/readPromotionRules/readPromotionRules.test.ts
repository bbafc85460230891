import { describe, expect, it } from 'vitest';
import { Forbidden } from '../../shared/errors.ts';
import { connectedWorkspace, GROUP, OWNER, STAFF } from '../testing/workspace.ts';
import { ReadPromotionRules } from './readPromotionRules.ts';

const RULE = { fromRank: 1, toRank: 10, minutes: 600, sessionsAttended: 3, windowDays: 28 };

describe('ReadPromotionRules', () => {
  it("shows managers the group's rules (none until some are saved, a rule stored before savers without one), and no one else", async () => {
    const { access, connected } = await connectedWorkspace();
    const sut = new ReadPromotionRules(access);
    expect(await sut.execute(OWNER, GROUP)).toEqual([]);
    const group = (await connected.find(GROUP))!;
    await connected.update(GROUP, { settings: { ...group.settings, promotionRules: [RULE] } });
    expect(await sut.execute(OWNER, GROUP)).toEqual([{ ...RULE, savedBy: null, savedByRank: null, suspended: null }]);
    await expect(sut.execute(STAFF, GROUP)).rejects.toBeInstanceOf(Forbidden);
  });
});
