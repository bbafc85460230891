/** The four legal record kinds of spec 3 (legal_cases, policy_violations, legal_documents, compliance_reports). */
export const LEGAL_KINDS = ['cases', 'violations', 'documents', 'compliance'] as const;
export type LegalKind = (typeof LEGAL_KINDS)[number];

/** Options of spec 2 section 5, in the order the forms list them; labels where the spec gives one. */
export const CASE_TYPES = ['policy_violation', 'harassment', 'ip_infringement', 'fraud', 'other'] as const;
export const SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export const VIOLATION_TYPES = ['harassment', 'spam', 'inappropriate_content', 'fraud', 'other'] as const;
export const DOCUMENT_TYPES = ['policy', 'terms', 'privacy', 'guidelines', 'template'] as const;
export const REPORT_TYPES = ['monthly', 'quarterly', 'incident', 'audit'] as const;

export const CASE_STATUSES = ['investigation', 'review', 'resolved', 'closed'] as const;
export const VIOLATION_STATUSES = ['pending', 'review', 'investigation', 'action_taken', 'resolved', 'closed'] as const;
export const REPORT_STATUSES = ['draft', 'published'] as const;

export type CaseType = (typeof CASE_TYPES)[number];
export type Severity = (typeof SEVERITIES)[number];
export type ViolationType = (typeof VIOLATION_TYPES)[number];
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export type ReportType = (typeof REPORT_TYPES)[number];
export type CaseStatus = (typeof CASE_STATUSES)[number];
export type ViolationStatus = (typeof VIOLATION_STATUSES)[number];
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const DEFAULT_SEVERITY: Severity = 'medium';

interface Timestamps {
  createdAt: Date;
  updatedAt: Date;
}

export interface LegalCase extends Timestamps {
  id: number;
  caseNumber: string;
  title: string;
  description: string;
  caseType: CaseType;
  severity: Severity;
  status: CaseStatus;
  reportedBy: number | null;
  /** The customer account the case concerns, when its creator named one (issue 36). */
  customerId: number | null;
  /** That account's name as it reads now, for the screens; null with no customer. */
  customerName: string | null;
}

export interface PolicyViolation extends Timestamps {
  id: number;
  violationType: ViolationType;
  description: string;
  severity: Severity;
  status: ViolationStatus;
  actionTaken: string | null;
  reportedBy: number | null;
  reviewedBy: number | null;
  /** The customer account the report concerns, when its reporter named one (issue 36). */
  customerId: number | null;
  /** That account's name as it reads now, for the screens; null with no customer. */
  customerName: string | null;
}

export interface LegalDocument extends Timestamps {
  id: number;
  title: string;
  documentType: DocumentType;
  version: string;
  content: string;
  isActive: boolean;
  createdBy: number | null;
}

export interface ComplianceReport extends Timestamps {
  id: number;
  title: string;
  reportType: ReportType;
  reportPeriod: string;
  description: string;
  status: ReportStatus;
  generatedBy: number | null;
  publishedAt: Date | null;
}

export interface LegalRecordOf {
  cases: LegalCase;
  violations: PolicyViolation;
  documents: LegalDocument;
  compliance: ComplianceReport;
}

/**
 * The fields a create writes; the store assigns id and timestamps and reads the customer's name, and the defaults
 * (status, isActive) are set by the use case.
 */
export type NewLegalCase = Omit<LegalCase, 'id' | 'createdAt' | 'updatedAt' | 'customerName'>;
export type NewPolicyViolation = Omit<PolicyViolation, 'id' | 'createdAt' | 'updatedAt' | 'customerName'>;
export type NewLegalDocument = Omit<LegalDocument, 'id' | 'createdAt' | 'updatedAt'>;
export type NewComplianceReport = Omit<ComplianceReport, 'id' | 'createdAt' | 'updatedAt'>;

export interface NewLegalRecordOf {
  cases: NewLegalCase;
  violations: NewPolicyViolation;
  documents: NewLegalDocument;
  compliance: NewComplianceReport;
}

/** What each kind is called in activity descriptions and error messages. */
export const KIND_NOUN: Record<LegalKind, string> = {
  cases: 'legal case',
  violations: 'policy violation',
  documents: 'legal document',
  compliance: 'compliance report',
};
