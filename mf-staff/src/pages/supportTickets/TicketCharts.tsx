import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { TicketAnalyticsWire } from '@groupflow/core/contracts';

const CHART_HEIGHT = 220;
const AXIS = { stroke: 'var(--muted)', fontSize: 12 };
const TOOLTIP = { contentStyle: { background: 'var(--surface)', border: '1px solid var(--border)' } };

function Chart({
  title,
  data,
  x,
  fill,
  everyLabel = false,
}: {
  title: string;
  data: { label: string; count: number }[];
  x: string;
  fill: string;
  /** Few bars: name each one (recharts otherwise skips labels that might collide). */
  everyLabel?: boolean;
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
          />
          <YAxis allowDecimals={false} tick={AXIS} stroke={AXIS.stroke} width={32} />
          <Tooltip {...TOOLTIP} />
          <Bar dataKey="count" name="Tickets" fill={fill} radius={[4, 4, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
      {/* The figures behind the bars, for screen readers and anyone who wants the numbers. */}
      <table className="sr-only">
        <caption>{title}</caption>
        <tbody>
          {data.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td>{row.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** Tickets per day, by status and by priority, as bar charts (recharts, loaded with the Analytics tab only). */
export default function TicketCharts({ analytics }: { analytics: TicketAnalyticsWire }) {
  return (
    <div className="grid-2">
      <Chart
        title="Tickets per day"
        x="Day"
        fill="var(--accent)"
        data={analytics.perDay.map((entry) => ({ label: entry.day.slice(5), count: entry.count }))}
      />
      <Chart
        title="By status"
        x="Status"
        everyLabel
        fill="var(--success)"
        data={analytics.byStatus.map((entry) => ({ label: entry.status.replace('_', ' '), count: entry.count }))}
      />
      <Chart
        title="By priority"
        x="Priority"
        everyLabel
        fill="var(--warning)"
        data={analytics.byPriority.map((entry) => ({ label: entry.priority, count: entry.count }))}
      />
    </div>
  );
}
