import type { GroupAccessPolicy } from '../groupAccess.ts';
import type { GroupDocuments, WorkspaceDocument } from '../workspacePorts.ts';

/**
 * POST, GET /api/roblox/groups/{id}/documents: managers write documents for chosen ranks (or everyone); members
 * read the ones their current rank may see, managers all of them.
 */
export class ManageDocuments {
  readonly #access: GroupAccessPolicy;
  readonly #documents: GroupDocuments;
  readonly #limit: number;

  constructor(access: GroupAccessPolicy, documents: GroupDocuments, limit: number) {
    this.#access = access;
    this.#documents = documents;
    this.#limit = limit;
  }

  async create(
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

  async list(customerId: number | undefined, groupId: string): Promise<WorkspaceDocument[]> {
    const { canManage, role } = await this.#access.view(customerId, groupId);
    return this.#documents.list(groupId, this.#limit, canManage ? undefined : role.rank);
  }
}
