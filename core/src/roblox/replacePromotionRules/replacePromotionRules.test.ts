import { describe, expect, it } from 'vitest';
import { Forbidden } from '../../shared/errors.ts';
import { connectedWorkspace, GROUP, OWNER, STAFF } from '../testing/workspace.ts';
import { ReplacePromotionRules } from './replacePromotionRules.ts';

const RULE = { fromRank: 1, toRank: 10, minutes: 600, sessionsAttended: 3, windowDays: 28 };

describe('ReplacePromotionRules', () => {
  it('replaces the rules and keeps the other settings', async () => {
    const { access, connected } = await connectedWorkspace();
    const sut = new ReplacePromotionRules(access, connected);
    expect(await sut.execute(OWNER, GROUP, [RULE])).toEqual([RULE]);
    expect(await sut.execute(OWNER, GROUP, [])).toEqual([]);
    expect((await connected.find(GROUP))?.settings).toMatchObject({ authorizedRoles: ['Owner'], promotionRules: [] });
  });

  it('is for managers only', async () => {
    const { access, connected } = await connectedWorkspace();
    await expect(new ReplacePromotionRules(access, connected).execute(STAFF, GROUP, [RULE])).rejects.toBeInstanceOf(
      Forbidden,
    );
    expect((await connected.find(GROUP))?.settings).not.toHaveProperty('promotionRules');
  });
});
