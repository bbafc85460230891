import type { Application, GroupMemberEntry, GroupRecords, TrainingSession } from '@groupflow/core';
import type { Orm } from '../database.ts';
import { GroupMember } from '../entities/groups.ts';
import {
  GroupApplication,
  GroupTrainingSession,
  type GroupApplicationRecord,
  type GroupTrainingSessionRecord,
} from '../entities/roblox.ts';

const toApplication = (row: GroupApplicationRecord): Application => ({
  id: row.id,
  applicantName: row.applicantName,
  desiredRank: row.desiredRank,
  status: row.status,
  createdAt: row.createdAt,
});

const toTraining = (row: GroupTrainingSessionRecord): TrainingSession => ({
  id: row.id,
  title: row.title,
  hostName: row.hostName,
  participantCount: row.participantCount,
  status: row.status,
  type: row.type,
  scheduledAt: row.scheduledAt ?? null,
});

/** Members, applications and training sessions of connected groups. */
export class MikroOrmGroupRecords implements GroupRecords {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async members(groupId: string, limit: number): Promise<GroupMemberEntry[]> {
    const rows = await this.#orm.em.find(
      GroupMember,
      { groupId },
      { orderBy: { isOnline: 'desc', rankId: 'desc', lastOnline: 'desc', username: 'asc' }, limit },
    );
    return rows.map((row) => ({
      userId: row.userId,
      username: row.username,
      displayName: row.displayName ?? null,
      rankId: row.rankId ?? null,
      rankName: row.rankName ?? null,
      isTracked: Boolean(row.trackedAt),
      isOnline: row.isOnline,
      lastOnline: row.lastOnline ?? null,
    }));
  }

  async applications(groupId: string, limit: number) {
    const rows = await this.#orm.em.find(
      GroupApplication,
      { groupId },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit },
    );
    return rows.map(toApplication);
  }

  async addApplication(groupId: string, input: Pick<Application, 'applicantName' | 'desiredRank'>, createdBy: number) {
    const row = this.#orm.em.create(GroupApplication, { groupId, ...input, createdBy });
    await this.#orm.em.flush();
    return toApplication(row);
  }

  async setApplicationStatus(groupId: string, id: number, status: string) {
    const row = await this.#orm.em.findOne(GroupApplication, { id, groupId });
    if (!row) return null;
    row.status = status;
    await this.#orm.em.flush();
    return toApplication(row);
  }

  async training(groupId: string, limit: number) {
    const rows = await this.#orm.em.find(
      GroupTrainingSession,
      { groupId },
      { orderBy: { scheduledAt: 'asc', id: 'desc' }, limit },
    );
    return rows.map(toTraining);
  }

  async addTraining(groupId: string, input: Omit<TrainingSession, 'id' | 'status'>, createdBy: number) {
    const row = this.#orm.em.create(GroupTrainingSession, { groupId, ...input, createdBy });
    await this.#orm.em.flush();
    return toTraining(row);
  }

  async setTrainingStatus(groupId: string, id: number, status: string) {
    const row = await this.#orm.em.findOne(GroupTrainingSession, { id, groupId });
    if (!row) return null;
    row.status = status;
    await this.#orm.em.flush();
    return toTraining(row);
  }

  async counts(groupId: string) {
    const [row] = await this.#orm.em.getConnection().execute<{ members: string; pending: string; training: string }[]>(
      `select (select count(*) from group_members where group_id = ?) as members,
              (select count(*) from group_applications where group_id = ? and status = 'pending') as pending,
              (select count(*) from group_training_sessions where group_id = ? and status in ('scheduled', 'upcoming', 'active')) as training`,
      [groupId, groupId, groupId],
    );
    return {
      members: Number(row!.members),
      pendingApplications: Number(row!.pending),
      trainingSessions: Number(row!.training),
    };
  }

  async setMemberRank(groupId: string, userId: string, rankId: number, rankName: string) {
    await this.#orm.em.nativeUpdate(GroupMember, { groupId, userId }, { rankId, rankName });
  }

  async findApplication(groupId: string, id: number) {
    const row = await this.#orm.em.findOne(GroupApplication, { groupId, id });
    return row ? toApplication(row) : null;
  }

  async reviewApplication(
    groupId: string,
    id: number,
    review: { status: 'accepted' | 'rejected'; note: string | null; reviewedBy: string; reviewedAt: Date },
  ) {
    const em = this.#orm.em.fork();
    const changed = await em.nativeUpdate(
      GroupApplication,
      { groupId, id, status: { $nin: ['accepted', 'rejected'] } },
      { status: review.status, reviewNote: review.note, reviewedBy: review.reviewedBy, reviewedAt: review.reviewedAt },
    );
    if (changed === 0) return null;
    const row = await em.findOneOrFail(GroupApplication, { groupId, id });
    return { ...toApplication(row), reviewNote: row.reviewNote ?? null, reviewedBy: row.reviewedBy ?? null };
  }
}
