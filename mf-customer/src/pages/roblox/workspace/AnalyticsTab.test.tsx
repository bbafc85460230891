import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { API } from '@groupflow/core/contracts';
import { fixture, json, renderScreen, stubFetch } from '@groupflow/shell-kit/testing';
import { AnalyticsTab } from './AnalyticsTab.tsx';

describe('AnalyticsTab', () => {
  it('says there is nothing to chart yet rather than drawing empty charts', async () => {
    stubFetch(() =>
      json(
        fixture(API.roblox.readAnalytics, {
          daily: [{ day: '2026-11-26', minutes: 0, activeMembers: 0 }],
          weekly: [{ weekStart: '2026-11-23', sessions: 0, measured: 0, completed: 0 }],
        }),
      ),
    );
    renderScreen(<AnalyticsTab groupId="777" />);
    expect(await screen.findByText('Nothing to chart yet')).toBeTruthy();
  });

  it("tells a member who is not a manager that analytics are managers' only", async () => {
    stubFetch(() => json({ message: 'You do not have access to this group' }, 403));
    renderScreen(<AnalyticsTab groupId="777" />);
    expect(await screen.findByText('Managers only')).toBeTruthy();
  });

  it('shows a failure with Try again, not as nothing to chart', async () => {
    stubFetch(() => json({ message: 'Database unavailable' }, 503));
    renderScreen(<AnalyticsTab groupId="777" />);
    expect(await screen.findByText('Failed to load analytics.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByText('Nothing to chart yet')).toBeNull();
  });
});
