import { describe, expect, it } from 'vitest';
import { Forbidden } from '../../shared/errors.ts';
import { connectedWorkspace, GROUP, OWNER, STAFF } from '../testing/workspace.ts';
import { ReadWorkspaceSettings } from './readWorkspaceSettings.ts';

const endpointOf = (groupId: string) => `https://groupflow.test/activity/${groupId}`;

describe('ReadWorkspaceSettings', () => {
  it('shows managers the settings with the key only by its first characters and where servers report', async () => {
    const { access, activityKey } = await connectedWorkspace({ autoRank: true });
    const sut = new ReadWorkspaceSettings(access, endpointOf);
    const settings = await sut.execute(OWNER, GROUP);
    expect(settings).toMatchObject({
      activityTracking: true,
      autoPromotions: true,
      authorizedRoles: ['Owner'],
      activityEndpoint: 'https://groupflow.test/activity/7',
    });
    expect(settings).not.toHaveProperty('activityKey');
    expect(activityKey.startsWith(settings.activityKeyPrefix)).toBe(true);
  });

  it('is for managers only', async () => {
    const { access } = await connectedWorkspace();
    await expect(new ReadWorkspaceSettings(access, endpointOf).execute(STAFF, GROUP)).rejects.toBeInstanceOf(Forbidden);
  });
});
