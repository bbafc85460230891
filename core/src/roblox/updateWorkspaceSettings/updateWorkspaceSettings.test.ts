import { describe, expect, it } from 'vitest';
import { Forbidden } from '../../shared/errors.ts';
import { connectedWorkspace, GROUP, OWNER, STAFF } from '../testing/workspace.ts';
import { UpdateWorkspaceSettings } from './updateWorkspaceSettings.ts';

const endpointOf = (groupId: string) => `https://groupflow.test/activity/${groupId}`;

describe('UpdateWorkspaceSettings', () => {
  it('changes only what is sent, lists each role once and turns auto promotion off in both places', async () => {
    const { access, connected, random } = await connectedWorkspace({ autoRank: true });
    const sut = new UpdateWorkspaceSettings(access, connected, random, endpointOf);
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
    const { access, connected, random, activityKey } = await connectedWorkspace();
    const sut = new UpdateWorkspaceSettings(access, connected, random, endpointOf);
    const { activityKey: rotated } = await sut.execute(OWNER, GROUP, { rotateActivityKey: true });
    expect(rotated).toBeDefined();
    expect(rotated).not.toBe(activityKey);
    expect(await connected.activityKeyHolder(GROUP, activityKey)).toBeNull();
  });

  it('is for managers only', async () => {
    const { access, connected, random } = await connectedWorkspace();
    const sut = new UpdateWorkspaceSettings(access, connected, random, endpointOf);
    await expect(sut.execute(STAFF, GROUP, { quotaSystem: true })).rejects.toBeInstanceOf(Forbidden);
    expect((await connected.find(GROUP))?.quotaSystem).toBe(false);
  });
});
