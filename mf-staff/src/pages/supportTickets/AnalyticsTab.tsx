import { lazy, Suspense } from 'react';
import { LoadingState, QueryView, SampleLabel, useEndpointQuery } from '@groupflow/shell-kit';
import { API, type TicketAnalyticsWire } from '@groupflow/core/contracts';
import { TOP_STAFF } from './sampleTabs.tsx';

// recharts (with d3) is large: it loads with this tab only, never with the rest of the staff area.
const TicketCharts = lazy(() => import('./TicketCharts.tsx'));

/** Spec 2 section 2's sample lists: GroupFlow records no ratings nor topic trends, so they stay labelled samples. */
const TRENDS = [
  { label: 'Authentication issues', change: '-12%' },
  { label: 'Billing questions', change: '+5%' },
  { label: 'Technical problems', change: '-8%' },
];

const FINISHED = new Set(['resolved', 'closed']);

/** Seconds as the largest fitting unit ("45 s", "12 min", "3.5 h", "2.1 d"); a dash when nothing was measured. */
export function duration(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 60) return `${Math.round(seconds)} s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  if (seconds < 86_400) return `${Math.round(seconds / 360) / 10} h`;
  return `${Math.round(seconds / 8640) / 10} d`;
}

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="card">
      <p className="muted small">{label}</p>
      <p className="sample-figure">{value}</p>
    </div>
  );
}

/** The Analytics tab of /support-tickets: real ticket figures (GET /api/support/analytics) drawn as charts. */
export function AnalyticsTab() {
  const analytics = useEndpointQuery(API.support.ticketAnalytics);
  return (
    <QueryView query={analytics} loading="Loading analytics..." error="Could not load the ticket analytics.">
      {(data) => <Analytics data={data} />}
    </QueryView>
  );
}

function Analytics({ data }: { data: TicketAnalyticsWire }) {
  const finished = data.byStatus.filter((entry) => FINISHED.has(entry.status)).reduce((n, e) => n + e.count, 0);
  return (
    <section className="stack" aria-label="Analytics">
      <p className="muted small">Tickets filed in the last {data.days} days (UTC), today included.</p>
      <div className="grid-3">
        <Figure label="Total Tickets" value={data.total} />
        <Figure label="Open now" value={data.openNow} />
        <Figure label="Resolved or closed" value={finished} />
        <Figure label="Median first response" value={duration(data.medianFirstResponseSeconds)} />
        <Figure label="Median resolution time" value={duration(data.medianResolutionSeconds)} />
      </div>
      <Suspense fallback={<LoadingState label="Loading charts..." />}>
        <TicketCharts analytics={data} />
      </Suspense>
      <div className="card stack">
        <h3 className="card-title row">
          Trends and top staff <SampleLabel />
        </h3>
        <ul className="sample-list">
          {TRENDS.map((t) => (
            <li key={t.label} className="spread">
              <span>{t.label}</span>
              <span>{t.change}</span>
            </li>
          ))}
        </ul>
        <ol className="sample-list">
          {TOP_STAFF.map((s) => (
            <li key={s.name} className="spread">
              <span>{s.name}</span>
              <span className="muted small">
                {s.resolved} resolved · ★ {s.rating}
              </span>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
