import { lazy, Suspense, useState } from 'react';
import { Button, EmptyState, LoadingState, QueryView, useEndpointQuery } from '@groupflow/shell-kit';
import { ANALYTICS_RANGES, API, type AnalyticsRange, type TicketAnalyticsWire } from '@groupflow/core/contracts';

// recharts (with d3) is large: it loads with this tab only, never with the rest of the staff area.
const TicketCharts = lazy(() => import('./TicketCharts.tsx'));

const RANGE_TEXT: Record<AnalyticsRange, string> = {
  '24h': 'the last 24 hours',
  '7d': 'the last 7 days',
  '30d': 'the last 30 days',
  '90d': 'the last 90 days',
};

/** A figure, or a dash when nothing was measured. */
const orDash = (value: number | null, unit: string) => (value === null ? '—' : `${value} ${unit}`);

function Figure({ label, value, hint }: { label: string; value: string | number; hint?: string }) {
  return (
    <div className="card">
      <p className="muted small">{label}</p>
      <p className="sample-figure">{value}</p>
      {hint && <p className="muted small">{hint}</p>}
    </div>
  );
}

/** The Analytics tab of /support-tickets: ticket figures of a range (GET /api/support/analytics?range=) and charts. */
export function AnalyticsTab() {
  const [range, setRange] = useState<AnalyticsRange>('7d');
  const analytics = useEndpointQuery(API.support.readTicketAnalytics, { query: { range } });
  return (
    <section className="stack" aria-label="Analytics">
      <div className="row analytics-ranges" role="group" aria-label="Range">
        {ANALYTICS_RANGES.map((value) => (
          <Button
            key={value}
            variant={value === range ? 'primary' : 'outline'}
            aria-pressed={value === range}
            onClick={() => setRange(value)}
          >
            {value}
          </Button>
        ))}
      </div>
      <QueryView query={analytics} loading="Loading analytics..." error="Could not load the ticket analytics.">
        {(data) => <Analytics data={data} />}
      </QueryView>
    </section>
  );
}

function Analytics({ data }: { data: TicketAnalyticsWire }) {
  return (
    <>
      <p className="muted small">Tickets filed in {RANGE_TEXT[data.range]} (UTC); open tickets of any age.</p>
      <div className="analytics-figures">
        <Figure label="Tickets" value={data.tickets} />
        <Figure label="Open now" value={data.open} />
        <Figure label="SLA breaches" value={data.slaBreaches} />
        <Figure label="Median first response" value={orDash(data.firstResponseMedianMinutes, 'min')} />
        <Figure label="Median resolution time" value={orDash(data.resolutionMedianHours, 'h')} />
        <Figure
          label="Customer satisfaction"
          value={data.csat.average === null ? '—' : `★ ${data.csat.average}`}
          hint={`${data.csat.responses} ${data.csat.responses === 1 ? 'rating' : 'ratings'}`}
        />
      </div>
      <Suspense fallback={<LoadingState label="Loading charts..." />}>
        <TicketCharts analytics={data} />
      </Suspense>
      <div className="card stack">
        <h3 className="card-title">Top staff</h3>
        {data.agents.length === 0 ? (
          <EmptyState title="No claimed tickets" description="Nobody claimed a ticket filed in this range." />
        ) : (
          <ol className="sample-list">
            {data.agents.map((agent) => (
              <li key={agent.staffId} className="spread">
                <span>{agent.username}</span>
                <span className="muted small">
                  {agent.finished} resolved · ★ {agent.csatAverage ?? '—'}
                </span>
              </li>
            ))}
          </ol>
        )}
      </div>
    </>
  );
}
