/** In-memory stand-ins for the workspace ports (quotas, documents, time off, records), shared by its use case tests. */
import type { Application, GroupMemberEntry, GroupRecords, TrainingSession } from '../groupPorts.ts';
import type {
  GroupDocuments,
  GroupQuotas,
  Quota,
  StoredQuota,
  TimeOff,
  TimeOffRequests,
  WorkspaceDocument,
} from '../workspacePorts.ts';

export class InMemoryQuotas implements GroupQuotas {
  rows: StoredQuota[] = [];
  async list() {
    return this.rows;
  }
  async replace(_groupId: string, quotas: Quota[]) {
    this.rows = quotas.map((quota, index) => ({ ...quota, id: index + 1 }));
    return this.rows;
  }
}

export class InMemoryDocuments implements GroupDocuments {
  rows: WorkspaceDocument[] = [];
  async add(_groupId: string, document: Omit<WorkspaceDocument, 'id' | 'createdAt'>) {
    const row = { ...document, id: this.rows.length + 1, createdAt: new Date() };
    this.rows.push(row);
    return row;
  }
  async list(_groupId: string, limit: number, rank?: number) {
    return this.rows
      .filter((row) => rank === undefined || row.rankIds.length === 0 || row.rankIds.includes(rank))
      .slice(0, limit);
  }
}

export class InMemoryTimeOff implements TimeOffRequests {
  rows: TimeOff[] = [];
  async add(request: Parameters<TimeOffRequests['add']>[0]) {
    const row: TimeOff = {
      ...request,
      id: this.rows.length + 1,
      status: 'pending',
      note: null,
      decidedBy: null,
      decidedAt: null,
      createdAt: new Date(),
    };
    this.rows.push(row);
    return row;
  }
  async list(groupId: string, limit: number, robloxUserId?: string) {
    return this.rows
      .filter((row) => row.groupId === groupId && (!robloxUserId || row.robloxUserId === robloxUserId))
      .slice(0, limit);
  }
  async find(groupId: string, id: number) {
    return this.rows.find((row) => row.groupId === groupId && row.id === id) ?? null;
  }
  async decide(
    groupId: string,
    id: number,
    decision: Pick<TimeOff, 'note' | 'decidedBy' | 'decidedAt'> & { status: 'approved' | 'declined' },
  ) {
    const row = this.rows.find((candidate) => candidate.groupId === groupId && candidate.id === id);
    if (!row || row.status !== 'pending') return null;
    Object.assign(row, decision);
    return row;
  }
  async excusedBetween() {
    return new Set<string>();
  }
}

/** GroupFlow's own records of a group as the workspace's lists and managers' forms use them. */
export class InMemoryGroupRecords implements Pick<
  GroupRecords,
  | 'members'
  | 'applications'
  | 'addApplication'
  | 'setApplicationStatus'
  | 'training'
  | 'addTraining'
  | 'setTrainingStatus'
  | 'counts'
> {
  readonly memberRows: GroupMemberEntry[] = [];
  readonly applicationRows: (Application & { createdBy: number })[] = [];
  readonly trainingRows: (TrainingSession & { createdBy: number })[] = [];
  /** Every list call's limit, so tests see the configured one is used. */
  readonly limits: number[] = [];

  async members(_groupId: string, limit: number) {
    this.limits.push(limit);
    return this.memberRows.slice(0, limit);
  }
  async applications(_groupId: string, limit: number) {
    this.limits.push(limit);
    return this.applicationRows.slice(0, limit);
  }
  async addApplication(_groupId: string, input: Pick<Application, 'applicantName' | 'desiredRank'>, createdBy: number) {
    const row = { ...input, id: this.applicationRows.length + 1, status: 'pending', createdAt: new Date(0), createdBy };
    this.applicationRows.push(row);
    return row;
  }
  async setApplicationStatus(_groupId: string, id: number, status: string) {
    const row = this.applicationRows.find((candidate) => candidate.id === id);
    if (row) row.status = status;
    return row ?? null;
  }
  async training(_groupId: string, limit: number) {
    this.limits.push(limit);
    return this.trainingRows.slice(0, limit);
  }
  async addTraining(_groupId: string, input: Omit<TrainingSession, 'id' | 'status'>, createdBy: number) {
    const row = { ...input, id: this.trainingRows.length + 1, status: 'scheduled', createdBy };
    this.trainingRows.push(row);
    return row;
  }
  async setTrainingStatus(_groupId: string, id: number, status: string) {
    const row = this.trainingRows.find((candidate) => candidate.id === id);
    if (row) row.status = status;
    return row ?? null;
  }
  async counts() {
    return {
      members: this.memberRows.length,
      pendingApplications: this.applicationRows.filter((row) => row.status === 'pending').length,
      trainingSessions: this.trainingRows.length,
    };
  }
}
