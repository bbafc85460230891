import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { API } from '@groupflow/core/contracts';
import { customerWire, errorResponse, fixture, json, renderScreen, stubFetch } from '@groupflow/shell-kit/testing';
import { RoleProblems } from './RoleProblems.tsx';

const USER = customerWire({ username: 'alice' });
const NONE = fixture(API.servers.listRoleProblems, { servers: [] });
const NOTED = '2026-11-23T10:00:00.000Z';

describe('RoleProblems (setup check, role hierarchy)', () => {
  it('names what the bot cannot reach per server, and says so for a server without problems', async () => {
    stubFetch((call) =>
      call.url.endsWith('/api/user')
        ? json(USER)
        : json(
            fixture(API.servers.listRoleProblems, {
              servers: [
                {
                  id: '10',
                  name: 'Main Hall',
                  problems: [
                    {
                      kind: 'permission',
                      name: 'Manage Nicknames',
                      reason: 'the bot lacks the Manage Nicknames permission',
                      notedAt: NOTED,
                    },
                    {
                      kind: 'role',
                      name: 'Leader',
                      reason: "it is at or above the bot's highest role",
                      notedAt: NOTED,
                    },
                    { kind: 'name', name: 'Mods', reason: 'matches 2 roles of that name', notedAt: NOTED },
                    { kind: 'member', name: 'boss', reason: 'boss owns the server', notedAt: NOTED },
                  ],
                },
                { id: '11', name: 'Quiet Place', problems: [] },
              ],
            }),
          ),
    );
    renderScreen(<RoleProblems />);
    const main = await screen.findByRole('region', { name: 'Main Hall' });
    expect(within(main).getByText('4 problems')).toBeTruthy();
    const items = within(main)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'Missing permission: Manage Nicknames — the bot lacks the Manage Nicknames permission',
      "Role out of reach: Leader — it is at or above the bot's highest role",
      'Name not converted: Mods — matches 2 roles of that name',
      'Member out of reach: boss — boss owns the server',
    ]);
    expect(within(screen.getByRole('region', { name: 'Quiet Place' })).getByText('No problems found')).toBeTruthy();
  });

  it('asks a visitor to log in and does not ask for the problems', async () => {
    const calls = stubFetch((call) =>
      call.url.endsWith('/api/user') ? json({ message: 'Not authenticated' }, 401) : json(NONE),
    );
    renderScreen(<RoleProblems />);
    await screen.findByText('Log in with Discord to see the role hierarchy of the servers you manage.');
    expect(calls.map((call) => call.url)).not.toContain('/api/discord/role-problems');
  });

  it('says when the bot is in none of the servers, and offers a retry when the check cannot be read', async () => {
    let fail = true;
    stubFetch((call) =>
      call.url.endsWith('/api/user') ? json(USER) : fail ? json({ message: 'Database unavailable' }, 503) : json(NONE),
    );
    renderScreen(<RoleProblems />);
    await screen.findByText('Database unavailable');
    const retry = screen.getByRole('button', { name: 'Try again' });
    fail = false;
    retry.click();
    await screen.findByText('The bot is in none of the servers you manage yet.');
  });

  it('shows a failed account read as a failure, not as the sign-in prompt', async () => {
    const calls = stubFetch(() => errorResponse(503, { code: 'SERVER.UNAVAILABLE', message: 'Database unavailable' }));
    renderScreen(<RoleProblems />);
    expect((await screen.findByRole('alert', {}, { timeout: 3000 })).textContent).toContain(
      'Could not load your account.',
    );
    expect(screen.queryByText(/Log in with Discord/)).toBeNull();
    expect(calls.map((call) => call.url)).not.toContain('/api/discord/role-problems');
  });
});
