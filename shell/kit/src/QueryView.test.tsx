import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API } from '@groupflow/core/contracts';
import { useEndpointQuery } from './endpointQuery.ts';
import { QueryView } from './QueryView.tsx';
import { EmptyState } from './ui/states.tsx';
import { errorResponse, fixture, json, renderScreen, staffUserWire, stubFetch } from './testing.tsx';

function Members({ error }: { error?: string }) {
  const staff = useEndpointQuery(API.staff.listStaff);
  return (
    <QueryView
      query={staff}
      loading="Loading users..."
      error={error}
      isEmpty={(members) => members.length === 0}
      empty={<EmptyState title="No users yet." />}
    >
      {(members) => (
        <ul>
          {members.map((member) => (
            <li key={member.id}>{member.username}</li>
          ))}
        </ul>
      )}
    </QueryView>
  );
}

const ada = staffUserWire({ id: 1, username: 'ada', role: 'platform_owner' });

describe('QueryView', () => {
  it('shows the spinner while loading, then the data', async () => {
    stubFetch(() => json(fixture(API.staff.listStaff, [ada])));
    renderScreen(<Members />);
    expect(screen.getByRole('status').textContent).toContain('Loading users...');
    await screen.findByText('ada');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows "empty" only for a successful answer with nothing in it', async () => {
    stubFetch(() => json(fixture(API.staff.listStaff, [])));
    renderScreen(<Members />);
    await screen.findByText('No users yet.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a failure, never "empty", with a Retry that refetches', async () => {
    let fail = true;
    const calls = stubFetch(() =>
      fail
        ? errorResponse(500, { code: 'SERVER.INTERNAL', message: 'Database down' })
        : json(fixture(API.staff.listStaff, [ada])),
    );
    renderScreen(<Members error="Failed to fetch staff users" />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to fetch staff users');
    expect(screen.queryByText('No users yet.')).toBeNull();

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('ada');
    expect(calls).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('words a failure by the remote’s code table, else the server’s message, else a generic text', async () => {
    stubFetch(() => errorResponse(403, { code: 'STAFF.PERMISSION_REQUIRED', message: 'Insufficient permissions' }));
    renderScreen(<Members />, { errorTexts: { 'STAFF.PERMISSION_REQUIRED': 'You may not see the staff list.' } });
    expect((await screen.findByRole('alert')).textContent).toContain('You may not see the staff list.');
  });

  it('falls back to the server’s message for a code the table does not know', async () => {
    stubFetch(() => errorResponse(403, { code: 'STAFF.NEW', message: 'Insufficient permissions' }));
    renderScreen(<Members />);
    expect((await screen.findByRole('alert')).textContent).toContain('Insufficient permissions');
  });

  it('says something went wrong when the call never reached the server', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderScreen(<Members />);
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong. Please try again.');
  });
});
