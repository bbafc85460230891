import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API } from '@groupflow/core/contracts';
import { errorResponse, fixture, json, renderScreen, stubFetch } from '@groupflow/shell-kit/testing';
import { STAFF_ERROR_TEXTS } from '../../errorTexts.ts';
import { CannedResponsesTab } from './CannedResponsesTab.tsx';

const REFUND = fixture(API.support.createCannedResponse, {
  id: 4,
  shortCode: 'refund',
  title: 'Refund sent',
  body: 'Hi {{customer.name}}, your refund is on its way.',
  createdAt: '2026-11-28T10:00:00.000Z',
  updatedAt: '2026-11-28T10:00:00.000Z',
});

const renderTab = () =>
  renderScreen(<CannedResponsesTab />, { path: '/support-tickets', errorTexts: STAFF_ERROR_TEXTS });

describe('CannedResponsesTab', () => {
  it('says there are none yet, and adds one; a short code in use is said under its field', async () => {
    const user = userEvent.setup();
    const list: (typeof REFUND)[] = [];
    let taken = true;
    const calls = stubFetch((call) => {
      if (call.method === 'GET') return json(fixture(API.support.listCannedResponses, list));
      if (taken)
        return errorResponse(409, {
          code: 'SUPPORT.SHORT_CODE_TAKEN',
          message: 'Another canned response uses /refund',
        });
      list.push(REFUND);
      return json(REFUND, 201);
    });
    renderTab();
    expect(await screen.findByText('No canned responses yet')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'New response' }));
    const dialog = await screen.findByRole('dialog', { name: 'New canned response' });
    await user.type(within(dialog).getByLabelText('Short code'), 'refund');
    await user.type(within(dialog).getByLabelText('Title'), 'Refund sent');
    await user.type(within(dialog).getByLabelText('Text'), 'Your refund is on its way.');
    await user.click(within(dialog).getByRole('button', { name: 'Add response' }));
    expect(await within(dialog).findByText('Another canned response uses /refund')).toBeTruthy();

    taken = false;
    await user.click(within(dialog).getByRole('button', { name: 'Add response' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('/refund')).toBeTruthy();
    const posted = calls.filter((call) => call.method === 'POST').at(-1);
    expect(posted?.body).toEqual({ shortCode: 'refund', title: 'Refund sent', body: 'Your refund is on its way.' });
  });

  it('refuses a short code with spaces or capitals before asking the server', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(() => json(fixture(API.support.listCannedResponses, [])));
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'New response' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Short code'), 'Refund Sent');
    await user.type(within(dialog).getByLabelText('Title'), 'x');
    await user.type(within(dialog).getByLabelText('Text'), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Add response' }));
    expect(await within(dialog).findByText('Use lowercase letters, digits and dashes')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('deletes a response only after confirming', async () => {
    const user = userEvent.setup();
    let list = [REFUND];
    const calls = stubFetch((call) => {
      if (call.method === 'DELETE') {
        list = [];
        return new Response(null, { status: 204 });
      }
      return json(fixture(API.support.listCannedResponses, list));
    });
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete canned response?' });
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No canned responses yet')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      '/api/support/canned-responses/4',
    ]);
  });
});
