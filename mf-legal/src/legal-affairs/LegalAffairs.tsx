import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest, HttpError, STAFF_TOKEN_KEY, STAFF_USER_KEY, useToast } from '@groupflow/shell-kit';
import { NEXT_CURSOR_HEADER, type LegalKind, type LegalSummary } from '@groupflow/core/contracts';
import { CreateDialog } from './CreateDialog.tsx';
import { DetailDialog } from './DetailDialog.tsx';
import {
  CREATE_FORMS,
  SUMMARY_PATH,
  TABS,
  listPath,
  optionLabel,
  type ComplianceReportRow,
  type LegalCaseRow,
  type LegalDocumentRow,
  type LegalRow,
  type PolicyViolationRow,
} from './kinds.ts';
import './legal-affairs.css';

const isUnauthorized = (error: unknown) => error instanceof HttpError && error.status === 401;

/** /legal-affairs (spec 2 section 2): summary cards, four tabs of records, create dialogs and a detail view. */
export default function LegalAffairs() {
  const navigate = useNavigate();
  const toast = useToast();
  const hasToken = Boolean(globalThis.localStorage?.getItem(STAFF_TOKEN_KEY));
  const [tab, setTab] = useState<LegalKind>('cases');
  const [creating, setCreating] = useState<LegalKind | null>(null);
  const [viewing, setViewing] = useState<{ kind: LegalKind; id: number } | null>(null);
  const summary = useQuery<LegalSummary>({ queryKey: [SUMMARY_PATH], enabled: hasToken });

  // An expired or revoked token: back to login, as the ticket page does (spec 2 section 4).
  useEffect(() => {
    if (!isUnauthorized(summary.error)) return;
    localStorage.removeItem(STAFF_TOKEN_KEY);
    localStorage.removeItem(STAFF_USER_KEY);
    toast({ title: 'Session expired', description: 'Please log in again.', variant: 'destructive' });
    navigate('/staff-login');
  }, [summary.error, navigate, toast]);

  if (!hasToken) return <Navigate to="/staff-login" replace />;

  return (
    <main className="container page legal-affairs">
      <header className="legal-header">
        <h1>Legal Affairs</h1>
        <p className="muted">Manage legal cases, policy violations, and compliance</p>
      </header>

      <SummaryCards summary={summary.data} failed={summary.isError && !isUnauthorized(summary.error)} />

      <Tabs current={tab} onSelect={setTab} />
      {TABS.map(({ kind }) => (
        <section
          key={kind}
          id={`legal-panel-${kind}`}
          role="tabpanel"
          aria-labelledby={`legal-tab-${kind}`}
          hidden={tab !== kind}
          className="card legal-panel"
        >
          {tab === kind && (
            <RecordList kind={kind} onCreate={() => setCreating(kind)} onView={(id) => setViewing({ kind, id })} />
          )}
        </section>
      ))}

      {creating && <CreateDialog kind={creating} onClose={() => setCreating(null)} />}
      {viewing && <DetailDialog kind={viewing.kind} id={viewing.id} onClose={() => setViewing(null)} />}
    </main>
  );
}

function SummaryCards({ summary, failed }: { summary: LegalSummary | undefined; failed: boolean }) {
  const value = (n: number | undefined) => (n === undefined ? (failed ? '–' : '…') : String(n));
  const cards = [
    { title: 'Legal Cases', total: summary?.cases.total, note: `${value(summary?.cases.underInvestigation)} under investigation` },
    { title: 'Policy Violations', total: summary?.violations.total, note: `${value(summary?.violations.pendingReview)} pending review` },
    { title: 'Legal Documents', total: summary?.documents.total, note: `${value(summary?.documents.active)} active policies` },
    { title: 'Compliance Reports', total: summary?.compliance.total, note: `${value(summary?.compliance.published)} published` },
  ];
  return (
    <div className="legal-summary" aria-live="polite">
      {cards.map((card) => (
        <section key={card.title} className="card legal-summary-card" aria-label={card.title}>
          <h2 className="muted small">{card.title}</h2>
          <p className="legal-summary-total" data-testid={`summary-${card.title}`}>
            {value(card.total)}
          </p>
          <p className="muted small">{card.note}</p>
        </section>
      ))}
      {failed && (
        <p className="alert alert-danger legal-summary-error" role="alert">
          Failed to load the summary counts.
        </p>
      )}
    </div>
  );
}

function Tabs({ current, onSelect }: { current: LegalKind; onSelect: (kind: LegalKind) => void }) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  // Arrow keys move between tabs, as in any tab list.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.findIndex((t) => t.kind === current);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (index + step + TABS.length) % TABS.length;
    onSelect(TABS[next]!.kind);
    refs.current[next]?.focus();
  };
  return (
    // eslint-disable-next-line jsx-a11y/interactive-supports-focus -- the tabs are focusable; the list takes their arrow keys
    <div className="legal-tabs" role="tablist" aria-label="Legal records" onKeyDown={onKeyDown}>
      {TABS.map(({ kind, label }, i) => (
        <button
          key={kind}
          ref={(el) => {
            refs.current[i] = el;
          }}
          id={`legal-tab-${kind}`}
          type="button"
          role="tab"
          aria-selected={current === kind}
          aria-controls={`legal-panel-${kind}`}
          tabIndex={current === kind ? 0 : -1}
          className={`legal-tab${current === kind ? ' legal-tab-active' : ''}`}
          onClick={() => onSelect(kind)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

interface Page {
  rows: LegalRow[];
  next: number | null;
}

function RecordList({ kind, onCreate, onView }: { kind: LegalKind; onCreate: () => void; onView: (id: number) => void }) {
  const ids = useId();
  const tab = TABS.find((t) => t.kind === kind)!;
  const list = useInfiniteQuery({
    queryKey: [listPath(kind), 'pages'],
    initialPageParam: null as number | null,
    queryFn: async ({ pageParam }): Promise<Page> => {
      const response = await apiRequest(pageParam === null ? listPath(kind) : `${listPath(kind)}?before=${pageParam}`);
      const cursor = response.headers.get(NEXT_CURSOR_HEADER);
      return { rows: (await response.json()) as LegalRow[], next: cursor ? Number(cursor) : null };
    },
    getNextPageParam: (last) => last.next,
  });
  const rows = list.data?.pages.flatMap((page) => page.rows) ?? [];

  return (
    <>
      <div className="spread legal-panel-head">
        <h2 id={`${ids}-heading`} className="card-title">
          {tab.label}
        </h2>
        <button type="button" className="btn btn-primary" onClick={onCreate}>
          + {CREATE_FORMS[kind].opener}
        </button>
      </div>
      {list.isPending ? (
        <div className="row" role="status">
          <div className="spinner" aria-hidden="true" />
          <span className="muted">Loading...</span>
        </div>
      ) : list.isError ? (
        <div className="alert alert-danger spread" role="alert">
          <span>Failed to load {tab.label.toLowerCase()}. {list.error.message}</span>
          <button type="button" className="btn btn-outline" onClick={() => void list.refetch()}>
            Retry
          </button>
        </div>
      ) : rows.length === 0 ? (
        <p className="muted legal-empty">{tab.empty}</p>
      ) : (
        <ul className="legal-rows" aria-labelledby={`${ids}-heading`}>
          {rows.map((row) => (
            <li key={row.id} className="legal-row">
              <RowContent kind={kind} row={row} />
              <button type="button" className="btn btn-outline" onClick={() => onView(row.id)}>
                {kind === 'violations' ? 'Review' : 'View'}
              </button>
            </li>
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <div className="center legal-more">
          <button type="button" className="btn btn-outline" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            {list.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </button>
        </div>
      )}
    </>
  );
}

const SEVERITY_BADGE: Record<string, string> = { low: '', medium: 'badge-warning', high: 'badge-danger', critical: 'badge-danger' };
const STATUS_BADGE: Record<string, string> = {
  resolved: 'badge-success',
  closed: '',
  published: 'badge-success',
  action_taken: 'badge-success',
  pending: 'badge-warning',
  investigation: 'badge-warning',
  review: 'badge-warning',
};
const Badge = ({ value, map }: { value: string; map: Record<string, string> }) => (
  <span className={`badge ${map[value] ?? ''}`}>{value.replace(/_/g, ' ')}</span>
);

/** Row texts exactly as spec 2 section 2 gives them. */
function RowContent({ kind, row }: { kind: LegalKind; row: LegalRow }) {
  switch (kind) {
    case 'cases': {
      const c = row as LegalCaseRow;
      return (
        <div className="legal-row-main">
          <div className="row legal-row-title">
            <strong>{c.title}</strong>
            <Badge value={c.severity} map={SEVERITY_BADGE} />
            <Badge value={c.status} map={STATUS_BADGE} />
          </div>
          <p className="muted small">
            Case #{c.caseNumber} • {c.caseType}
          </p>
          <p className="legal-row-text">{c.description}</p>
        </div>
      );
    }
    case 'violations': {
      const v = row as PolicyViolationRow;
      return (
        <div className="legal-row-main">
          <div className="row legal-row-title">
            <strong>{optionLabel(v.violationType)}</strong>
            <Badge value={v.severity} map={SEVERITY_BADGE} />
            <Badge value={v.status} map={STATUS_BADGE} />
          </div>
          <p className="muted small">Action: {v.actionTaken || 'Pending'}</p>
          <p className="legal-row-text">{v.description}</p>
        </div>
      );
    }
    case 'documents': {
      const d = row as LegalDocumentRow;
      return (
        <div className="legal-row-main">
          <div className="row legal-row-title">
            <strong>{d.title}</strong>
            <span className="badge">v{d.version}</span>
            {d.isActive && <span className="badge badge-success">Active</span>}
          </div>
          <p className="muted small">Type: {d.documentType}</p>
        </div>
      );
    }
    case 'compliance': {
      const r = row as ComplianceReportRow;
      return (
        <div className="legal-row-main">
          <div className="row legal-row-title">
            <strong>{r.title}</strong>
            <Badge value={r.status} map={STATUS_BADGE} />
          </div>
          <p className="muted small">
            Type: {r.reportType} • Period: {r.reportPeriod}
          </p>
        </div>
      );
    }
  }
}
