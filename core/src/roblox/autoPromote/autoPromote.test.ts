import { describe, expect, it } from 'vitest';
import { Forbidden } from '../../shared/errors.ts';
import { InMemoryCustomerRepository, makeCustomer } from '../../customer/testing/fakes.ts';
import { connectGroupSchema } from '../../contracts/roblox.ts';
import {
  groupsOf,
  InMemoryConnectedGroups,
  InMemoryNotifications,
  InMemoryOpenCloud,
  InMemoryOpenCloudKeys,
  newOpenCloudKey,
  InMemoryRankAudit,
  InMemoryRoblox,
  RecordingMemberRanks,
  RecordingRoleSync,
  SequentialRandom,
  RANK_CHECK,
} from '../testing/fakes.ts';
import { GroupAccessPolicy } from '../groupAccess.ts';
import { ConnectGroup } from '../connectGroup/connectGroup.ts';
import { RankingEngine } from '../rankingEngine.ts';
import { OwnerNotices } from '../automationAuthority.ts';
import { moveInRoblox } from '../testing/workspace.ts';
import type { MemberTotals } from '../workspacePorts.ts';
import { AutoPromote } from './autoPromote.ts';
import { PreviewPromotions } from '../previewPromotions/previewPromotions.ts';
import { ReadPromotionRules } from '../readPromotionRules/readPromotionRules.ts';
import { ReplacePromotionRules } from '../replacePromotionRules/replacePromotionRules.ts';

const clock = { now: () => new Date('2026-11-26T12:00:00Z') };

async function makeSut(autoRank = true) {
  const customers = new InMemoryCustomerRepository()
    .add(makeCustomer({ id: 1, robloxId: '42', robloxUsername: 'Owner', isVerified: true }))
    .add(makeCustomer({ id: 2, robloxId: '43', robloxUsername: 'Recruit', isVerified: true }))
    .add(makeCustomer({ id: 3, robloxId: '46', robloxUsername: 'Manager', isVerified: true }));
  const roblox = new InMemoryRoblox();
  roblox.addGroup('7', 'Cafe', [
    ['Recruit', 1],
    ['Staff', 10],
    ['Manager', 100],
    ['Owner', 255],
  ]);
  for (const id of ['42', '43', '44', '45', '46']) roblox.addUser(id, `U${id}`);
  roblox.join('42', '7', 'Owner');
  roblox.join('43', '7', 'Recruit');
  roblox.join('44', '7', 'Recruit');
  roblox.join('45', '7', 'Staff');
  roblox.join('46', '7', 'Manager');
  const connected = new InMemoryConnectedGroups();
  await new ConnectGroup(customers, roblox, groupsOf(roblox), connected, new SequentialRandom(), RANK_CHECK).execute(
    1,
    connectGroupSchema.parse({ groupId: '7', autoRank }),
  );
  const access = new GroupAccessPolicy(customers, roblox, connected, RANK_CHECK);
  const cloud = new InMemoryOpenCloud(roblox);
  const keys = new InMemoryOpenCloudKeys();
  await keys.save('7', newOpenCloudKey('good-key', { savedAt: clock.now() }));
  const audit = new InMemoryRankAudit();
  const ranks = new RecordingMemberRanks();
  const notifications = new InMemoryNotifications();
  const ranking = new RankingEngine(cloud, keys, audit, roblox, customers, ranks, {
    roleSync: new RecordingRoleSync(),
    rankCache: ranks,
    notifications,
  });
  connected.rows.get('7')!.ownerUserId = '42';
  // GroupFlow's records: 43 and 45 qualify on paper, but 45 was promoted by hand meanwhile (Roblox says Staff).
  const rows: MemberTotals[] = [
    {
      userId: '43',
      username: 'U43',
      rankId: 1,
      rankName: 'Recruit',
      minutes: 700,
      sessionsHosted: 0,
      sessionsAttended: 3,
    },
    {
      userId: '44',
      username: 'U44',
      rankId: 1,
      rankName: 'Recruit',
      minutes: 700,
      sessionsHosted: 0,
      sessionsAttended: 1,
    },
    {
      userId: '45',
      username: 'U45',
      rankId: 1,
      rankName: 'Recruit',
      minutes: 900,
      sessionsHosted: 0,
      sessionsAttended: 5,
    },
  ];
  const windows: { from: Date; to: Date }[] = [];
  const figures = {
    memberTotals: async (_g: string, window: { from: Date; to: Date }) => {
      windows.push(window);
      return rows;
    },
  };
  const settings = { sessionCapMs: 1, attendanceMs: 1 };
  const sut = {
    rules: new ReadPromotionRules(access),
    setRules: new ReplacePromotionRules(access, connected),
    preview: new PreviewPromotions(access, figures, clock, settings),
    run: new AutoPromote(connected, figures, ranking, clock, settings, {
      notifications,
      owner: new OwnerNotices(customers, notifications),
    }),
  };
  return { sut, cloud, audit, windows, roblox, connected, notifications };
}

const RULE = { fromRank: 1, toRank: 10, minutes: 600, sessionsAttended: 3, windowDays: 28 };

describe('AutoPromote with its rules and preview', () => {
  it('previews without changing anything, over the rule window', async () => {
    const { sut, cloud, windows } = await makeSut();
    await sut.setRules.execute(1, '7', [RULE]);
    expect(await sut.rules.execute(1, '7')).toMatchObject([RULE]);
    const preview = await sut.preview.execute(1, '7');
    expect(preview.map((candidate) => candidate.userId)).toEqual(['43', '45']);
    expect(windows[0]!.from.toISOString()).toBe('2026-10-29T12:00:00.000Z');
    expect(cloud.assigned).toEqual([]);
  });

  it('promotes through Open Cloud as "auto", skipping a member whose rank Roblox says changed', async () => {
    const { sut, cloud, audit } = await makeSut();
    await sut.setRules.execute(1, '7', [RULE]);
    expect(await sut.run.execute('7')).toEqual({ promoted: 1, skipped: 1, failed: 0, suspendedRules: 0 });
    expect(cloud.assigned).toEqual([{ groupId: '7', userId: '43', roleId: '7-1' }]);
    expect(audit.rows).toMatchObject([
      {
        source: 'auto',
        actorName: 'Auto promotion',
        actorRobloxId: null,
        toRank: 10,
        result: 'succeeded',
        reason: 'Auto promotion by the rank 1 → 10 rule saved by Owner: 700 minutes and 3 sessions attended',
      },
    ]);
  });

  it('does nothing while auto promotion is off, and only managers see or set rules', async () => {
    const { sut, cloud } = await makeSut(false);
    await sut.setRules.execute(1, '7', [RULE]);
    expect(await sut.run.execute('7')).toEqual({ promoted: 0, skipped: 0, failed: 0, suspendedRules: 0 });
    expect(cloud.assigned).toEqual([]);
    await expect(sut.preview.execute(2, '7')).rejects.toBeInstanceOf(Forbidden);
    await expect(sut.setRules.execute(2, '7', [])).rejects.toBeInstanceOf(Forbidden);
  });

  it("re-checks the saver's rank: a manager demoted since saves nobody, the rule is suspended, audited and told", async () => {
    const { sut, cloud, audit, roblox, connected, notifications } = await makeSut();
    await sut.setRules.execute(3, '7', [RULE]);
    moveInRoblox(roblox, '46', 'Staff');
    expect(await sut.run.execute('7')).toEqual({ promoted: 0, skipped: 2, failed: 0, suspendedRules: 1 });
    expect(cloud.assigned).toEqual([]);
    const why =
      'The rank 1 → 10 rule was suspended: Manager no longer manages the group (rank 10). Saving it again resumes it.';
    expect(audit.rows).toMatchObject([
      {
        targetUserId: '43',
        fromRank: 1,
        toRank: 10,
        toRoleName: 'Staff',
        source: 'auto',
        result: 'skipped',
        error: why,
      },
      { targetUserId: '45', result: 'skipped', error: why },
    ]);
    expect(audit.rows[0]!.reason).toContain('rank 1 → 10 rule saved by Manager');
    expect(await notifications.list(3, 10)).toMatchObject([{ kind: 'promotion-rule-suspended', message: why }]);
    expect((await sut.rules.execute(1, '7'))[0]?.suspended).toBe('Manager no longer manages the group (rank 10)');
    expect((await connected.find('7'))?.settings.autoPromotions).toBe(true);
    // Reported once: a suspended rule is left alone until it is saved again.
    expect(await sut.run.execute('7')).toEqual({ promoted: 0, skipped: 0, failed: 0, suspendedRules: 0 });
    expect(audit.rows).toHaveLength(2);
    expect(await sut.preview.execute(1, '7')).toEqual([]);
  });

  it('suspends the rule of a saver who left the group, or who no longer outranks its toRank', async () => {
    const { sut, cloud, roblox, audit } = await makeSut();
    await sut.setRules.execute(3, '7', [RULE]);
    roblox.held.delete('46');
    expect(await sut.run.execute('7')).toMatchObject({ promoted: 0, suspendedRules: 1 });
    expect(audit.rows[0]?.error).toContain('Manager is no longer in the group');

    roblox.join('46', '7', 'Manager');
    // A saver kept as a manager by role name alone, at rank 10, no longer outranks a rule to rank 10.
    roblox.groups.get('7')!.roles.push({ id: '7-mod', name: 'Moderator', rank: 10, memberCount: 1 });
    await sut.setRules.execute(3, '7', [RULE]);
    moveInRoblox(roblox, '46', 'Moderator');
    expect(await sut.run.execute('7')).toMatchObject({ promoted: 0, suspendedRules: 1 });
    expect(audit.rows.at(-1)?.error).toContain('Manager (rank 10) no longer outranks rank 10');
    expect(cloud.assigned).toEqual([]);
  });

  it('applies no rule stored before savers were recorded, and tells the owner', async () => {
    const { sut, cloud, connected, audit, notifications } = await makeSut();
    const group = (await connected.find('7'))!;
    await connected.update('7', { settings: { ...group.settings, promotionRules: [RULE] } });
    expect(await sut.run.execute('7')).toMatchObject({ promoted: 0, skipped: 2, suspendedRules: 1 });
    expect(cloud.assigned).toEqual([]);
    expect(audit.rows[0]?.error).toContain('it was saved before rules recorded who saved them');
    expect(await notifications.list(1, 10)).toMatchObject([{ kind: 'promotion-rule-suspended' }]);
  });
});
