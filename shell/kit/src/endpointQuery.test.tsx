import { describe, expect, expectTypeOf, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, endpoint } from '@groupflow/core/contracts';
import { z } from 'zod';
import { endpointKey, endpointPrefix } from './endpointKey.ts';
import { useEndpointMutation, useEndpointQuery } from './endpointQuery.ts';
import { STAFF_TOKEN_KEY, STAFF_USER_KEY } from './request.ts';
import { fixture, json, errorResponse, renderScreen, staffUserWire, stubFetch } from './testing.tsx';

describe('endpointKey', () => {
  it('is the endpoint’s area and name in the API table, then the call’s parameters and query', () => {
    expect(endpointPrefix(API.support.listTickets)).toEqual(['support', 'listTickets']);
    expect(endpointKey(API.staff.listStaff)).toEqual(['staff', 'listStaff']);
    expect(endpointKey(API.support.readThread, { params: { id: 4 } })).toEqual([
      'support',
      'readThread',
      { params: { id: 4 } },
    ]);
    expect(endpointKey(API.legal.getCase, { params: { id: 2 }, query: undefined })).toEqual([
      'legal',
      'getCase',
      { params: { id: 2 } },
    ]);
  });

  it('names an endpoint outside the table by method and path', () => {
    const own = endpoint({ method: 'GET', path: '/api/own', summary: 'x', auth: 'public', response: z.null() });
    expect(endpointKey(own)).toEqual(['GET', '/api/own']);
  });
});

const staffList = [staffUserWire({ id: 1, username: 'ada', role: 'platform_owner' })];

function StaffNames() {
  const staff = useEndpointQuery(API.staff.listStaff);
  expectTypeOf(staff.data).toEqualTypeOf<z.output<typeof API.staff.listStaff.response> | undefined>();
  return <p>{staff.data ? staff.data.map((member) => member.username).join(', ') || 'nobody' : 'none yet'}</p>;
}

function DeleteButton() {
  const remove = useEndpointMutation(API.staff.deleteStaffUser, {
    invalidates: [API.staff.listStaff],
    success: 'User deleted successfully!',
    failure: 'Failed to delete user',
  });
  return (
    <button type="button" onClick={() => remove.mutate({ params: { id: 1 } })}>
      Delete
    </button>
  );
}

const signIn = () => {
  localStorage.setItem(STAFF_TOKEN_KEY, 'tok');
  localStorage.setItem(STAFF_USER_KEY, JSON.stringify(staffList[0]));
};

describe('useEndpointQuery and useEndpointMutation', () => {
  it('reads under the derived key with the staff bearer, and a mutation refetches what it invalidates', async () => {
    signIn();
    let members = staffList;
    const calls = stubFetch(({ method }) => {
      if (method === 'DELETE') {
        members = [];
        return new Response(null, { status: 204 });
      }
      return json(fixture(API.staff.listStaff, members));
    });
    const { toasts } = renderScreen(
      <>
        <StaffNames />
        <DeleteButton />
      </>,
    );
    await screen.findByText('ada');
    expect(calls[0]).toMatchObject({ url: '/api/staff/all', headers: { Authorization: 'Bearer tok' } });

    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await screen.findByText('nobody');
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /api/staff/all',
      'DELETE /api/staff/1',
      'GET /api/staff/all',
    ]);
    expect(toasts).toEqual([{ title: 'User deleted successfully!', variant: 'success' }]);
  });

  it('describes a failure with the remote’s text for its code, else the server’s message', async () => {
    signIn();
    let code = 'STAFF.NOT_FOUND';
    stubFetch(({ method }) =>
      method === 'DELETE' ? errorResponse(404, { code, message: 'Staff user not found' }) : json(staffList),
    );
    const { toasts } = renderScreen(<DeleteButton />, { errorTexts: { 'STAFF.NOT_FOUND': 'That member is gone.' } });
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts).toHaveLength(1));
    code = 'STAFF.SOMETHING_NEW';
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts).toHaveLength(2));
    expect(toasts).toEqual([
      { title: 'Failed to delete user', description: 'That member is gone.', variant: 'destructive' },
      { title: 'Failed to delete user', description: 'Staff user not found', variant: 'destructive' },
    ]);
  });

  it('ends the staff session once when staff calls answer 401, and leaves customer 401s to the screen', async () => {
    signIn();
    stubFetch(() => errorResponse(401, { code: 'STAFF.TOKEN_INVALID', message: 'Token revoked' }));
    const { toasts } = renderScreen(
      <>
        <StaffNames />
        <StaffNames />
        <DeleteButton />
      </>,
      { path: '/staff-dashboard', routes: { '/staff-login': <p>Login page</p> } },
    );
    await screen.findByText('Login page');
    expect(localStorage.getItem(STAFF_TOKEN_KEY)).toBeNull();
    expect(toasts).toEqual([{ title: 'Session expired', description: 'Please log in again', variant: 'destructive' }]);
  });

  it('does not end a staff session for a customer endpoint’s 401', async () => {
    signIn();
    stubFetch(() => errorResponse(401, { message: 'Not signed in' }));
    function Profile() {
      const profile = useEndpointQuery(API.customer.getUserProfile);
      return <p>{profile.isError ? 'profile failed' : 'loading'}</p>;
    }
    const { toasts } = renderScreen(<Profile />);
    await screen.findByText('profile failed');
    expect(localStorage.getItem(STAFF_TOKEN_KEY)).toBe('tok');
    expect(toasts).toEqual([]);
  });
});
