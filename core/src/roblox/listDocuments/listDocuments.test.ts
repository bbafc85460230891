import { describe, expect, it } from 'vitest';
import { Forbidden } from '../../shared/errors.ts';
import { connectedWorkspace, GROUP, MEMBER, OWNER, STAFF } from '../testing/workspace.ts';
import { InMemoryDocuments } from '../testing/workspaceFakes.ts';
import { CreateDocument } from '../createDocument/createDocument.ts';
import { ListDocuments } from './listDocuments.ts';

describe('ListDocuments', () => {
  it('shows members the documents their rank may see, managers all of them', async () => {
    const { access } = await connectedWorkspace({
      rankPermissions: [{ ...noPermissions, rankId: 1, canAccessWorkspace: true }],
    });
    const documents = new InMemoryDocuments();
    const create = new CreateDocument(access, documents);
    await create.execute(OWNER, GROUP, { title: 'Rules', type: 'rules', body: '# Be kind', rankIds: [] });
    await create.execute(OWNER, GROUP, { title: 'HR', type: 'hr', body: 'x', rankIds: [10] });
    const sut = new ListDocuments(access, documents, 50);
    expect((await sut.execute(MEMBER, GROUP)).map((doc) => doc.title)).toEqual(['Rules']);
    expect((await sut.execute(OWNER, GROUP)).map((doc) => doc.title)).toEqual(['Rules', 'HR']);
  });

  it('shows nothing to members without workspace access', async () => {
    const { access } = await connectedWorkspace();
    const sut = new ListDocuments(access, new InMemoryDocuments(), 50);
    await expect(sut.execute(MEMBER, GROUP)).rejects.toBeInstanceOf(Forbidden);
    expect(await sut.execute(STAFF, GROUP)).toEqual([]);
  });
});

const noPermissions = {
  canAccessWorkspace: false,
  canRequestTimeoff: false,
  canViewModeration: false,
  canAssignHostSelf: false,
  canAssignHostOthers: false,
  canAssignCoHostSelf: false,
};
