import { useId, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  Button,
  endpointKey,
  HttpError,
  QueryView,
  useEndpointMutation,
  useEndpointQuery,
  type EndpointArgs,
} from '@groupflow/shell-kit';
import {
  API,
  caseStatusChangeSchema,
  LEGAL_KIND_ENDPOINTS,
  documentActivationSchema,
  reportStatusChangeSchema,
  violationStatusChangeSchema,
  type LegalKind,
} from '@groupflow/core/contracts';
import { CustomerAccounts } from '@groupflow/shell-kit/customer-accounts';
import { Dialog } from '@groupflow/shell-kit/dialog';
import {
  applyServerIssues,
  Field,
  Form,
  FormError,
  useZodForm,
  type FormControl,
  type FormValues,
} from '@groupflow/shell-kit/form';
import { SelectField } from '@groupflow/shell-kit/select-field';
import { errorText } from '../errorTexts.ts';
import { FINAL_STATUSES, nextStatuses, optionLabel, type LegalRow } from './kinds.ts';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

/** The fields shown for a record, in reading order. */
function describe(kind: LegalKind, row: LegalRow): { heading: string; facts: [string, string][]; body: string } {
  const r = row as unknown as Record<string, string | boolean | null>;
  const text = (key: string) => String(r[key] ?? '');
  const customer: [string, string] = [
    'Customer',
    r.customerName === null || r.customerName === undefined
      ? 'None named'
      : `${text('customerName')} (#${text('customerId')})`,
  ];
  switch (kind) {
    case 'cases':
      return {
        heading: `Case #${text('caseNumber')}: ${text('title')}`,
        facts: [
          ['Type', optionLabel(text('caseType'))],
          ['Severity', text('severity')],
          ['Status', text('status').replace(/_/g, ' ')],
          customer,
          ['Opened', when(text('createdAt'))],
        ],
        body: text('description'),
      };
    case 'violations':
      return {
        heading: `Policy violation: ${optionLabel(text('violationType'))}`,
        facts: [
          ['Severity', text('severity')],
          ['Status', text('status').replace(/_/g, ' ')],
          ['Action', text('actionTaken') || 'Pending'],
          customer,
          ['Reported', when(text('createdAt'))],
        ],
        body: text('description'),
      };
    case 'documents':
      return {
        heading: `${text('title')} v${text('version')}`,
        facts: [
          ['Type', optionLabel(text('documentType'))],
          ['Active', r.isActive ? 'Yes' : 'No'],
          ['Created', when(text('createdAt'))],
        ],
        body: text('content'),
      };
    case 'compliance':
      return {
        heading: text('title'),
        facts: [
          ['Type', optionLabel(text('reportType'))],
          ['Period', text('reportPeriod')],
          ['Status', text('status').replace(/_/g, ' ')],
          ['Published', when(r.publishedAt as string | null)],
        ],
        body: text('description'),
      };
  }
}

/**
 * What the View and Review buttons open: the record and its status change, and on a policy violation, for a member
 * whose permissions include customers.ban, the ban of the customer's account.
 */
export function DetailDialog({
  kind,
  id,
  mayBanCustomers = false,
  onClose,
}: {
  kind: LegalKind;
  id: number;
  mayBanCustomers?: boolean;
  onClose: () => void;
}) {
  const record = useEndpointQuery(LEGAL_KIND_ENDPOINTS[kind].getLegalRecord, { params: { id } });
  const view = record.data ? describe(kind, record.data) : null;
  const title = view?.heading ?? (record.isError ? 'Failed to load the record.' : 'Loading...');

  return (
    <Dialog title={title} onClose={onClose} wide>
      <QueryView
        query={record}
        loading={
          <div className="row" role="status">
            <div className="spinner" aria-label="Loading" />
          </div>
        }
        error={(error) => errorText(error) ?? (error as Error).message}
      >
        {(row) => (
          <>
            <RecordView kind={kind} row={row} view={describe(kind, row)} />
            {kind === 'violations' && mayBanCustomers && (
              <BanFromViolation violationId={row.id} customerId={(row as { customerId: number | null }).customerId} />
            )}
          </>
        )}
      </QueryView>
      <div className="row legal-dialog-actions">
        <button type="button" className="btn btn-outline" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}

function RecordView({ kind, row, view }: { kind: LegalKind; row: LegalRow; view: ReturnType<typeof describe> }) {
  const { facts, body } = view;
  return (
    <>
      <dl className="legal-facts">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt className="muted small">{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="legal-body">{body}</p>
      <StatusChange kind={kind} row={row} />
    </>
  );
}

/** Only the ban: the role of a customer is set from Manage Users, not from a violation. */
const BAN_ONLY = ['customers.ban'] as const;

/**
 * The ban of the account a violation is about: the customer the report named, or else an account found by a
 * search. The ban names the violation, which the activity log records.
 */
function BanFromViolation({ violationId, customerId }: { violationId: number; customerId: number | null }) {
  const headingId = useId();
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <div className="row legal-ban-open">
        <Button variant="outline" onClick={() => setOpen(true)}>
          Ban customer
        </Button>
      </div>
    );
  }
  return (
    <section className="legal-ban" aria-labelledby={headingId}>
      <h3 id={headingId} className="small">
        Ban customer
      </h3>
      <p className="muted small">
        {customerId === null
          ? "Find the customer's account by name, email, Discord id or Roblox name; the ban names this violation."
          : 'The account this report names; the ban names this violation.'}
      </p>
      <CustomerAccounts
        permissions={BAN_ONLY}
        source={{ kind: 'policy_violation', id: violationId }}
        fixedSearch={customerId === null ? undefined : String(customerId)}
      />
    </section>
  );
}

const statusLabel = (status: string) => status.replace(/_/g, ' ');

/** The body of a record's PATCH: a status move (with the action taken, for violations) or a document's availability. */
type StatusPatch = { status: string; actionTaken?: string } | { isActive: boolean };

/** Keyed by the current status: after a move the form starts again from the record's new next moves. */
function StatusChange({ kind, row }: { kind: LegalKind; row: LegalRow }) {
  if (kind === 'documents') return <DocumentAvailability kind={kind} row={row} />;
  const current = (row as { status: string }).status;
  const targets = nextStatuses(kind, current);
  if (targets.length === 0) {
    return (
      <p className="muted small legal-final">This record is {statusLabel(current)}; its status can no longer change.</p>
    );
  }
  if (kind === 'violations') {
    const storedAction = (row as { actionTaken: string | null }).actionTaken;
    // The use case asks for the action taken only when none is stored yet; the form says so before sending.
    const schema = violationStatusChangeSchema.refine(
      (move) => move.status !== 'action_taken' || Boolean(move.actionTaken) || Boolean(storedAction),
      { message: 'Describe the action taken', path: ['actionTaken'] },
    );
    return (
      <StatusForm
        key={current}
        kind={kind}
        row={row}
        schema={schema}
        defaultValues={{ status: targets[0] as FormValues<typeof schema>['status'], actionTaken: '' }}
        targetOf={(move) => move.status ?? ''}
        heading="Change status"
        // An empty action text keeps the stored one.
        toPatch={({ status, actionTaken }) => (actionTaken ? { status, actionTaken } : { status })}
      >
        {(move, control) => (
          <>
            <SelectField
              control={control}
              name="status"
              label={`Move from ${statusLabel(current)} to`}
              options={statusOptions(targets)}
            />
            {move.status === 'action_taken' && (
              <Field control={control} name="actionTaken" label="Action Taken">
                {(control) => (
                  <textarea
                    className="textarea"
                    rows={2}
                    placeholder="e.g., Warning issued, 7-day suspension"
                    {...control}
                  />
                )}
              </Field>
            )}
          </>
        )}
      </StatusForm>
    );
  }
  const schema = kind === 'cases' ? caseStatusChangeSchema : reportStatusChangeSchema;
  return (
    <StatusForm
      key={current}
      kind={kind}
      row={row}
      schema={schema}
      defaultValues={{ status: targets[0] as FormValues<typeof schema>['status'] }}
      targetOf={(move) => move.status ?? ''}
      heading="Change status"
      toPatch={(move) => move}
    >
      {(_, control) => (
        <SelectField
          control={control}
          name="status"
          label={`Move from ${statusLabel(current)} to`}
          options={statusOptions(targets)}
        />
      )}
    </StatusForm>
  );
}

const statusOptions = (targets: readonly string[]) =>
  targets.map((status) => ({ value: status, label: statusLabel(status) }));

function DocumentAvailability({ kind, row }: { kind: LegalKind; row: LegalRow }) {
  const active = (row as { isActive: boolean }).isActive;
  const current = active ? 'active' : 'inactive';
  const target = active ? 'inactive' : 'active';
  return (
    <StatusForm
      key={current}
      kind={kind}
      row={row}
      schema={documentActivationSchema}
      defaultValues={{ isActive: !active }}
      targetOf={(values) => (values.isActive ? 'active' : 'inactive')}
      heading="Availability"
      toPatch={(values) => values}
    >
      {(_, control) => (
        <SelectField
          control={control}
          name="isActive"
          label={`Currently ${current}; make it`}
          options={[{ value: !active, label: target }]}
        />
      )}
    </StatusForm>
  );
}

/**
 * The status form of a record, validated by the PATCH's contract schema. Closing, publishing and deactivating
 * are not undone by a click, so they take a second one; the server's field issues show under their inputs.
 */
function StatusForm<S extends Parameters<typeof useZodForm>[0]>({
  kind,
  row,
  schema,
  defaultValues,
  targetOf,
  heading,
  toPatch,
  children,
}: {
  kind: LegalKind;
  row: LegalRow;
  schema: S;
  defaultValues: NonNullable<Parameters<typeof useZodForm<S>>[1]>['defaultValues'];
  targetOf: (values: Partial<FormValues<S>>) => string;
  heading: string;
  toPatch: (values: ReturnType<S['parse']>) => StatusPatch;
  /** The form's fields, given its values so far and its control. */
  children: (values: Partial<FormValues<S>>, control: FormControl<S>) => ReactNode;
}) {
  const queryClient = useQueryClient();
  const form = useZodForm(schema, { defaultValues });
  const values = form.watch();
  const target = targetOf(values);
  const [confirmedTarget, setConfirmedTarget] = useState<string | null>(null);
  const confirming = confirmedTarget === target;
  const needsConfirmation = FINAL_STATUSES.has(target) || target === 'inactive';

  const calls = LEGAL_KIND_ENDPOINTS[kind];
  const change = useEndpointMutation(calls.changeLegalStatus, {
    invalidates: [calls.listLegalRecords, API.legal.summarizeLegalAffairs],
    success: 'Status updated',
    onSuccess: (updated) =>
      queryClient.setQueryData(endpointKey(calls.getLegalRecord, { params: { id: row.id } }), updated),
    onError: (failure) => {
      setConfirmedTarget(null);
      if (!applyServerIssues(form, failure)) {
        form.setError('root', {
          message: errorText(failure) ?? (failure instanceof HttpError ? failure.message : 'Failed to update status'),
        });
      }
    },
  });
  const send = (patch: StatusPatch) =>
    change.mutateAsync({ params: { id: row.id }, body: patch } as EndpointArgs<typeof calls.changeLegalStatus>);

  return (
    <Form
      form={form}
      className="legal-status"
      onSubmit={(parsed) => {
        if (needsConfirmation && !confirming) {
          setConfirmedTarget(target);
          return;
        }
        return send(toPatch(parsed as ReturnType<S['parse']>)).catch(() => undefined);
      }}
    >
      <h3 className="small">{heading}</h3>
      <FormError />
      {/* The same type as form.control's, which TypeScript cannot see while S is open. */}
      {children(values, form.control as FormControl<S>)}
      {confirming && (
        <p className="alert legal-confirm" role="alert">
          {target === 'inactive' ? 'Deactivate this document?' : `Move to ${target}? This cannot be undone.`}
        </p>
      )}
      <div className="row">
        <Button
          type="submit"
          variant={confirming ? 'danger' : 'primary'}
          pending={change.isPending}
          pendingLabel="Saving..."
        >
          {confirming ? 'Confirm' : 'Update Status'}
        </Button>
        {confirming && (
          <Button variant="outline" onClick={() => setConfirmedTarget(null)}>
            Cancel
          </Button>
        )}
      </div>
    </Form>
  );
}
