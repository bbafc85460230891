import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, HttpError, queryKeys, useToast } from '@groupflow/shell-kit';
import type { LegalKind } from '@groupflow/core/contracts';
import { Dialog } from '@groupflow/shell-kit/dialog';
import { FINAL_STATUSES, listPath, nextStatuses, optionLabel, serverFieldErrors, type LegalRow } from './kinds.ts';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

/** The fields shown for a record, in reading order. */
function describe(kind: LegalKind, row: LegalRow): { heading: string; facts: [string, string][]; body: string } {
  const r = row as unknown as Record<string, string | boolean | null>;
  const text = (key: string) => String(r[key] ?? '');
  switch (kind) {
    case 'cases':
      return {
        heading: `Case #${text('caseNumber')}: ${text('title')}`,
        facts: [
          ['Type', optionLabel(text('caseType'))],
          ['Severity', text('severity')],
          ['Status', text('status').replace(/_/g, ' ')],
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

/** What the View and Review buttons open: the record and its status change. */
export function DetailDialog({ kind, id, onClose }: { kind: LegalKind; id: number; onClose: () => void }) {
  const path = `${listPath(kind)}/${id}`;
  const record = useQuery({ queryKey: queryKeys.legal.record(kind, id), queryFn: () => apiJson<LegalRow>(path) });
  const view = record.data ? describe(kind, record.data) : null;
  const title = view?.heading ?? (record.isError ? 'Failed to load the record.' : 'Loading...');

  return (
    <Dialog title={title} onClose={onClose} wide>
      {record.isPending ? (
        <div className="row" role="status">
          <div className="spinner" aria-label="Loading" />
        </div>
      ) : record.isError ? (
        <div className="alert alert-danger" role="alert">
          {record.error.message}
        </div>
      ) : (
        view && <RecordView kind={kind} path={path} row={record.data} view={view} />
      )}
      <div className="row legal-dialog-actions">
        <button type="button" className="btn btn-outline" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}

function RecordView({ kind, path, row, view }: { kind: LegalKind; path: string; row: LegalRow; view: ReturnType<typeof describe> }) {
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
      <StatusChange kind={kind} path={path} row={row} />
    </>
  );
}

function StatusChange({ kind, path, row }: { kind: LegalKind; path: string; row: LegalRow }) {
  const ids = useId();
  const toast = useToast();
  const queryClient = useQueryClient();
  const isDocument = kind === 'documents';
  const current = isDocument ? ((row as { isActive: boolean }).isActive ? 'active' : 'inactive') : (row as { status: string }).status;
  const targets = isDocument ? [current === 'active' ? 'inactive' : 'active'] : nextStatuses(kind, current);
  const [target, setTarget] = useState(targets[0] ?? '');
  const [actionTaken, setActionTaken] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const storedAction = kind === 'violations' ? (row as { actionTaken: string | null }).actionTaken : null;

  const change = useMutation({
    mutationFn: () =>
      apiJson<LegalRow>(
        path,
        'PATCH',
        isDocument ? { isActive: target === 'active' } : { status: target, ...(actionTaken.trim() ? { actionTaken: actionTaken.trim() } : {}) },
      ),
    onSuccess: (updated) => {
      queryClient.setQueryData(queryKeys.legal.record(kind, row.id), updated);
      void queryClient.invalidateQueries({ queryKey: queryKeys.legal.records(kind) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.legal.summary() });
      toast({ title: 'Status updated', variant: 'success' });
      setConfirming(false);
      setError(null);
      setActionError(null);
      setActionTaken('');
    },
    onError: (failure) => {
      setConfirming(false);
      const fieldIssue = serverFieldErrors(failure).actionTaken;
      if (fieldIssue) setActionError(fieldIssue);
      else setError(failure instanceof HttpError ? (failure.serverMessage ?? failure.message) : 'Failed to update status');
    },
  });

  if (targets.length === 0) {
    return <p className="muted small legal-final">This record is {current.replace(/_/g, ' ')}; its status can no longer change.</p>;
  }

  // Closing, publishing and deactivating are not undone by a click, so they take a second one.
  const needsConfirmation = FINAL_STATUSES.has(target) || target === 'inactive';
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending || !target) return;
    if (target === 'action_taken' && !actionTaken.trim() && !storedAction) {
      setActionError('Describe the action taken');
      return;
    }
    if (needsConfirmation && !confirming) {
      setConfirming(true);
      return;
    }
    change.mutate();
  };

  const selectId = `${ids}-status`;
  const actionId = `${ids}-action`;
  return (
    <form className="legal-status" onSubmit={onSubmit} noValidate>
      <h3 className="small">{isDocument ? 'Availability' : 'Change status'}</h3>
      {error && (
        <div className="alert alert-danger" role="alert">
          {error}
        </div>
      )}
      <div className="field">
        <label className="label" htmlFor={selectId}>
          {isDocument ? `Currently ${current}; make it` : `Move from ${current.replace(/_/g, ' ')} to`}
        </label>
        <select
          id={selectId}
          className="input"
          value={target}
          onChange={(event) => {
            setTarget(event.target.value);
            setConfirming(false);
          }}
        >
          {targets.map((status) => (
            <option key={status} value={status}>
              {status.replace(/_/g, ' ')}
            </option>
          ))}
        </select>
      </div>
      {target === 'action_taken' && (
        <div className="field">
          <label className="label" htmlFor={actionId}>
            Action Taken
          </label>
          <textarea
            id={actionId}
            className="textarea"
            rows={2}
            placeholder="e.g., Warning issued, 7-day suspension"
            value={actionTaken}
            aria-invalid={actionError ? true : undefined}
            aria-describedby={actionError ? `${actionId}-error` : undefined}
            onChange={(event) => {
              setActionTaken(event.target.value);
              setActionError(null);
            }}
          />
          {actionError && (
            <p id={`${actionId}-error`} className="field-error">
              {actionError}
            </p>
          )}
        </div>
      )}
      {confirming && (
        <p className="alert legal-confirm" role="alert">
          {target === 'inactive' ? 'Deactivate this document?' : `Move to ${target}? This cannot be undone.`}
        </p>
      )}
      <div className="row">
        <button type="submit" className={`btn ${confirming ? 'btn-danger' : 'btn-primary'}`} disabled={change.isPending}>
          {change.isPending ? 'Saving...' : confirming ? 'Confirm' : 'Update Status'}
        </button>
        {confirming && (
          <button type="button" className="btn btn-outline" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
