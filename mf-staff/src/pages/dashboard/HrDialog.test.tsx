import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, type StaffUser } from '@groupflow/core/contracts';
import { fixture, json, renderScreen, staffUserWire, stubFetch } from '@groupflow/shell-kit/testing';
import { HrDialog } from './HrDialog.tsx';

const member = (id: number, username: string, role: StaffUser['role']) => staffUserWire({ id, username, role });
const OWNER = member(1, 'owner', 'platform_owner');
const CARLA = member(7, 'carla', 'customer_support');

const serve = () =>
  stubFetch((call) => {
    if (call.url === '/api/staff/all') return json(fixture(API.staff.listStaff, [OWNER, CARLA]));
    if (call.url === '/api/staff/settings')
      return json(fixture(API.staff.getSettings, { leadershipEmail: 'leadership@groupflow.test' }));
    return json(
      fixture(API.staff.performHrAction, {
        id: 1,
        actionType: 'promotion',
        targetStaffId: CARLA.id,
        targetStaffEmail: CARLA.email,
        targetStaffUsername: CARLA.username,
        performedByStaffId: OWNER.id,
        performedByEmail: OWNER.email,
        performedByUsername: OWNER.username,
        reason: 'Ran the spring campaign',
        newRole: 'marketing_director',
        suspensionDays: null,
        status: 'completed',
        createdAt: '2026-01-01T00:00:00.000Z',
        emailSent: true,
      }),
    );
  });

describe('HrDialog', () => {
  it('asks to choose a staff member and a new role, then sends the chosen id and role', async () => {
    const user = userEvent.setup();
    const calls = serve();
    renderScreen(<HrDialog type="promotion" actor={OWNER} onClose={() => {}} />);
    const target = screen.getByRole('combobox', { name: 'Select Staff Member' });
    await waitFor(() => expect(target.textContent).toContain('Choose a staff member'));
    expect(screen.getByRole('combobox', { name: 'New Role' }).textContent).toContain('Choose the new role');
    const confirm = screen.getByRole('button', { name: 'Confirm Promotion' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);

    await user.click(target);
    // The actor is not their own target.
    expect(screen.queryByRole('option', { name: /^owner/ })).toBeNull();
    await user.click(screen.getByRole('option', { name: 'carla - Customer Support' }));
    await user.click(screen.getByRole('combobox', { name: 'New Role' }));
    await user.click(await screen.findByRole('option', { name: 'Marketing Director' }));
    await user.type(screen.getByLabelText('Reason (Required)'), 'Ran the spring campaign');
    await user.click(confirm);

    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: '/api/staff/hr-action',
      body: { type: 'promotion', targetStaffId: 7, newRole: 'marketing_director', reason: 'Ran the spring campaign' },
    });
  });

  it('says in words when no role is open to the actor, and keeps Confirm off (issue 36)', async () => {
    const user = userEvent.setup();
    serve();
    const director = member(6, 'hal', 'human_resources_director');
    renderScreen(<HrDialog type="promotion" actor={director} onClose={() => {}} />);
    await user.click(await screen.findByRole('combobox', { name: 'Select Staff Member' }));
    await user.click(await screen.findByRole('option', { name: 'carla - Customer Support' }));
    await user.type(screen.getByLabelText('Reason (Required)'), 'Ran the spring campaign');
    expect(screen.getByText(/There is no role you may promote carla to/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Confirm Promotion' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
