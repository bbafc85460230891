import { describe, expect, it } from 'vitest';
import { Conflict, Forbidden, Invalid, NotFound } from '../../shared/errors.ts';
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
import { ChangeMemberRank } from '../changeMemberRank/changeMemberRank.ts';
import type { Application, GroupRecords } from '../groupPorts.ts';
import { ALREADY_REVIEWED, ReviewApplication } from './reviewApplication.ts';

const clock = { now: () => new Date('2026-11-26T12:00:00Z') };

class Applications implements Pick<GroupRecords, 'findApplication' | 'reviewApplication'> {
  rows: (Application & { reviewNote: string | null; reviewedBy: string | null })[] = [
    {
      id: 1,
      applicantName: 'Newbie',
      desiredRank: 'Staff',
      status: 'pending',
      createdAt: clock.now(),
      reviewNote: null,
      reviewedBy: null,
    },
  ];
  async findApplication(_groupId: string, id: number) {
    return this.rows.find((row) => row.id === id) ?? null;
  }
  async reviewApplication(
    _groupId: string,
    id: number,
    review: { status: 'accepted' | 'rejected'; note: string | null; reviewedBy: string },
  ) {
    const row = this.rows.find((candidate) => candidate.id === id);
    if (!row || row.status === 'accepted' || row.status === 'rejected') return null;
    Object.assign(row, { status: review.status, reviewNote: review.note, reviewedBy: review.reviewedBy });
    return row;
  }
}

async function makeSut() {
  const customers = new InMemoryCustomerRepository()
    .add(makeCustomer({ id: 1, robloxId: '42', robloxUsername: 'Owner', isVerified: true }))
    .add(makeCustomer({ id: 2, robloxId: '43', robloxUsername: 'Newbie', isVerified: true }));
  const roblox = new InMemoryRoblox();
  roblox.addGroup('7', 'Cafe', [
    ['Guest member', 1],
    ['Staff', 10],
    ['Owner', 255],
  ]);
  roblox.addUser('43', 'Newbie');
  roblox.join('42', '7', 'Owner');
  roblox.join('43', '7', 'Guest member');
  const connected = new InMemoryConnectedGroups();
  await new ConnectGroup(customers, roblox, groupsOf(roblox), connected, new SequentialRandom(), RANK_CHECK).execute(
    1,
    connectGroupSchema.parse({ groupId: '7', rankPermissions: [{ rankId: 1, canAccessWorkspace: true }] }),
  );
  const access = new GroupAccessPolicy(customers, roblox, connected, RANK_CHECK);
  const cloud = new InMemoryOpenCloud(roblox);
  const keys = new InMemoryOpenCloudKeys();
  const audit = new InMemoryRankAudit();
  const ranks = new RecordingMemberRanks();
  const ranking = new ChangeMemberRank(
    access,
    new RankingEngine(cloud, keys, audit, roblox, customers, ranks, {
      roleSync: new RecordingRoleSync(),
      rankCache: ranks,
      notifications: new InMemoryNotifications(),
    }),
  );
  const applications = new Applications();
  return { sut: new ReviewApplication(access, applications, ranking, clock), applications, keys, audit };
}

describe('ReviewApplication', () => {
  it('accepts with a note, ranking the applicant first as an application change', async () => {
    const { sut, keys, audit } = await makeSut();
    await keys.save('7', newOpenCloudKey('good-key', { savedAt: clock.now() }));
    const reviewed = await sut.execute(1, '7', 1, {
      decision: 'accepted',
      note: 'Welcome',
      rank: { userId: '43', rankId: 10 },
    });
    expect(reviewed.application).toMatchObject({ status: 'accepted', reviewNote: 'Welcome', reviewedBy: 'Owner' });
    expect(reviewed.rankChange).toMatchObject({ source: 'application', toRank: 10 });
    expect(audit.rows).toHaveLength(1);
    await expect(sut.execute(1, '7', 1, { decision: 'rejected' })).rejects.toThrow(
      new Conflict('ROBLOX.APPLICATION_REVIEWED', ALREADY_REVIEWED),
    );
  });

  it('leaves the application pending when the rank change is refused', async () => {
    const { sut, applications } = await makeSut();
    // No Open Cloud key saved: the ranking refuses, the review is not written.
    await expect(
      sut.execute(1, '7', 1, { decision: 'accepted', rank: { userId: '43', rankId: 10 } }),
    ).rejects.toBeInstanceOf(Conflict);
    expect(applications.rows[0]!.status).toBe('pending');
  });

  it('refuses non-managers, a rank on a rejection and an unknown application', async () => {
    const { sut } = await makeSut();
    await expect(sut.execute(2, '7', 1, { decision: 'accepted' })).rejects.toBeInstanceOf(Forbidden);
    await expect(
      sut.execute(1, '7', 1, { decision: 'rejected', rank: { userId: '43', rankId: 10 } }),
    ).rejects.toBeInstanceOf(Invalid);
    await expect(sut.execute(1, '7', 9, { decision: 'accepted' })).rejects.toBeInstanceOf(NotFound);
  });
});
