import { describe, expect, it } from 'vitest';
import { Forbidden } from '../../shared/errors.ts';
import { connectedWorkspace, GROUP, MANAGER, managedWorkspace, OWNER, STAFF } from '../testing/workspace.ts';
import { InMemoryNotifications } from '../testing/fakes.ts';
import { OwnerNotices } from '../automationAuthority.ts';
import { ReadWorkspaceSettings } from '../readWorkspaceSettings/readWorkspaceSettings.ts';
import { UpdateWorkspaceSettings } from './updateWorkspaceSettings.ts';

const endpointOf = (groupId: string) => `https://groupflow.test/activity/${groupId}`;

async function makeSut(world: Awaited<ReturnType<typeof connectedWorkspace>>) {
  const notifications = new InMemoryNotifications();
  const owner = new OwnerNotices(world.customers, notifications);
  return {
    ...world,
    notifications,
    sut: new UpdateWorkspaceSettings(world.access, world.connected, world.random, endpointOf, owner),
    read: new ReadWorkspaceSettings(world.access, endpointOf),
  };
}

describe('UpdateWorkspaceSettings', () => {
  it('changes only what is sent, lists each role once and turns auto promotion off in both places', async () => {
    const { sut, connected } = await makeSut(await connectedWorkspace({ autoRank: true }));
    const updated = await sut.execute(OWNER, GROUP, {
      autoPromotions: false,
      authorizedRoles: ['Owner', 'Staff', 'Staff'],
    });
    expect(updated).toMatchObject({
      autoPromotions: false,
      authorizedRoles: ['Owner', 'Staff'],
      themeColor: '#5865f2',
    });
    expect((await connected.find(GROUP))?.autoRank).toBe(false);
    expect(updated).not.toHaveProperty('activityKey');
  });

  it('rotates the activity key: the answer shows the new key once, the old one stops working', async () => {
    const { sut, connected, activityKey } = await makeSut(await connectedWorkspace());
    const { activityKey: rotated } = await sut.execute(OWNER, GROUP, { rotateActivityKey: true });
    expect(rotated).toBeDefined();
    expect(rotated).not.toBe(activityKey);
    expect(await connected.activityKeyHolder(GROUP, activityKey)).toBeNull();
  });

  it('is for managers only', async () => {
    const { sut, connected } = await makeSut(await connectedWorkspace());
    await expect(sut.execute(STAFF, GROUP, { quotaSystem: true })).rejects.toBeInstanceOf(Forbidden);
    expect((await connected.find(GROUP))?.quotaSystem).toBe(false);
  });

  it('keeps turning auto promotion on and rotating the activity key to the owner; a manager may turn it off', async () => {
    const { sut, connected, notifications } = await makeSut(await managedWorkspace());
    for (const change of [
      { autoPromotions: true },
      { rotateActivityKey: true },
      { quotaSystem: true, autoPromotions: true },
    ])
      await expect(sut.execute(MANAGER, GROUP, change), JSON.stringify(change)).rejects.toMatchObject({
        code: 'ROBLOX.AUTOMATION_NOT_PERMITTED',
      });
    expect(await connected.find(GROUP)).toMatchObject({
      autoRank: false,
      quotaSystem: false,
      activityKeyPrefix: 'key-1',
    });

    expect(await sut.execute(OWNER, GROUP, { autoPromotions: true })).toMatchObject({ autoPromotions: true });
    // The owner is not told of their own change.
    expect(notifications.rows).toEqual([]);
    expect(await sut.execute(MANAGER, GROUP, { autoPromotions: false })).toMatchObject({ autoPromotions: false });
    expect(await notifications.list(OWNER, 10)).toMatchObject([
      { kind: 'automation-changed', message: 'Manager turned automatic promotion off in Cafe.' },
    ]);
  });

  it('lets only the owner name the ranks that may; a named rank then may, and the owner hears of it', async () => {
    const { sut, read, notifications } = await makeSut(await managedWorkspace());
    expect(await read.execute(MANAGER, GROUP)).toMatchObject({
      automationRanks: [],
      canChangeAutomation: false,
      canChooseAutomationRanks: false,
    });
    await expect(sut.execute(MANAGER, GROUP, { automationRanks: [100] })).rejects.toMatchObject({
      code: 'ROBLOX.OWNER_ONLY',
    });
    expect(await sut.execute(OWNER, GROUP, { automationRanks: [100, 100] })).toMatchObject({
      automationRanks: [100],
      canChangeAutomation: true,
      canChooseAutomationRanks: true,
    });
    expect(await read.execute(MANAGER, GROUP)).toMatchObject({
      canChangeAutomation: true,
      canChooseAutomationRanks: false,
    });
    expect(await sut.execute(MANAGER, GROUP, { autoPromotions: true, rotateActivityKey: true })).toMatchObject({
      autoPromotions: true,
      activityKey: 'key-2',
    });
    expect((await notifications.list(OWNER, 10)).map((notice) => notice.message)).toEqual([
      'Manager rotated the activity key in Cafe.',
      'Manager turned automatic promotion on in Cafe.',
    ]);
  });
});
