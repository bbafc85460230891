import type { GroupAccessPolicy } from '../groupAccess.ts';
import type { GroupDocuments, WorkspaceDocument } from '../workspacePorts.ts';

/** GET /api/roblox/groups/{id}/documents: members read the documents their current rank may see, managers all. */
export class ListDocuments {
  readonly #access: GroupAccessPolicy;
  readonly #documents: GroupDocuments;
  readonly #limit: number;

  constructor(access: GroupAccessPolicy, documents: GroupDocuments, limit: number) {
    this.#access = access;
    this.#documents = documents;
    this.#limit = limit;
  }

  async execute(customerId: number | undefined, groupId: string): Promise<WorkspaceDocument[]> {
    const { canManage, role } = await this.#access.view(customerId, groupId);
    return this.#documents.list(groupId, this.#limit, canManage ? undefined : role.rank);
  }
}
