import type { z } from 'zod';
import {
  CASE_MOVES,
  CASE_TYPES,
  DOCUMENT_TYPES,
  REPORT_MOVES,
  REPORT_TYPES,
  SEVERITIES,
  VIOLATION_MOVES,
  VIOLATION_TYPES,
  createLegalCaseSchema,
  createLegalDocumentSchema,
  generateComplianceReportSchema,
  reportPolicyViolationSchema,
  type ComplianceReport,
  type LegalCase,
  type LegalDocument,
  type LegalKind,
  type PolicyViolation,
  type Wire,
} from '@groupflow/core/contracts';

/** Records as the API returns them. */
export type LegalCaseRow = Wire<LegalCase>;
export type PolicyViolationRow = Wire<PolicyViolation>;
export type LegalDocumentRow = Wire<LegalDocument>;
export type ComplianceReportRow = Wire<ComplianceReport>;
export type LegalRow = LegalCaseRow | PolicyViolationRow | LegalDocumentRow | ComplianceReportRow;

/** Labels the spec gives (spec 2 section 5); other values are shown with underscores as spaces, capitalised. */
const LABELS: Record<string, string> = {
  policy_violation: 'Policy Violation',
  ip_infringement: 'IP Infringement',
  terms: 'Terms of Service',
  privacy: 'Privacy Policy',
};
export function optionLabel(value: string): string {
  return LABELS[value] ?? value.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
}

export interface FormField {
  name: string;
  label: string;
  control: 'input' | 'textarea' | 'select';
  placeholder: string;
  options?: readonly string[];
  initial?: string;
}

/** What a create dialog edits: one text per field, options included (the schema turns them into the contract). */
export type CreateValues = Record<string, string>;

export interface CreateForm {
  title: string;
  opener: string;
  submit: string;
  pending: string;
  success: string;
  schema: z.ZodType<Record<string, unknown>, CreateValues>;
  fields: FormField[];
  /** The record may name the customer it concerns, picked beside the form's own fields (issue 36). */
  namesCustomer?: true;
}

// The customer is picked from search results rather than typed, so the form's own schema leaves it out.
const caseForm = createLegalCaseSchema.omit({ customerId: true });
const violationForm = reportPolicyViolationSchema.omit({ customerId: true });

/** The four create dialogs of spec 2 section 2: titles, openers, labels, defaults and submit texts. */
export const CREATE_FORMS: Record<LegalKind, CreateForm> = {
  cases: {
    title: 'Create Legal Case',
    opener: 'New Case',
    submit: 'Create Case',
    pending: 'Creating...',
    success: 'Legal case created',
    schema: caseForm,
    namesCustomer: true,
    fields: [
      { name: 'title', label: 'Case Title', control: 'input', placeholder: 'Brief title of the case' },
      { name: 'caseType', label: 'Case Type', control: 'select', placeholder: 'Select case type', options: CASE_TYPES },
      {
        name: 'severity',
        label: 'Severity',
        control: 'select',
        placeholder: 'Select severity',
        options: SEVERITIES,
        initial: 'medium',
      },
      { name: 'description', label: 'Description', control: 'textarea', placeholder: 'Describe the case in detail' },
    ],
  },
  violations: {
    title: 'Report Policy Violation',
    opener: 'Report Violation',
    submit: 'Report Violation',
    pending: 'Reporting...',
    success: 'Policy violation reported',
    schema: violationForm,
    namesCustomer: true,
    fields: [
      {
        name: 'violationType',
        label: 'Violation Type',
        control: 'select',
        placeholder: 'Select violation type',
        options: VIOLATION_TYPES,
      },
      { name: 'description', label: 'Description', control: 'textarea', placeholder: 'Describe the violation' },
    ],
  },
  documents: {
    title: 'Create Legal Document',
    opener: 'New Document',
    submit: 'Create Document',
    pending: 'Creating...',
    success: 'Legal document created',
    schema: createLegalDocumentSchema,
    fields: [
      { name: 'title', label: 'Document Title', control: 'input', placeholder: 'e.g., Community Guidelines' },
      {
        name: 'documentType',
        label: 'Document Type',
        control: 'select',
        placeholder: 'Select document type',
        options: DOCUMENT_TYPES,
      },
      { name: 'version', label: 'Version', control: 'input', placeholder: 'e.g., 1.0' },
      { name: 'content', label: 'Content', control: 'textarea', placeholder: 'Full text of the document' },
    ],
  },
  compliance: {
    title: 'Generate Compliance Report',
    opener: 'New Report',
    submit: 'Generate Report',
    pending: 'Generating...',
    success: 'Compliance report generated',
    schema: generateComplianceReportSchema,
    fields: [
      { name: 'title', label: 'Report Title', control: 'input', placeholder: 'e.g., Q1 Compliance Review' },
      {
        name: 'reportType',
        label: 'Report Type',
        control: 'select',
        placeholder: 'Select report type',
        options: REPORT_TYPES,
      },
      { name: 'reportPeriod', label: 'Report Period', control: 'input', placeholder: 'e.g., 2025-Q1 or 2025-01' },
      { name: 'description', label: 'Description', control: 'textarea', placeholder: 'Summary of the report' },
    ],
  },
};

export const TABS: { kind: LegalKind; label: string; empty: string }[] = [
  { kind: 'cases', label: 'Legal Cases', empty: 'No legal cases yet.' },
  { kind: 'violations', label: 'Policy Violations', empty: 'No policy violations reported.' },
  { kind: 'documents', label: 'Legal Documents', empty: 'No legal documents yet.' },
  { kind: 'compliance', label: 'Compliance', empty: 'No compliance reports yet.' },
];

/** The statuses a record may move to next (the server enforces the same table). */
export function nextStatuses(kind: LegalKind, status: string): readonly string[] {
  const moves: Record<string, readonly string[]> =
    kind === 'cases' ? CASE_MOVES : kind === 'violations' ? VIOLATION_MOVES : kind === 'compliance' ? REPORT_MOVES : {};
  return Object.hasOwn(moves, status) ? (moves[status] ?? []) : [];
}

/** Moves that cannot be undone, confirmed before they are sent. */
export const FINAL_STATUSES = new Set(['closed', 'published']);
