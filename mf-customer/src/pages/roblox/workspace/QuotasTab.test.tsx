import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { API } from '@groupflow/core/contracts';
import { fixture, json, renderScreen, stubFetch } from '@groupflow/shell-kit/testing';
import { QuotasTab } from './QuotasTab.tsx';

const QUOTAS = fixture(API.roblox.listQuotas, [
  { id: 1, name: 'Weekly minutes', kind: 'minutes-in-game', amount: 1, rankIds: [5, 50] },
]);
const row = (userId: string, username: string, rank: [number, string] | null, value: number | null, extra = {}) => ({
  userId,
  username,
  rankId: rank?.[0] ?? null,
  rankName: rank?.[1] ?? null,
  excused: false,
  behind: value === 0,
  rankUnknown: null,
  progress:
    value === null
      ? []
      : [
          {
            quotaId: 1,
            name: 'Weekly minutes',
            kind: 'minutes-in-game' as const,
            amount: 1,
            value,
            percent: 100,
            met: value >= 1,
          },
        ],
  ...extra,
});

describe('QuotasTab', () => {
  it('shows members who never played as behind, and whom Roblox did not confirm apart with the reason', async () => {
    stubFetch((call) => {
      if (call.url.includes('/quotas/progress'))
        return json(
          fixture(API.roblox.readQuotaProgress, {
            enabled: true,
            week: {
              start: '2026-11-23T00:00:00.000Z',
              end: '2026-11-30T00:00:00.000Z',
              firstDay: '2026-11-23',
              lastDay: '2026-11-29',
            },
            quotas: QUOTAS,
            rosterComplete: true,
            members: [
              row('3', 'SupervisorSue', [50, 'Supervisor'], 0),
              row('2', 'BaristaBen', [5, 'Barista'], 2),
              row('5', 'GameGus', null, null, { rankUnknown: 'not-in-roster' }),
            ],
          }),
        );
      if (call.url.endsWith('/quotas')) return json(QUOTAS);
      return json({ message: 'Managers only' }, 403);
    });
    renderScreen(<QuotasTab groupId="777" />);
    const progress = await screen.findByRole('list', { name: 'Quota progress' });
    expect(within(progress).getByText('SupervisorSue').closest('li')!.textContent).toContain('Behind');
    expect(within(progress).getByText('BaristaBen').closest('li')!.textContent).toContain('On track');
    expect(within(progress).queryByText('GameGus')).toBeNull();
    const unconfirmed = screen.getByRole('list', { name: 'Members whose rank Roblox did not confirm' });
    expect(within(unconfirmed).getByText('GameGus').closest('li')!.textContent).toContain('Not listed at a quota rank');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
