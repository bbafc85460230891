import { describe, expect, it } from 'vitest';
import { Forbidden } from '../../shared/errors.ts';
import { connectedWorkspace, GROUP, OWNER, STAFF } from '../testing/workspace.ts';
import { InMemoryDocuments } from '../testing/workspaceFakes.ts';
import { CreateDocument } from './createDocument.ts';

describe('CreateDocument', () => {
  it('lets managers write a document for chosen ranks, each rank once, signed with their name', async () => {
    const { access } = await connectedWorkspace();
    const documents = new InMemoryDocuments();
    const sut = new CreateDocument(access, documents);
    const staffOnly = await sut.execute(OWNER, GROUP, { title: 'HR', type: 'hr', body: 'x', rankIds: [10, 10] });
    expect(staffOnly).toMatchObject({ rankIds: [10], createdBy: 'Owner' });
    await expect(
      sut.execute(STAFF, GROUP, { title: 'x', type: 'rules', body: 'x', rankIds: [] }),
    ).rejects.toBeInstanceOf(Forbidden);
    expect(documents.rows).toHaveLength(1);
  });
});
