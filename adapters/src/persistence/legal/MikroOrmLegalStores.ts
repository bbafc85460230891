import type { EntityName, RequiredEntityData } from '@mikro-orm/core';
import type {
  ComplianceReport,
  LegalCase,
  LegalDocument,
  LegalPage,
  LegalRecordStore,
  LegalStores,
  NewComplianceReport,
  NewLegalCase,
  NewLegalDocument,
  NewPolicyViolation,
  PolicyViolation,
} from '@groupflow/core';
import type { Orm } from '../database.ts';
import {
  ComplianceReport as ComplianceReportEntity,
  LegalCase as LegalCaseEntity,
  LegalDocument as LegalDocumentEntity,
  PolicyViolation as PolicyViolationEntity,
  type ComplianceReportRecord,
  type LegalCaseRecord,
  type LegalDocumentRecord,
  type PolicyViolationRecord,
} from '../entities/index.ts';

/**
 * One legal table. The domain field names are the entity's property names, so the use case's filters and
 * changes (never request bodies) are passed through; rows are copied out field by field. `customer` names the
 * relation to the customer account a record concerns, loaded with every read for the account's name.
 */
class MikroOrmLegalStore<R extends { id: number }, N, E extends object> implements LegalRecordStore<R, N> {
  readonly #orm: Orm;
  readonly #entity: EntityName<E>;
  readonly #toRecord: (row: E) => R;
  readonly #toRow: (record: N) => RequiredEntityData<E>;
  readonly #populate: never[];

  constructor(
    orm: Orm,
    entity: EntityName<E>,
    toRecord: (row: E) => R,
    toRow: (record: N) => RequiredEntityData<E>,
    customer?: string,
  ) {
    this.#orm = orm;
    this.#entity = entity;
    this.#toRecord = toRecord;
    this.#toRow = toRow;
    this.#populate = (customer === undefined ? [] : [customer]) as never[];
  }

  async add(record: N): Promise<R> {
    const em = this.#orm.em;
    const row = em.create(this.#entity, this.#toRow(record));
    await em.flush();
    await em.populate(row, this.#populate);
    return this.#toRecord(row);
  }

  async findById(id: number): Promise<R | null> {
    // refresh: a status change writes with a native UPDATE, which the identity map does not see.
    const row = await this.#orm.em.findOne(this.#entity, { id } as never, {
      refresh: true,
      populate: this.#populate,
    });
    return row && this.#toRecord(row);
  }

  async list(page: LegalPage): Promise<R[]> {
    const where = (page.beforeId === undefined ? {} : { id: { $lt: page.beforeId } }) as never;
    const rows = await this.#orm.em.find(this.#entity, where, {
      orderBy: { id: 'desc' } as never,
      limit: page.limit,
      populate: this.#populate,
    });
    return rows.map(this.#toRecord);
  }

  count(where: Partial<R> = {}): Promise<number> {
    return this.#orm.em.count(this.#entity, where as never);
  }

  async updateIf(id: number, expected: Partial<R>, changes: Partial<R>): Promise<boolean> {
    const changed = await this.#orm.em.nativeUpdate(this.#entity, { ...expected, id } as never, changes as never);
    return changed === 1;
  }
}

export function mikroOrmLegalStores(orm: Orm): LegalStores {
  return {
    cases: new MikroOrmLegalStore<LegalCase, NewLegalCase, LegalCaseRecord>(
      orm,
      LegalCaseEntity,
      toCase,
      (c) => ({
        caseNumber: c.caseNumber,
        title: c.title,
        description: c.description,
        caseType: c.caseType,
        severity: c.severity,
        status: c.status,
        reportedBy: c.reportedBy,
        targetUser: c.customerId,
      }),
      'targetUser',
    ),
    violations: new MikroOrmLegalStore<PolicyViolation, NewPolicyViolation, PolicyViolationRecord>(
      orm,
      PolicyViolationEntity,
      toViolation,
      (v) => ({
        violationType: v.violationType,
        description: v.description,
        severity: v.severity,
        status: v.status,
        actionTaken: v.actionTaken,
        reportedBy: v.reportedBy,
        reviewedBy: v.reviewedBy,
        user: v.customerId,
      }),
      'user',
    ),
    documents: new MikroOrmLegalStore<LegalDocument, NewLegalDocument, LegalDocumentRecord>(
      orm,
      LegalDocumentEntity,
      toDocument,
      (d) => ({
        title: d.title,
        documentType: d.documentType,
        version: d.version,
        content: d.content,
        isActive: d.isActive,
        createdBy: d.createdBy,
      }),
    ),
    compliance: new MikroOrmLegalStore<ComplianceReport, NewComplianceReport, ComplianceReportRecord>(
      orm,
      ComplianceReportEntity,
      toReport,
      (r) => ({
        title: r.title,
        reportType: r.reportType,
        reportPeriod: r.reportPeriod,
        description: r.description,
        status: r.status,
        generatedBy: r.generatedBy,
        publishedAt: r.publishedAt,
      }),
    ),
  };
}

/**
 * A type or status column as the domain types it: the columns are plain varchar, and only this store writes them,
 * from records whose fields the domain and the routes' schemas already narrowed to the allowed values.
 */
const stored = <T extends string>(value: string): T => value as T;

function toCase(row: LegalCaseRecord): LegalCase {
  return {
    id: row.id,
    caseNumber: row.caseNumber,
    title: row.title,
    description: row.description,
    caseType: stored(row.caseType),
    severity: stored(row.severity),
    status: stored(row.status),
    reportedBy: row.reportedBy ?? null,
    customerId: row.targetUser?.id ?? null,
    customerName: row.targetUser?.username ?? null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function toViolation(row: PolicyViolationRecord): PolicyViolation {
  return {
    id: row.id,
    violationType: stored(row.violationType),
    description: row.description,
    severity: stored(row.severity),
    status: stored(row.status),
    actionTaken: row.actionTaken ?? null,
    reportedBy: row.reportedBy ?? null,
    reviewedBy: row.reviewedBy ?? null,
    customerId: row.user?.id ?? null,
    customerName: row.user?.username ?? null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function toDocument(row: LegalDocumentRecord): LegalDocument {
  return {
    id: row.id,
    title: row.title,
    documentType: stored(row.documentType),
    version: row.version,
    content: row.content,
    isActive: row.isActive,
    createdBy: row.createdBy ?? null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function toReport(row: ComplianceReportRecord): ComplianceReport {
  return {
    id: row.id,
    title: row.title,
    reportType: stored(row.reportType),
    reportPeriod: row.reportPeriod,
    description: row.description,
    status: stored(row.status),
    generatedBy: row.generatedBy ?? null,
    publishedAt: row.publishedAt ?? null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
