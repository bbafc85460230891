import { lazy, Suspense } from 'react';
import { EmptyState, LoadingState, QueryView, useEndpointQuery } from '@groupflow/shell-kit';
import { API } from '@groupflow/core/contracts';
import { groupParams, liveGroupRead, messageOf, statusOf } from '../robloxApi.ts';

// recharts loads with this tab only.
const AnalyticsCharts = lazy(() => import('./AnalyticsCharts.tsx'));

/** The Analytics tab: activity over time, sessions and quota completion per week, from the group's records. */
export function AnalyticsTab({ groupId }: { groupId: string }) {
  const analytics = useEndpointQuery(API.roblox.readAnalytics, groupParams(groupId), liveGroupRead(groupId));
  return (
    <>
      <h1>Analytics</h1>
      {/* The server answers analytics to managers only: a member's 403 says so, it is not a failure. */}
      {statusOf(analytics.error) === 403 ? (
        <EmptyState title="Managers only" description={messageOf(analytics.error)} />
      ) : (
        <QueryView
          query={analytics}
          loading="Loading analytics"
          error="Failed to load analytics."
          isEmpty={(data) =>
            data.daily.every((day) => day.minutes === 0 && day.activeMembers === 0) &&
            data.weekly.every((week) => week.sessions === 0 && week.measured === 0)
          }
          empty={
            <EmptyState
              title="Nothing to chart yet"
              description="Charts fill in as the game reports activity and sessions are scheduled."
            />
          }
        >
          {(data) => (
            <Suspense fallback={<LoadingState label="Loading charts" />}>
              <AnalyticsCharts data={data} />
            </Suspense>
          )}
        </QueryView>
      )}
    </>
  );
}
