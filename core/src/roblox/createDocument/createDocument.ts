import type { GroupAccessPolicy } from '../groupAccess.ts';
import type { GroupDocuments, WorkspaceDocument } from '../workspacePorts.ts';

/** POST /api/roblox/groups/{id}/documents: managers write documents for chosen ranks (none chosen: everyone). */
export class CreateDocument {
  readonly #access: GroupAccessPolicy;
  readonly #documents: GroupDocuments;

  constructor(access: GroupAccessPolicy, documents: GroupDocuments) {
    this.#access = access;
    this.#documents = documents;
  }

  async execute(
    customerId: number | undefined,
    groupId: string,
    input: Pick<WorkspaceDocument, 'title' | 'type' | 'body' | 'rankIds'>,
  ): Promise<WorkspaceDocument> {
    const { customer } = await this.#access.manage(customerId, groupId);
    return this.#documents.add(groupId, {
      ...input,
      rankIds: [...new Set(input.rankIds)].sort((a, b) => a - b),
      createdBy: customer.robloxUsername,
    });
  }
}
