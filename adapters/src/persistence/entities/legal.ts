import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { col } from './columns.ts';
import { User } from './customer.ts';

const staffRef = () => p.integer().nullable();
/**
 * The customer account a record concerns (spec 3's target_user_id and user_id, written since issue 36). Deleting
 * the account keeps the record, which no longer names anyone.
 */
const customerRef = (column: string) => () =>
  p.manyToOne(User).fieldName(column).nullable().deleteRule('set null').index();

export const LegalCase = defineEntity({
  name: 'LegalCase',
  tableName: 'legal_cases',
  properties: {
    id: col.id(),
    caseNumber: p.string().length(32).unique(),
    title: col.title(),
    description: col.text(),
    caseType: col.type(),
    severity: col.type().default('medium'),
    status: col.status().default('investigation'),
    reportedBy: staffRef(),
    assignedTo: staffRef(),
    targetUser: customerRef('target_user_id'),
    targetDiscordId: col.externalId().nullable(),
    targetRobloxId: col.externalId().nullable(),
    evidence: col.text().nullable(),
    actionTaken: col.text().nullable(),
    resolution: col.text().nullable(),
    followUpRequired: p.boolean().default(false),
    followUpDate: p.datetime().nullable(),
    createdAt: col.createdAt().index(),
    updatedAt: col.updatedAt(),
  },
});
export type LegalCaseRecord = InferEntity<typeof LegalCase>;

export const LegalDocument = defineEntity({
  name: 'LegalDocument',
  tableName: 'legal_documents',
  properties: {
    id: col.id(),
    title: col.title(),
    documentType: col.type(),
    content: col.text(),
    version: p.string().length(20),
    isActive: p.boolean().default(true),
    effectiveDate: p.datetime().nullable(),
    createdBy: staffRef(),
    approvedBy: staffRef(),
    approvedAt: p.datetime().nullable(),
    createdAt: col.createdAt().index(),
    updatedAt: col.updatedAt(),
  },
});
export type LegalDocumentRecord = InferEntity<typeof LegalDocument>;

export const ComplianceReport = defineEntity({
  name: 'ComplianceReport',
  tableName: 'compliance_reports',
  properties: {
    id: col.id(),
    reportType: col.type(),
    title: col.title(),
    description: col.text(),
    findings: col.text().nullable(),
    recommendations: col.text().nullable(),
    status: col.status().default('draft'),
    reportPeriod: p.string().length(50),
    generatedBy: staffRef(),
    reviewedBy: staffRef(),
    publishedAt: p.datetime().nullable(),
    createdAt: col.createdAt().index(),
    updatedAt: col.updatedAt(),
  },
});
export type ComplianceReportRecord = InferEntity<typeof ComplianceReport>;

export const PolicyViolation = defineEntity({
  name: 'PolicyViolation',
  tableName: 'policy_violations',
  properties: {
    id: col.id(),
    violationType: col.type(),
    description: col.text(),
    severity: col.type().default('medium'),
    user: customerRef('user_id'),
    discordId: col.externalId().nullable(),
    robloxId: col.externalId().nullable(),
    evidence: col.text().nullable(),
    actionTaken: col.text().nullable(),
    actionDuration: p.string().length(50).nullable(),
    reportedBy: staffRef(),
    reviewedBy: staffRef(),
    status: col.status().default('pending'),
    appealable: p.boolean().default(true),
    createdAt: col.createdAt().index(),
    updatedAt: col.updatedAt(),
  },
});
export type PolicyViolationRecord = InferEntity<typeof PolicyViolation>;
