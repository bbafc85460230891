import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API } from '@groupflow/core/contracts';
import { errorResponse, fixture, json, renderScreen, stubFetch } from '@groupflow/shell-kit/testing';
import { CreateDialog } from './CreateDialog.tsx';

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        + New Case
      </button>
      {open && <CreateDialog kind="cases" onClose={() => setOpen(false)} />}
    </>
  );
}

const open = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('button', { name: '+ New Case' }));
  return screen.getByRole('dialog', { name: 'Create Legal Case' });
};

const CREATED = fixture(API.legal.createCase, {
  id: 1,
  caseNumber: 'LC-0001',
  title: 'Impersonation',
  description: 'A member pretended to own a group.',
  caseType: 'fraud',
  severity: 'medium',
  status: 'investigation',
  reportedBy: 1,
  customerId: null,
  customerName: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const fillCase = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.type(screen.getByLabelText('Case Title'), 'Impersonation');
  await user.click(screen.getByRole('combobox', { name: 'Case Type' }));
  await user.click(await screen.findByRole('option', { name: 'Fraud' }));
  await user.type(screen.getByLabelText('Description'), 'A member pretended to own a group.');
};

describe('CreateDialog (legal case)', () => {
  it('starts at medium severity and shows the schema messages without sending', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(() => json(CREATED, 201));
    renderScreen(<Opener />);
    await open(user);
    expect(screen.getByLabelText('Severity').textContent).toContain('Medium');
    expect(screen.getByLabelText('Case Type').textContent).toContain('Select case type');
    await user.click(screen.getByRole('button', { name: 'Create Case' }));
    expect(await screen.findByText('Case title is required')).toBeTruthy();
    expect(screen.getByText('Choose a case type')).toBeTruthy();
    expect(screen.getByText('Description is required')).toBeTruthy();
    expect(screen.getByLabelText('Case Title').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Case Title'));
    expect(calls).toHaveLength(0);
  });

  it('creates the case with Enter, is busy while sending, then closes with focus back on the opener', async () => {
    const user = userEvent.setup();
    let release: () => void = () => {};
    const calls = stubFetch(() => new Promise<Response>((resolve) => (release = () => resolve(json(CREATED, 201)))));
    const { toasts } = renderScreen(<Opener />);
    await open(user);
    await fillCase(user);
    await user.type(screen.getByLabelText('Case Title'), '{Enter}');
    const busy = (await screen.findByRole('button', { name: 'Creating...' })) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    release();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls[0]).toMatchObject({
      url: '/api/legal/cases',
      method: 'POST',
      body: {
        title: 'Impersonation',
        caseType: 'fraud',
        severity: 'medium',
        description: 'A member pretended to own a group.',
      },
    });
    expect(toasts).toContainEqual({ title: 'Legal case created', variant: 'success' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: '+ New Case' })));
  });

  it("shows the server's 400 issue under its field and keeps the dialog open", async () => {
    const user = userEvent.setup();
    stubFetch(() =>
      errorResponse(400, {
        code: 'REQUEST.INVALID',
        message: 'Invalid',
        issues: [{ path: ['title'], message: 'Title already used' }],
      }),
    );
    const { toasts } = renderScreen(<Opener />);
    await open(user);
    await fillCase(user);
    await user.click(screen.getByRole('button', { name: 'Create Case' }));
    expect(await screen.findByText('Title already used')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Create Legal Case' })).toBeTruthy();
    expect(toasts).toHaveLength(0);
  });

  it('names the customer picked from the search in the case it creates', async () => {
    const user = userEvent.setup();
    const calls = stubFetch((call) =>
      call.method === 'GET'
        ? json(fixture(API.customer.searchCustomers, [{ id: 21, username: 'raider', robloxUsername: null }]))
        : json(fixture(API.legal.createCase, { ...CREATED, customerId: 21, customerName: 'raider' }), 201),
    );
    renderScreen(<Opener />);
    await open(user);
    await fillCase(user);
    await user.type(screen.getByLabelText('Customer (optional)'), 'raid');
    await user.click(await screen.findByRole('button', { name: /raider/ }));
    expect(screen.getByRole('button', { name: 'Remove raider' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create Case' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: '/api/legal/cases',
      body: { title: 'Impersonation', customerId: 21 },
    });
  });

  it('shows a refused customer under the picker and keeps the dialog open', async () => {
    const user = userEvent.setup();
    stubFetch((call) =>
      call.method === 'GET'
        ? json(fixture(API.customer.searchCustomers, [{ id: 21, username: 'raider', robloxUsername: null }]))
        : errorResponse(400, {
            code: 'LEGAL.CUSTOMER_NOT_FOUND',
            message: 'No customer account has this id',
            issues: [{ path: ['customerId'], message: 'No customer account has this id' }],
          }),
    );
    const { toasts } = renderScreen(<Opener />);
    await open(user);
    await fillCase(user);
    await user.type(screen.getByLabelText('Customer (optional)'), 'raid');
    await user.click(await screen.findByRole('button', { name: /raider/ }));
    await user.click(screen.getByRole('button', { name: 'Create Case' }));
    expect(await screen.findByText('This customer account no longer exists; pick another or remove it')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Create Legal Case' })).toBeTruthy();
    expect(toasts).toHaveLength(0);
  });

  it('closes on Escape and from Cancel, returning focus to the opener', async () => {
    const user = userEvent.setup();
    renderScreen(<Opener />);
    const dialog = await open(user);
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    const opener = screen.getByRole('button', { name: '+ New Case' });
    await waitFor(() => expect(document.activeElement).toBe(opener));
    await open(user);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('moves through the fields in label order with Tab', async () => {
    const user = userEvent.setup();
    renderScreen(<Opener />);
    await open(user);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Case Title')));
    for (const label of ['Case Type', 'Severity', 'Description', 'Customer (optional)']) {
      await user.tab();
      expect(document.activeElement).toBe(screen.getByLabelText(label));
    }
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Create Case' }));
  });
});
