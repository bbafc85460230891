import type { Clock } from '../../shared/clock.ts';
import { Invalid } from '../../shared/errors.ts';
import type { Transaction } from '../../shared/transaction.ts';
import type { StaffActivityLog } from '../../staff/activityLog.ts';
import type { StaffMember } from '../../staff/ports.ts';
import { formatCaseNumber } from '../caseNumber.ts';
import type { CaseType, DocumentType, LegalRecordOf, ReportType, Severity, ViolationType } from '../legalRecords.ts';
import type { CaseNumberSequence, LegalCustomers, LegalStores } from '../ports.ts';

/** The form fields of each create (spec 2 section 7); who created it is the signed-in member, never the body. */
export type CreateLegalRequest =
  | {
      kind: 'cases';
      input: { title: string; caseType: CaseType; severity: Severity; description: string; customerId?: number };
    }
  | {
      kind: 'violations';
      input: { violationType: ViolationType; description: string; severity: Severity; customerId?: number };
    }
  | { kind: 'documents'; input: { title: string; documentType: DocumentType; version: string; content: string } }
  | {
      kind: 'compliance';
      input: { title: string; reportType: ReportType; reportPeriod: string; description: string };
    };

/**
 * POST /api/legal/{cases,violations,documents,compliance}. The record and its activity entry are one
 * transaction, and a case takes its number inside it, so a failed insert leaves no gap in the numbering. A case
 * or a violation report may name the customer it concerns; an account that does not exist is refused before
 * anything is written.
 */
export class CreateLegalRecord {
  readonly #stores: LegalStores;
  readonly #caseNumbers: CaseNumberSequence;
  readonly #activities: StaffActivityLog;
  readonly #transaction: Transaction;
  readonly #clock: Clock;
  readonly #customers: LegalCustomers;

  constructor(
    stores: LegalStores,
    customers: LegalCustomers,
    caseNumbers: CaseNumberSequence,
    activities: StaffActivityLog,
    transaction: Transaction,
    clock: Clock,
  ) {
    this.#stores = stores;
    this.#customers = customers;
    this.#caseNumbers = caseNumbers;
    this.#activities = activities;
    this.#transaction = transaction;
    this.#clock = clock;
  }

  execute<R extends CreateLegalRequest>(actor: StaffMember, request: R): Promise<LegalRecordOf[R['kind']]> {
    return this.#transaction.run(async () => {
      const { record, type, description } = await this.#insert(actor, request);
      await this.#activities.record({ staffUserId: actor.id, type, description });
      // #insert's switch stores the request's own kind.
      return record as LegalRecordOf[R['kind']];
    });
  }

  /** The named customer's id, or null when none is named; an unknown account is a 400 on the field. */
  async #customerOf(input: { customerId?: number }): Promise<number | null> {
    if (input.customerId === undefined) return null;
    if (await this.#customers.exists(input.customerId)) return input.customerId;
    const message = 'No customer account has this id';
    throw new Invalid('LEGAL.CUSTOMER_NOT_FOUND', message, [{ path: ['customerId'], message }]);
  }

  async #insert(actor: StaffMember, request: CreateLegalRequest) {
    switch (request.kind) {
      case 'cases': {
        const { input } = request;
        const customerId = await this.#customerOf(input);
        const year = this.#clock.now().getUTCFullYear();
        const caseNumber = formatCaseNumber(year, await this.#caseNumbers.next(year));
        const record = await this.#stores.cases.add({
          caseNumber,
          title: input.title,
          description: input.description,
          caseType: input.caseType,
          severity: input.severity,
          status: 'investigation',
          reportedBy: actor.id,
          customerId,
        });
        return {
          record,
          type: 'legal.case_created',
          description: `${actor.username} opened legal case ${caseNumber}: ${input.title}`,
        };
      }
      case 'violations': {
        const { input } = request;
        const customerId = await this.#customerOf(input);
        const record = await this.#stores.violations.add({
          violationType: input.violationType,
          description: input.description,
          severity: input.severity,
          status: 'pending',
          actionTaken: null,
          reportedBy: actor.id,
          reviewedBy: null,
          customerId,
        });
        return {
          record,
          type: 'legal.violation_reported',
          description: `${actor.username} reported policy violation #${record.id} (${input.violationType})`,
        };
      }
      case 'documents': {
        const { input } = request;
        const record = await this.#stores.documents.add({
          title: input.title,
          documentType: input.documentType,
          version: input.version,
          content: input.content,
          isActive: true,
          createdBy: actor.id,
        });
        return {
          record,
          type: 'legal.document_created',
          description: `${actor.username} created legal document "${input.title}" v${input.version}`,
        };
      }
      case 'compliance': {
        const { input } = request;
        const record = await this.#stores.compliance.add({
          title: input.title,
          reportType: input.reportType,
          reportPeriod: input.reportPeriod,
          description: input.description,
          status: 'draft',
          generatedBy: actor.id,
          publishedAt: null,
        });
        return {
          record,
          type: 'legal.report_generated',
          description: `${actor.username} generated compliance report "${input.title}" (${input.reportPeriod})`,
        };
      }
    }
  }
}
