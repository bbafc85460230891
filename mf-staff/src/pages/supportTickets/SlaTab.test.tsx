import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API } from '@groupflow/core/contracts';
import { fixture, json, renderScreen, staffUserWire, stubFetch } from '@groupflow/shell-kit/testing';
import { SlaTab } from './SlaTab.tsx';

const POLICIES = fixture(API.support.readSlaPolicies, {
  policies: [
    { priority: 'low', firstResponseMinutes: 1440, resolutionHours: 72 },
    { priority: 'medium', firstResponseMinutes: 480, resolutionHours: 48 },
    { priority: 'high', firstResponseMinutes: 120, resolutionHours: 24 },
    { priority: 'urgent', firstResponseMinutes: 30, resolutionHours: 8 },
  ],
});

describe('SlaTab', () => {
  it("lets a support director change a target, and sends the desk's four policies", async () => {
    const user = userEvent.setup();
    const calls = stubFetch((call) =>
      json(call.method === 'PUT' ? fixture(API.support.replaceSlaPolicies, call.body as typeof POLICIES) : POLICIES),
    );
    renderScreen(<SlaTab user={staffUserWire({ id: 5, username: 'dana', role: 'customer_support_director' })} />);
    const urgent = await screen.findByRole('group', { name: 'Urgent' });
    const minutes = within(urgent).getByLabelText('First reply within (minutes)');
    await user.clear(minutes);
    await user.type(minutes, '15');
    await user.click(screen.getByRole('button', { name: 'Save targets' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const sent = calls.find((call) => call.method === 'PUT')?.body as typeof POLICIES;
    expect(sent.policies[3]).toEqual({ priority: 'urgent', firstResponseMinutes: 15, resolutionHours: 8 });
  });

  it('shows an agent the targets without a way to change them', async () => {
    stubFetch(() => json(POLICIES));
    renderScreen(<SlaTab user={staffUserWire({ id: 6, username: 'sam', role: 'customer_support' })} />);
    expect(
      await screen.findByText('Only customer support directors and the platform owner change the targets.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save targets' })).toBeNull();
  });

  it('says a target of 0 is too small and sends nothing', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(() => json(POLICIES));
    renderScreen(<SlaTab user={staffUserWire({ id: 1, username: 'owner', role: 'platform_owner' })} />);
    const low = await screen.findByRole('group', { name: 'Low' });
    const hours = within(low).getByLabelText('Resolved within (hours)');
    await user.clear(hours);
    await user.type(hours, '0');
    await user.click(screen.getByRole('button', { name: 'Save targets' }));
    expect(await within(low).findByText('At least 1 hour')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });
});
