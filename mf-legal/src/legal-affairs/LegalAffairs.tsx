import { useId, useState } from 'react';
import {
  LoadingState,
  may,
  PagedListFooter,
  QueryView,
  useEndpointQuery,
  usePagedList,
  useStaffSession,
} from '@groupflow/shell-kit';
import { Link } from '@groupflow/shell-kit/router';
import { TabPanel, Tabs } from '@groupflow/shell-kit/tabs';
import {
  API,
  LEGAL_KIND_ENDPOINTS,
  type LegalKind,
  type LegalSummary,
  type SignedInStaffUserWire,
} from '@groupflow/core/contracts';
import { CreateDialog } from './CreateDialog.tsx';
import { DetailDialog } from './DetailDialog.tsx';
import { errorText } from '../errorTexts.ts';
import {
  CREATE_FORMS,
  TABS,
  optionLabel,
  type ComplianceReportRow,
  type LegalCaseRow,
  type LegalDocumentRow,
  type LegalRow,
  type PolicyViolationRow,
} from './kinds.ts';
import './legal-affairs.css';

/** /legal-affairs (spec 2 section 2): summary cards, four tabs of records, create dialogs and a detail view. */
export default function LegalAffairs() {
  const { user } = useStaffSession<SignedInStaffUserWire>();
  const [tab, setTab] = useState<LegalKind>('cases');
  const [creating, setCreating] = useState<LegalKind | null>(null);
  const [viewing, setViewing] = useState<{ kind: LegalKind; id: number } | null>(null);
  const summary = useEndpointQuery(API.legal.summarizeLegalAffairs, undefined, { enabled: user !== null });

  if (!user) return <LoadingState />;

  return (
    <main className="container page legal-affairs">
      <header className="legal-header">
        <Link className="btn btn-ghost" to="/staff-dashboard">
          ← Back to Dashboard
        </Link>
        <h1>Legal Affairs</h1>
        <p className="muted">Manage legal cases, policy violations, and compliance</p>
      </header>

      <SummaryCards summary={summary.data} failed={summary.isError} />

      <Tabs
        tabs={TABS.map(({ kind, label }) => ({ value: kind, label }))}
        value={tab}
        onValueChange={setTab}
        label="Legal records"
      >
        {TABS.map(({ kind }) => (
          <TabPanel key={kind} value={kind} className="card legal-panel">
            <RecordList kind={kind} onCreate={() => setCreating(kind)} onView={(id) => setViewing({ kind, id })} />
          </TabPanel>
        ))}
      </Tabs>

      {creating && <CreateDialog kind={creating} onClose={() => setCreating(null)} />}
      {viewing && (
        <DetailDialog
          kind={viewing.kind}
          id={viewing.id}
          mayBanCustomers={may(user, 'customers.ban')}
          onClose={() => setViewing(null)}
        />
      )}
    </main>
  );
}

function SummaryCards({ summary, failed }: { summary: LegalSummary | undefined; failed: boolean }) {
  const value = (n: number | undefined) => (n === undefined ? (failed ? '–' : '…') : String(n));
  const cards = [
    {
      title: 'Legal Cases',
      total: summary?.cases.total,
      note: `${value(summary?.cases.underInvestigation)} under investigation`,
    },
    {
      title: 'Policy Violations',
      total: summary?.violations.total,
      note: `${value(summary?.violations.pendingReview)} pending review`,
    },
    {
      title: 'Legal Documents',
      total: summary?.documents.total,
      note: `${value(summary?.documents.active)} active policies`,
    },
    {
      title: 'Compliance Reports',
      total: summary?.compliance.total,
      note: `${value(summary?.compliance.published)} published`,
    },
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

function RecordList({
  kind,
  onCreate,
  onView,
}: {
  kind: LegalKind;
  onCreate: () => void;
  onView: (id: number) => void;
}) {
  const ids = useId();
  const tab = TABS.find((t) => t.kind === kind)!;
  const list = usePagedList(LEGAL_KIND_ENDPOINTS[kind].listLegalRecords);
  const rows: LegalRow[] = list.items;

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
      <QueryView
        query={list}
        error={(error) => `Failed to load ${tab.label.toLowerCase()}. ${errorText(error) ?? (error as Error).message}`}
        retryLabel="Retry"
        isEmpty={() => rows.length === 0}
        empty={<p className="muted legal-empty">{tab.empty}</p>}
      >
        {() => (
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
      </QueryView>
      <PagedListFooter list={list} />
    </>
  );
}

const SEVERITY_BADGE: Record<string, string> = {
  low: '',
  medium: 'badge-warning',
  high: 'badge-danger',
  critical: 'badge-danger',
};
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

/** The customer a case or a violation report names (issue 36), after the spec's row text; nothing when none. */
function CustomerNamed({ name }: { name: string | null }) {
  return name === null ? null : <> • Customer: {name}</>;
}

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
            <CustomerNamed name={c.customerName} />
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
          <p className="muted small">
            Action: {v.actionTaken || 'Pending'}
            <CustomerNamed name={v.customerName} />
          </p>
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
