import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { z } from 'zod';
import type { analyticsSchema } from '@groupflow/core/contracts';

type Analytics = z.infer<typeof analyticsSchema>;

const HEIGHT = 240;
const AXIS = { stroke: 'var(--muted)', fontSize: 12 };
const GRID = 'var(--border)';
const TOOLTIP = { contentStyle: { background: 'var(--surface)', border: '1px solid var(--border)' } };

/**
 * The workspace's charts, drawn with recharts. This module is imported lazily by the Analytics tab, so the chart
 * library loads only there (never on the landing page or the other tabs).
 */
export default function AnalyticsCharts({ data }: { data: Analytics }) {
  const completion = data.weekly.map((week) => ({
    ...week,
    percent: week.measured ? Math.round((week.completed * 100) / week.measured) : 0,
  }));
  return (
    <div className="grid-2">
      <figure className="card rb-chart" aria-label="Minutes in game and active members per day">
        <figcaption className="card-title">Activity per day</figcaption>
        <ResponsiveContainer width="100%" height={HEIGHT}>
          <LineChart data={data.daily}>
            <CartesianGrid stroke={GRID} strokeDasharray="3 3" />
            <XAxis dataKey="day" tick={AXIS} tickFormatter={(day: string) => day.slice(5)} />
            <YAxis yAxisId="minutes" tick={AXIS} allowDecimals={false} />
            <YAxis yAxisId="members" orientation="right" tick={AXIS} allowDecimals={false} />
            <Tooltip {...TOOLTIP} />
            <Legend />
            <Line
              yAxisId="minutes"
              type="monotone"
              dataKey="minutes"
              name="Minutes"
              stroke="var(--accent)"
              dot={false}
            />
            <Line
              yAxisId="members"
              type="monotone"
              dataKey="activeMembers"
              name="Active members"
              stroke="var(--success)"
              dot={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </figure>
      <figure className="card rb-chart" aria-label="Sessions per week">
        <figcaption className="card-title">Sessions per week</figcaption>
        <ResponsiveContainer width="100%" height={HEIGHT}>
          <BarChart data={data.weekly}>
            <CartesianGrid stroke={GRID} strokeDasharray="3 3" />
            <XAxis dataKey="weekStart" tick={AXIS} tickFormatter={(day: string) => day.slice(5)} />
            <YAxis tick={AXIS} allowDecimals={false} />
            <Tooltip {...TOOLTIP} />
            <Bar dataKey="sessions" name="Sessions" fill="var(--accent)" />
          </BarChart>
        </ResponsiveContainer>
      </figure>
      <figure className="card rb-chart" aria-label="Quota completion per week">
        <figcaption className="card-title">Quota completion per week</figcaption>
        <ResponsiveContainer width="100%" height={HEIGHT}>
          <BarChart data={completion}>
            <CartesianGrid stroke={GRID} strokeDasharray="3 3" />
            <XAxis dataKey="weekStart" tick={AXIS} tickFormatter={(day: string) => day.slice(5)} />
            <YAxis tick={AXIS} domain={[0, 100]} unit="%" />
            <Tooltip {...TOOLTIP} />
            <Bar dataKey="percent" name="Met every quota" fill="var(--success)" />
          </BarChart>
        </ResponsiveContainer>
      </figure>
    </div>
  );
}
