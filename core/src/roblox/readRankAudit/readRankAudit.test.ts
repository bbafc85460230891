import { describe, expect, it } from 'vitest';
import { Forbidden } from '../../shared/errors.ts';
import { InMemoryRankAudit } from '../testing/fakes.ts';
import { connectedWorkspace, GROUP, OWNER, STAFF } from '../testing/workspace.ts';
import { ReadRankAudit } from './readRankAudit.ts';

const change = (targetUserId: string) => ({
  groupId: GROUP,
  actorName: 'Owner',
  actorRobloxId: '42',
  targetUserId,
  targetName: `U${targetUserId}`,
  fromRank: 1,
  fromRoleName: 'Member',
  toRank: 10,
  toRoleName: 'Staff',
  reason: 'Passed training',
  source: 'manual' as const,
  result: 'succeeded' as const,
  error: null,
});

describe('ReadRankAudit', () => {
  it('shows managers the latest rank changes up to the limit, and no one else', async () => {
    const { access } = await connectedWorkspace();
    const audit = new InMemoryRankAudit();
    await audit.record(change('43'));
    await audit.record(change('44'));
    const sut = new ReadRankAudit(access, audit, 1);
    expect((await sut.execute(OWNER, GROUP)).map((row) => row.targetUserId)).toEqual(['44']);
    await expect(sut.execute(STAFF, GROUP)).rejects.toBeInstanceOf(Forbidden);
  });
});
