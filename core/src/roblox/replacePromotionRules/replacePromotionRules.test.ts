import { describe, expect, it } from 'vitest';
import { Forbidden, Invalid } from '../../shared/errors.ts';
import { connectedWorkspace, GROUP, MANAGER, managedWorkspace, OWNER, STAFF } from '../testing/workspace.ts';
import { ReplacePromotionRules } from './replacePromotionRules.ts';

const RULE = { fromRank: 1, toRank: 10, minutes: 600, sessionsAttended: 3, windowDays: 28 };
const OWNER_SAVED = { savedBy: { customerId: OWNER, robloxId: '42', robloxName: 'Owner' }, savedByRank: 255 };

async function makeSut() {
  const world = await managedWorkspace();
  return { ...world, sut: new ReplacePromotionRules(world.access, world.connected) };
}

describe('ReplacePromotionRules', () => {
  it('replaces the rules, recording who saved each and their rank, and keeps the other settings', async () => {
    const { sut, connected } = await makeSut();
    expect(await sut.execute(OWNER, GROUP, [RULE])).toEqual([{ ...RULE, ...OWNER_SAVED, suspended: null }]);
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

  it("refuses a rule reaching the saver's own rank or above, storing nothing (the Manager's attack)", async () => {
    const { sut, connected } = await makeSut();
    for (const toRank of [100, 255]) {
      const refused = await sut.execute(MANAGER, GROUP, [{ ...RULE, toRank }]).catch((error: unknown) => error);
      expect(refused, `to ${toRank}`).toBeInstanceOf(Forbidden);
      expect(refused).toMatchObject({ code: 'ROBLOX.RANK_CEILING' });
    }
    expect((await connected.find(GROUP))?.settings).not.toHaveProperty('promotionRules');
    expect(await sut.execute(MANAGER, GROUP, [RULE])).toEqual([
      {
        ...RULE,
        savedBy: { customerId: MANAGER, robloxId: '46', robloxName: 'Manager' },
        savedByRank: 100,
        suspended: null,
      },
    ]);
  });

  it('refuses a rule asking for no minutes and no sessions, naming it', async () => {
    const { sut } = await makeSut();
    const refused = await sut
      .execute(OWNER, GROUP, [RULE, { ...RULE, fromRank: 10, toRank: 20, minutes: 0, sessionsAttended: 0 }])
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Invalid);
    expect(refused).toMatchObject({ code: 'ROBLOX.EMPTY_PROMOTION_RULE', issues: [{ path: [1, 'minutes'] }] });
    expect(await sut.execute(OWNER, GROUP, [{ ...RULE, minutes: 0 }])).toHaveLength(1);
  });

  it("keeps the owner's unchanged rule when a manager saves theirs, but lets no manager change it", async () => {
    const { sut } = await makeSut();
    const ownerRule = { ...RULE, fromRank: 10, toRank: 150 };
    await sut.execute(OWNER, GROUP, [ownerRule]);
    const saved = await sut.execute(MANAGER, GROUP, [ownerRule, RULE]);
    expect(saved[0]).toMatchObject({ ...ownerRule, ...OWNER_SAVED });
    expect(saved[1]).toMatchObject({ savedByRank: 100 });
    await expect(sut.execute(MANAGER, GROUP, [{ ...ownerRule, minutes: 1 }, RULE])).rejects.toMatchObject({
      code: 'ROBLOX.RANK_CEILING',
    });
  });

  it('takes over a suspended rule saved again by someone who outranks it, resuming it', async () => {
    const { sut, connected } = await makeSut();
    await sut.execute(MANAGER, GROUP, [RULE]);
    const group = (await connected.find(GROUP))!;
    const [stored] = group.settings.promotionRules as object[];
    await connected.update(GROUP, {
      settings: { ...group.settings, promotionRules: [{ ...stored, suspended: 'Manager left' }] },
    });
    expect(await sut.execute(OWNER, GROUP, [RULE])).toEqual([{ ...RULE, ...OWNER_SAVED, suspended: null }]);
  });
});
