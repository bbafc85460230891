import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { LIMITS } from './limits.ts';
import { NEXT_CURSOR_HEADER } from './nextCursor.ts';
import { pagedListQuerySchema } from './paging.ts';
import { idParamsSchema, isoDateTime } from './wire.ts';
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
  type LegalKind,
} from '../legal/legalRecords.ts';
import { text } from './text.ts';

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
  text({ message: `${label} is required` })
    .trim()
    .min(1, { message: `${label} is required` })
    .max(max, { message: `${label} must be at most ${max} characters` });

const choice = <T extends readonly [string, ...string[]]>(values: T, what: string) =>
  z.enum(values, { message: `Choose a ${what}` });

const severity = choice(SEVERITIES, 'severity').default(DEFAULT_SEVERITY);

/** The customer account a case or a violation report concerns (picked with API.customer.searchCustomers). */
const customerId = z
  .number({ message: 'customerId must be a customer account id' })
  .int({ message: 'customerId must be a customer account id' })
  .positive({ message: 'customerId must be a customer account id' })
  .optional();

/** POST /api/legal/cases and the Create Legal Case dialog; reportedBy and caseNumber are the server's. */
export const createLegalCaseSchema = z.object({
  title: required('Case title', LIMITS.title),
  caseType: choice(CASE_TYPES, 'case type'),
  severity,
  description: required('Description', LIMITS.legalText),
  customerId,
});
export type CreateLegalCaseInput = z.input<typeof createLegalCaseSchema>;

/** POST /api/legal/violations and the Report Policy Violation dialog. */
export const reportPolicyViolationSchema = z.object({
  violationType: choice(VIOLATION_TYPES, 'violation type'),
  description: required('Description', LIMITS.legalText),
  severity,
  customerId,
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
  actionTaken: text()
    .trim()
    .max(LIMITS.legalText, { message: `Action taken must be at most ${LIMITS.legalText} characters` })
    .optional(),
});

/** PATCH /api/legal/compliance/{id}. */
export const reportStatusChangeSchema = z.object({ status: choice(REPORT_STATUSES, 'status') });

/** PATCH /api/legal/documents/{id}. */
export const documentActivationSchema = z.object({
  isActive: z.boolean({ message: 'isActive must be true or false' }),
});

/** GET /api/legal/{kind}: the list style of every paged list (docs/api.md). */
export const legalListQuerySchema = pagedListQuerySchema;

export type { LegalSummaryCounts as LegalSummary } from '../legal/summarizeLegalAffairs/summarizeLegalAffairs.ts';
export { CASE_MOVES, REPORT_MOVES, VIOLATION_MOVES } from '../legal/statusMoves.ts';

const timestamps = { createdAt: isoDateTime, updatedAt: isoDateTime };
const staffId = z.number().int().nullable();
const concernedCustomer = { customerId: z.number().int().nullable(), customerName: text().nullable() };

export const legalCaseSchema = z.object({
  id: z.number().int(),
  caseNumber: text(),
  title: text(),
  description: text(),
  caseType: z.enum(CASE_TYPES),
  severity: z.enum(SEVERITIES),
  status: z.enum(CASE_STATUSES),
  reportedBy: staffId,
  ...concernedCustomer,
  ...timestamps,
});

export const policyViolationSchema = z.object({
  id: z.number().int(),
  violationType: z.enum(VIOLATION_TYPES),
  description: text(),
  severity: z.enum(SEVERITIES),
  status: z.enum(VIOLATION_STATUSES),
  actionTaken: text().nullable(),
  reportedBy: staffId,
  reviewedBy: staffId,
  ...concernedCustomer,
  ...timestamps,
});

export const legalDocumentSchema = z.object({
  id: z.number().int(),
  title: text(),
  documentType: z.enum(DOCUMENT_TYPES),
  version: text(),
  content: text(),
  isActive: z.boolean(),
  createdBy: staffId,
  ...timestamps,
});

export const complianceReportSchema = z.object({
  id: z.number().int(),
  title: text(),
  reportType: z.enum(REPORT_TYPES),
  reportPeriod: text(),
  description: text(),
  status: z.enum(REPORT_STATUSES),
  generatedBy: staffId,
  publishedAt: isoDateTime.nullable(),
  ...timestamps,
});

export const legalSummarySchema = z.object({
  cases: z.object({ total: z.number().int(), underInvestigation: z.number().int() }),
  violations: z.object({ total: z.number().int(), pendingReview: z.number().int() }),
  documents: z.object({ total: z.number().int(), active: z.number().int() }),
  compliance: z.object({ total: z.number().int(), published: z.number().int() }),
});

/** Every legal affairs route lives under this path; the server refuses any other path under it as it refuses these. */
export const LEGAL_API_PREFIX = '/api/legal';

/** The four calls every legal record kind has: list (paged by X-Next-Cursor), create, read, change status. */
function legalKindEndpoints<K extends LegalKind, R extends z.ZodType, C extends z.ZodType, U extends z.ZodType>(
  kind: K,
  noun: string,
  record: R,
  create: C,
  change: U,
) {
  return {
    listLegalRecords: endpoint({
      method: 'GET',
      path: `${LEGAL_API_PREFIX}/${kind}`,
      summary: `${noun}s, newest first; the ${NEXT_CURSOR_HEADER} header is the next page's ?before=`,
      auth: 'staff',
      query: legalListQuerySchema,
      response: z.array(record),
      paged: true,
    }),
    createLegalRecord: endpoint({
      method: 'POST',
      path: `${LEGAL_API_PREFIX}/${kind}`,
      summary: `Create a ${noun}`,
      auth: 'staff',
      body: create,
      response: record,
      successStatus: 201,
    }),
    getLegalRecord: endpoint({
      method: 'GET',
      path: `${LEGAL_API_PREFIX}/${kind}/:id`,
      summary: `One ${noun}`,
      auth: 'staff',
      params: idParamsSchema,
      response: record,
    }),
    changeLegalStatus: endpoint({
      method: 'PATCH',
      path: `${LEGAL_API_PREFIX}/${kind}/:id`,
      summary: `Change a ${noun}'s status`,
      auth: 'staff',
      params: idParamsSchema,
      body: change,
      response: record,
    }),
  };
}

const cases = legalKindEndpoints('cases', 'legal case', legalCaseSchema, createLegalCaseSchema, caseStatusChangeSchema);
const violations = legalKindEndpoints(
  'violations',
  'policy violation',
  policyViolationSchema,
  reportPolicyViolationSchema,
  violationStatusChangeSchema,
);
const documents = legalKindEndpoints(
  'documents',
  'legal document',
  legalDocumentSchema,
  createLegalDocumentSchema,
  documentActivationSchema,
);
const compliance = legalKindEndpoints(
  'compliance',
  'compliance report',
  complianceReportSchema,
  generateComplianceReportSchema,
  reportStatusChangeSchema,
);

/** /api/legal/ (spec 2 section 7, docs/legal-affairs.md); every call needs a staff bearer token. */
export const legalEndpoints = {
  summarizeLegalAffairs: endpoint({
    method: 'GET',
    path: `${LEGAL_API_PREFIX}/summary`,
    summary: 'Counts of every legal record kind for the summary cards',
    auth: 'staff',
    response: legalSummarySchema,
  }),
  listCases: cases.listLegalRecords,
  createCase: cases.createLegalRecord,
  getCase: cases.getLegalRecord,
  changeCaseStatus: cases.changeLegalStatus,
  listViolations: violations.listLegalRecords,
  reportViolation: violations.createLegalRecord,
  getViolation: violations.getLegalRecord,
  changeViolationStatus: violations.changeLegalStatus,
  listDocuments: documents.listLegalRecords,
  createDocument: documents.createLegalRecord,
  getDocument: documents.getLegalRecord,
  setDocumentActive: documents.changeLegalStatus,
  listComplianceReports: compliance.listLegalRecords,
  createComplianceReport: compliance.createLegalRecord,
  getComplianceReport: compliance.getLegalRecord,
  changeComplianceReportStatus: compliance.changeLegalStatus,
} as const;

/** Each kind's four calls, keyed by the use case its route calls (legalRoutes.ts registers them once per kind). */
export const LEGAL_KIND_ENDPOINTS = { cases, violations, documents, compliance } as const;
