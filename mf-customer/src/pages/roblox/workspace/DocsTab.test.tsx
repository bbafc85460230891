import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, DEFAULT_THEME_COLOR } from '@groupflow/core/contracts';
import { fixture, json, renderScreen, stubFetch } from '@groupflow/shell-kit/testing';
import { DocsTab } from './DocsTab.tsx';

const HOSTILE = '# Rules\n\nBe **kind**.\n\n<img src=x onerror="alert(1)"><script>alert(2)</script>';
const DOC = fixture(API.roblox.createDocument, {
  id: 1,
  title: 'Group Rules',
  type: 'rules',
  body: HOSTILE,
  rankIds: [],
  createdBy: 'Owner',
  createdAt: '2026-11-26T12:00:00.000Z',
});
// A manager's settings: the reader may write documents.
const SETTINGS = fixture(API.roblox.readWorkspaceSettings, {
  activityTracking: true,
  quotaSystem: false,
  autoPromotions: false,
  automationRanks: [],
  canChangeAutomation: true,
  canChooseAutomationRanks: true,
  authorizedRoles: [],
  themeColor: DEFAULT_THEME_COLOR,
  homeWidgets: [],
  sessionReminderMinutes: 0,
  activityKeyPrefix: 'gfa_Ab12',
  activityEndpoint: 'http://x/api/roblox/activity',
});

describe('DocsTab', () => {
  it('renders Markdown as elements and never the HTML inside it', async () => {
    const user = userEvent.setup();
    stubFetch((call) => {
      if (call.url.endsWith('/documents')) return json(fixture(API.roblox.listDocuments, [DOC]));
      return json({ message: 'Managers only' }, 403);
    });
    renderScreen(<DocsTab groupId="777" />);
    await user.click(await screen.findByRole('button', { name: 'Read' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('heading', { name: 'Rules' })).toBeTruthy();
    expect(within(dialog).getByText('kind').tagName).toBe('STRONG');
    expect(dialog.querySelector('img, script')).toBeNull();
    // Members who cannot write see no Create Document button.
    expect(screen.queryByRole('button', { name: 'Create Document' })).toBeNull();
  });

  it('creates a document for chosen ranks', async () => {
    const user = userEvent.setup();
    const calls = stubFetch((call) => {
      if (call.url.endsWith('/settings')) return json(SETTINGS);
      if (call.url.endsWith('/ranks'))
        return json(
          fixture(API.roblox.listGroupRanks, [
            { rankId: 1, rankName: 'Member', memberCount: 1, roleId: '1' },
            { rankId: 10, rankName: 'Staff', memberCount: 1, roleId: '2' },
          ]),
        );
      if (call.method === 'POST')
        return json(fixture(API.roblox.createDocument, { ...DOC, id: 2, title: 'HR', body: 'x', rankIds: [10] }), 201);
      return json(fixture(API.roblox.listDocuments, []));
    });
    renderScreen(<DocsTab groupId="777" />);
    await user.click(await screen.findByRole('button', { name: 'Create Document' }));
    await user.type(screen.getByLabelText('Title'), 'HR');
    await user.type(screen.getByLabelText('Text (Markdown)'), 'Ask *HR* first');
    await user.click(await screen.findByRole('checkbox', { name: 'Staff' }));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: '/api/roblox/groups/777/documents',
      body: { title: 'HR', type: 'handbook', body: 'Ask *HR* first', rankIds: [10] },
    });
  });
});
