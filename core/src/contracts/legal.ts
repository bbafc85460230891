import { z } from 'zod';
import { LIMITS } from './limits.ts';
import {
  CASE_STATUSES,
  CASE_TYPES,
  DEFAULT_SEVERITY,
  DOCUMENT_TYPES,
  REPORT_STATUSES,
  REPORT_TYPES,
  SEVERITIES,
  VIOLATION_STATUSES,
  VIOLATION_TYPES,
} from '../legal/legalRecords.ts';

export {
  CASE_STATUSES,
  CASE_TYPES,
  DOCUMENT_TYPES,
  LEGAL_KINDS,
  REPORT_STATUSES,
  REPORT_TYPES,
  SEVERITIES,
  VIOLATION_STATUSES,
  VIOLATION_TYPES,
  type ComplianceReport,
  type LegalCase,
  type LegalDocument,
  type LegalKind,
  type PolicyViolation,
} from '../legal/legalRecords.ts';

const required = (label: string, max: number) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, { message: `${label} is required` })
    .max(max, { message: `${label} must be at most ${max} characters` });

const choice = <T extends readonly [string, ...string[]]>(values: T, what: string) =>
  z.enum(values, { message: `Choose a ${what}` });

const severity = choice(SEVERITIES, 'severity').default(DEFAULT_SEVERITY);

/** POST /api/legal/cases and the Create Legal Case dialog; reportedBy and caseNumber are the server's. */
export const createLegalCaseSchema = z.object({
  title: required('Case title', LIMITS.title),
  caseType: choice(CASE_TYPES, 'case type'),
  severity,
  description: required('Description', LIMITS.legalText),
});
export type CreateLegalCaseInput = z.input<typeof createLegalCaseSchema>;

/** POST /api/legal/violations and the Report Policy Violation dialog. */
export const reportPolicyViolationSchema = z.object({
  violationType: choice(VIOLATION_TYPES, 'violation type'),
  description: required('Description', LIMITS.legalText),
  severity,
});
export type ReportPolicyViolationInput = z.input<typeof reportPolicyViolationSchema>;

/** POST /api/legal/documents and the Create Legal Document dialog. */
export const createLegalDocumentSchema = z.object({
  title: required('Document title', LIMITS.title),
  documentType: choice(DOCUMENT_TYPES, 'document type'),
  version: required('Version', LIMITS.version),
  content: required('Content', LIMITS.legalDocument),
});
export type CreateLegalDocumentInput = z.input<typeof createLegalDocumentSchema>;

/** POST /api/legal/compliance and the Generate Compliance Report dialog. */
export const generateComplianceReportSchema = z.object({
  title: required('Report title', LIMITS.title),
  reportType: choice(REPORT_TYPES, 'report type'),
  reportPeriod: required('Report period', LIMITS.type),
  description: required('Description', LIMITS.legalText),
});
export type GenerateComplianceReportInput = z.input<typeof generateComplianceReportSchema>;

/** PATCH /api/legal/cases/{id}. */
export const caseStatusChangeSchema = z.object({ status: choice(CASE_STATUSES, 'status') });

/** PATCH /api/legal/violations/{id}; the action text is required when moving to action_taken (checked by the use case). */
export const violationStatusChangeSchema = z.object({
  status: choice(VIOLATION_STATUSES, 'status'),
  actionTaken: z
    .string()
    .trim()
    .max(LIMITS.legalText, { message: `Action taken must be at most ${LIMITS.legalText} characters` })
    .optional(),
});

/** PATCH /api/legal/compliance/{id}. */
export const reportStatusChangeSchema = z.object({ status: choice(REPORT_STATUSES, 'status') });

/** PATCH /api/legal/documents/{id}. */
export const documentActivationSchema = z.object({ isActive: z.boolean({ message: 'isActive must be true or false' }) });

/** GET /api/legal/{kind}: ?limit= and ?before=<id> (the X-Next-Cursor of the previous page). */
export const legalListQuerySchema = z.object({
  limit: z.coerce.number().int().positive().optional(),
  before: z.coerce.number().int().positive().optional(),
});

/** Response header carrying the cursor of the next (older) page; absent on the last page. */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

export type { LegalSummaryCounts as LegalSummary } from '../legal/summarizeLegalAffairs/summarizeLegalAffairs.ts';
export { CASE_MOVES, REPORT_MOVES, VIOLATION_MOVES } from '../legal/statusMoves.ts';

/** A record as JSON carries it: dates become ISO text. */
export type Wire<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };
