import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { TicketAnalyticsWire } from '@groupflow/core/contracts';

const CHART_HEIGHT = 220;
const AXIS = { stroke: 'var(--muted)', fontSize: 12 };
const TILTED = { angle: -30, textAnchor: 'end', height: 64 } as const;
const TOOLTIP = { contentStyle: { background: 'var(--surface)', border: '1px solid var(--border)' } };

type Row = { label: string } & Record<string, string | number>;

interface Series {
  key: string;
  name: string;
  fill: string;
}

function Chart({
  title,
  data,
  x,
  series,
  everyLabel = false,
  tilted = false,
}: {
  title: string;
  data: Row[];
  x: string;
  series: Series[];
  /** Few bars: name each one (recharts otherwise skips labels that might collide). */
  everyLabel?: boolean;
  /** Long names: tilted, so neighbours do not run into each other on a narrow chart. */
  tilted?: boolean;
}) {
  return (
    <figure className="card stack ticket-chart">
      <figcaption className="card-title">{title}</figcaption>
      <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
        <BarChart data={data} accessibilityLayer>
          <CartesianGrid stroke="var(--border)" vertical={false} />
          <XAxis
            dataKey="label"
            tick={AXIS}
            stroke={AXIS.stroke}
            name={x}
            interval={everyLabel ? 0 : 'preserveStartEnd'}
            {...(tilted ? TILTED : {})}
          />
          <YAxis allowDecimals={false} tick={AXIS} stroke={AXIS.stroke} width={32} />
          <Tooltip {...TOOLTIP} />
          {series.length > 1 && <Legend wrapperStyle={{ fontSize: 12 }} />}
          {series.map((s) => (
            <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.fill} radius={[4, 4, 0, 0]} />
          ))}
        </BarChart>
      </ResponsiveContainer>
      {/* The figures behind the bars, for screen readers and anyone who wants the numbers. */}
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{x}</th>
            {series.map((s) => (
              <th key={s.key} scope="col">
                {s.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              {series.map((s) => (
                <td key={s.key}>{row[s.key]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** A bucket's label: the UTC hour for a day's range, the UTC day (MM-DD) otherwise. */
function bucketLabel(at: string, bucket: TicketAnalyticsWire['bucket']): string {
  return bucket === 'hour' ? `${at.slice(11, 13)}:00` : at.slice(5, 10);
}

const TICKETS: Series = { key: 'count', name: 'Tickets', fill: 'var(--accent)' };

/** The range's tickets over time, by status, priority and rating, as bar charts (recharts, with this tab only). */
export default function TicketCharts({ analytics }: { analytics: TicketAnalyticsWire }) {
  return (
    <div className="grid-2">
      <Chart
        title={analytics.bucket === 'hour' ? 'Tickets per hour (UTC)' : 'Tickets per day (UTC)'}
        x={analytics.bucket === 'hour' ? 'Hour' : 'Day'}
        series={[
          { key: 'tickets', name: 'Filed', fill: 'var(--accent)' },
          { key: 'finished', name: 'Resolved or closed', fill: 'var(--success)' },
        ]}
        data={analytics.series.map((entry) => ({
          label: bucketLabel(entry.at, analytics.bucket),
          tickets: entry.tickets,
          finished: entry.finished,
        }))}
      />
      <Chart
        title="Satisfaction ratings"
        x="Stars"
        everyLabel
        series={[{ key: 'count', name: 'Ratings', fill: 'var(--warning)' }]}
        data={analytics.ratings.map((entry) => ({ label: `${entry.score} ★`, count: entry.count }))}
      />
      <Chart
        title="By status"
        x="Status"
        everyLabel
        tilted
        series={[{ ...TICKETS, fill: 'var(--success)' }]}
        data={analytics.byStatus.map((entry) => ({ label: entry.status.replace('_', ' '), count: entry.count }))}
      />
      <Chart
        title="By priority"
        x="Priority"
        everyLabel
        series={[{ ...TICKETS, fill: 'var(--warning)' }]}
        data={analytics.byPriority.map((entry) => ({ label: entry.priority, count: entry.count }))}
      />
    </div>
  );
}
