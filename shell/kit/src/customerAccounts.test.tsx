import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CustomerAccountWire } from '@groupflow/core/contracts';
import { json, renderScreen, stubFetch } from '@groupflow/shell-kit/testing';
import { useEffect } from 'react';
import { z } from 'zod';
import type { CustomerMatchWire } from '@groupflow/core/contracts';
import { CustomerAccounts, CustomerField } from './customerAccounts.tsx';
import { Form, useZodForm } from './form.tsx';

const account = (overrides: Partial<CustomerAccountWire>): CustomerAccountWire => ({
  id: 7,
  username: 'raider',
  email: 'raider@example.test',
  discordId: '555',
  robloxId: null,
  robloxUsername: null,
  role: 'user',
  isAdmin: false,
  isBanned: false,
  bannedReason: null,
  bannedBy: null,
  bannedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const serve = (accounts: CustomerAccountWire[]) =>
  stubFetch((call) => {
    if (call.method === 'GET') return json(accounts);
    return json(account({ isBanned: true, bannedReason: 'Scam links', bannedBy: 'dana' }));
  });

describe('CustomerAccounts', () => {
  it('bans only after a reason is given in the confirmation dialog, naming the ticket it comes from', async () => {
    const user = userEvent.setup();
    const calls = serve([account({})]);
    renderScreen(
      <CustomerAccounts
        permissions={['customers.ban']}
        fixedSearch="raider@example.test"
        source={{ kind: 'ticket', id: 42 }}
      />,
    );
    await user.click(await screen.findByRole('button', { name: 'Ban raider' }));
    const dialog = screen.getByRole('dialog', { name: 'Ban raider' });
    const confirm = within(dialog).getByRole('button', { name: 'Ban customer' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await user.type(within(dialog).getByLabelText('Ban reason (Required)'), 'Scam links');
    await user.click(confirm);
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: '/api/staff/customers/ban',
      body: { userId: 7, reason: 'Scam links', source: { kind: 'ticket', id: 42 } },
    });
    expect(calls[0]!.url).toBe('/api/staff/customers?search=raider%40example.test');
  });

  it('shows a ban with who and why, offers Unban, and no role change without customers.role', async () => {
    serve([account({ isBanned: true, bannedReason: 'Scam links', bannedBy: 'dana' })]);
    renderScreen(<CustomerAccounts permissions={['customers.ban']} fixedSearch="raider" />);
    expect(await screen.findByText('Banned')).toBeTruthy();
    expect(screen.getByText(/Banned by dana/).textContent).toContain('Scam links');
    expect(screen.getByRole('button', { name: 'Unban raider' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Ban raider/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change role for raider' })).toBeNull();
  });

  it('offers nothing to act with to a member without the permissions, and says when nothing matches', async () => {
    serve([account({})]);
    const { unmount } = renderScreen(<CustomerAccounts permissions={[]} fixedSearch="raider" />);
    expect(await screen.findByText('raider')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    unmount();
    serve([]);
    renderScreen(<CustomerAccounts permissions={['customers.ban']} fixedSearch="nobody" />);
    expect(await screen.findByText('No customer accounts found')).toBeTruthy();
  });

  it('lets the platform owner change the role to admin', async () => {
    const user = userEvent.setup();
    const calls = serve([account({})]);
    renderScreen(<CustomerAccounts permissions={['customers.ban', 'customers.role']} fixedSearch="raider" />);
    await user.click(await screen.findByRole('button', { name: 'Change role for raider' }));
    await user.click(screen.getByRole('combobox', { name: 'New role' }));
    await user.click(await screen.findByRole('option', { name: 'admin' }));
    await user.click(screen.getByRole('button', { name: 'Change role' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: '/api/staff/customers/role',
      body: { userId: 7, role: 'admin' },
    });
  });
});

function PickerHarness({ error }: { error?: string }) {
  const form = useZodForm(z.object({ customerId: z.string() }), { defaultValues: { customerId: '' } });
  useEffect(() => {
    if (error) form.setError('customerId', { type: 'server', message: error });
  }, [form, error]);
  return (
    <Form form={form} onSubmit={() => {}}>
      <CustomerField control={form.control} name="customerId" />
      <output aria-label="Picked">{form.watch('customerId') || 'none'}</output>
    </Form>
  );
}

const MATCHES: CustomerMatchWire[] = [
  { id: 21, username: 'raider', robloxUsername: 'RaiderRbx' },
  { id: 22, username: 'rainy', robloxUsername: null },
];

describe('CustomerField', () => {
  it('searches only from 2 characters, then picks a match and can remove it', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(() => json(MATCHES));
    renderScreen(<PickerHarness />);
    const search = screen.getByLabelText('Customer (optional)');
    expect(screen.getByText("Type at least 2 letters of the customer's name")).toBeTruthy();
    await user.type(search, 'r');
    expect(calls).toHaveLength(0);
    await user.type(search, 'a');
    const list = await screen.findByRole('list', { name: 'Matching customers' });
    expect(calls.map((call) => call.url)).toEqual(['/api/staff/customers/search?q=ra']);
    expect(within(list).getByRole('button', { name: /raider #21 · Roblox: RaiderRbx/ })).toBeTruthy();
    await user.click(within(list).getByRole('button', { name: /rainy/ }));
    expect(screen.getByLabelText('Picked').textContent).toBe('22');
    expect(screen.queryByRole('list', { name: 'Matching customers' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove rainy' }));
    expect(screen.getByLabelText('Picked').textContent).toBe('none');
  });

  it('says when no customer matches', async () => {
    const user = userEvent.setup();
    stubFetch(() => json([]));
    renderScreen(<PickerHarness />);
    await user.type(screen.getByLabelText('Customer (optional)'), 'zz');
    expect(await screen.findByText('No customer is named like "zz"')).toBeTruthy();
  });

  it("shows the server's refusal of the choice under the field", async () => {
    stubFetch(() => json([]));
    renderScreen(<PickerHarness error="No customer account has this id" />);
    expect(await screen.findByText('No customer account has this id')).toBeTruthy();
    expect(screen.getByLabelText('Customer (optional)').getAttribute('aria-invalid')).toBe('true');
  });
});
