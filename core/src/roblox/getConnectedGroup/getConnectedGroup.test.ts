import { describe, expect, it } from 'vitest';
import { Forbidden } from '../../shared/errors.ts';
import { connectedWorkspace, GROUP, MEMBER, STAFF, STRANGER } from '../testing/workspace.ts';
import { GetConnectedGroup } from './getConnectedGroup.ts';

describe('GetConnectedGroup', () => {
  it('answers the group to members with workspace access, and to no one else', async () => {
    const { access } = await connectedWorkspace();
    const sut = new GetConnectedGroup(access);
    expect(await sut.execute(STAFF, GROUP)).toMatchObject({ groupId: GROUP, name: 'Cafe', connectedBy: 1 });
    await expect(sut.execute(MEMBER, GROUP)).rejects.toBeInstanceOf(Forbidden);
    await expect(sut.execute(STRANGER, GROUP)).rejects.toBeInstanceOf(Forbidden);
  });
});
