import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fixture, json, renderScreen, stubFetch, type FetchCall } from '@groupflow/shell-kit/testing';
import { API, DEFAULT_THEME_COLOR, type WorkspaceSettings } from '@groupflow/core/contracts';
import { SettingsTab } from './SettingsTab.tsx';

const SETTINGS: WorkspaceSettings = fixture(API.roblox.readWorkspaceSettings, {
  activityTracking: true,
  quotaSystem: false,
  autoPromotions: false,
  automationRanks: [200],
  canChangeAutomation: false,
  canChooseAutomationRanks: false,
  authorizedRoles: ['Owner'],
  themeColor: DEFAULT_THEME_COLOR,
  homeWidgets: [],
  sessionReminderMinutes: 30,
  activityKeyPrefix: 'gfa_Ab12',
  activityEndpoint: 'http://x/api/roblox/activity',
});
const RANKS = fixture(API.roblox.listGroupRanks, [
  { rankId: 20, rankName: 'Barista', memberCount: 9, roleId: '1' },
  { rankId: 100, rankName: 'Manager', memberCount: 3, roleId: '2' },
  { rankId: 200, rankName: 'Admin', memberCount: 1, roleId: '3' },
  { rankId: 255, rankName: 'Owner', memberCount: 1, roleId: '4' },
]);

function serve(settings: Partial<WorkspaceSettings>): FetchCall[] {
  const current = { ...SETTINGS, ...settings };
  return stubFetch((call) => {
    if (call.url.endsWith('/settings'))
      return json(
        fixture(API.roblox.updateWorkspaceSettings, {
          ...current,
          ...(call.method === 'PUT' ? (call.body as object) : {}),
        }),
      );
    if (call.url.endsWith('/ranks')) return json(RANKS);
    if (call.url.endsWith('/open-cloud-key'))
      return json(
        fixture(API.roblox.readOpenCloudKey, {
          set: true,
          permissions: ['group:read'],
          savedAt: null,
          expiresAt: null,
          lastUsedAt: null,
          lapsesAt: null,
          refusedAt: null,
        }),
      );
    return json({ message: 'Not in this test' }, 404);
  });
}

const switchNamed = (name: string) => screen.getByRole('switch', { name }) as HTMLButtonElement;

describe('SettingsTab: who may change automatic promotion and keys (issue 33)', () => {
  it('shows a manager who may, and disables turning it on and both keys with the reason', async () => {
    serve({});
    renderScreen(<SettingsTab groupId="777" />);
    expect((await screen.findByTestId('automation-authority')).textContent).toContain(
      'the group owner (rank 255), Admin (rank 200)',
    );
    expect(switchNamed('Auto promotions').disabled).toBe(true);
    expect(screen.getByText('Only the group owner and the ranks they name may turn them on.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Rotate key' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save key' })).toBeNull();
    expect(screen.getByText('Only the group owner and the ranks they name may save or replace the key.')).toBeTruthy();
    expect(screen.getByText('Only the group owner chooses these ranks.')).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'Manager (rank 100)' })).toBeNull();
  });

  it('lets a manager turn automatic promotion off: the safe direction', async () => {
    const calls = serve({ autoPromotions: true });
    const user = userEvent.setup();
    renderScreen(<SettingsTab groupId="777" />);
    await screen.findByTestId('automation-authority');
    expect(switchNamed('Auto promotions').disabled).toBe(false);
    await user.click(switchNamed('Auto promotions'));
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ autoPromotions: false }));
  });

  it("lets the owner pick the ranks, below the owner's own", async () => {
    const calls = serve({ canChangeAutomation: true, canChooseAutomationRanks: true });
    const user = userEvent.setup();
    renderScreen(<SettingsTab groupId="777" />);
    await screen.findByTestId('automation-authority');
    expect(switchNamed('Auto promotions').disabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Save key' })).toBeTruthy();
    expect(switchNamed('Admin (rank 200)').getAttribute('aria-checked')).toBe('true');
    expect(screen.queryByRole('switch', { name: 'Owner (rank 255)' })).toBeNull();
    await user.click(switchNamed('Manager (rank 100)'));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ automationRanks: [200, 100] }),
    );
  });
});
