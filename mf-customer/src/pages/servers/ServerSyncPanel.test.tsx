import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from '@groupflow/shell-kit';
import { fixture, json, renderScreen, stubFetch, type FetchCall } from '@groupflow/shell-kit/testing';
import { API, type UserServer } from '@groupflow/core/contracts';
import { ServerSyncPanel, startsAgainAt, timeLeft } from './ServerSyncPanel.tsx';

const SERVER: UserServer = {
  id: '10',
  name: 'Main Hall',
  icon: null,
  memberCount: 2000,
  onlineMembers: 100,
  isOnline: true,
  userRole: 'Owner',
  botJoinedAt: '2026-11-01T12:00:00.000Z',
  commandsUsed24h: 0,
  features: [],
  permissions: [],
};
const IDLE = fixture(API.servers.readServerSyncProgress, {
  state: 'idle',
  runId: null,
  total: 0,
  visited: 0,
  changed: 0,
  unchanged: 0,
  failed: 0,
  startedAt: null,
  finishedAt: null,
  estimatedSecondsLeft: null,
});
const RUNNING = fixture(API.servers.readServerSyncProgress, {
  ...IDLE,
  state: 'running',
  runId: 4,
  total: 2000,
  visited: 500,
  changed: 240,
  unchanged: 255,
  failed: 5,
  startedAt: '2026-11-26T10:00:00.000Z',
  estimatedSecondsLeft: 150,
});

const OWNER_REASON = "Alice owns the server, and Discord lets no bot change the owner's roles or nickname";
const PROBLEMS = fixture(API.servers.listRoleProblems, {
  servers: [
    {
      id: '10',
      name: 'Main Hall',
      problems: [{ kind: 'member', name: 'Alice', reason: OWNER_REASON, notedAt: '2026-11-26T10:05:00.000Z' }],
    },
  ],
});

/** The sync routes as `answer` says; the setup check's list (who could not be updated) from PROBLEMS. */
const stubSync = (answer: (call: FetchCall) => Response | Promise<Response>) =>
  stubFetch((call) => (call.url.includes('/api/discord/role-problems') ? json(PROBLEMS) : answer(call)));

describe('ServerSyncPanel (Update everyone)', () => {
  it('starts an update and shows its progress with the counts and the time left', async () => {
    const calls = stubSync((call) => json(call.method === 'POST' ? RUNNING : IDLE, call.method === 'POST' ? 202 : 200));
    renderScreen(<ServerSyncPanel server={SERVER} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Update everyone' }));
    const bar = await screen.findByRole('progressbar', { name: 'Members checked in Main Hall' });
    expect(bar.getAttribute('aria-valuenow')).toBe('500');
    expect(bar.getAttribute('aria-valuemax')).toBe('2000');
    const region = screen.getByRole('region', { name: 'Member update of Main Hall' });
    expect(within(region).getByText('500 of 2,000 members checked')).toBeTruthy();
    expect(within(region).getByText('About 3 min left')).toBeTruthy();
    expect(region.textContent).toContain('Updated 240');
    expect(region.textContent).toContain('Could not update 5');
    expect(calls.map((call) => `${call.method} ${new URL(call.url, 'http://x').pathname}`)).toContain(
      'POST /api/discord/servers/10/sync',
    );
  });

  it('shows the run already under way when the start joins it (200)', async () => {
    stubSync((call) => json(call.method === 'POST' ? RUNNING : IDLE));
    renderScreen(<ServerSyncPanel server={SERVER} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Update everyone' }));
    const bar = await screen.findByRole('progressbar', { name: 'Members checked in Main Hall' });
    expect(bar.getAttribute('aria-valuenow')).toBe('500');
    expect(screen.queryByRole('button', { name: 'Update everyone' })).toBeNull();
  });

  it('says when another update may start once the server has had its hourly share (429)', async () => {
    stubSync((call) =>
      call.method === 'POST'
        ? new Response(
            JSON.stringify({ code: 'SERVERS.TOO_MANY_SYNC_STARTS', message: 'Too many updates in the last hour.' }),
            { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': '1500' } },
          )
        : json(
            fixture(API.servers.readServerSyncProgress, {
              ...IDLE,
              state: 'done',
              runId: 6,
              finishedAt: '2026-11-26T10:05:00.000Z',
            }),
          ),
    );
    renderScreen(<ServerSyncPanel server={SERVER} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Update everyone' }));
    const note = await screen.findByText(/You can start another update at/);
    expect(note.textContent).toContain('Main Hall was updated several times in the last hour.');
    expect(screen.getByRole('button', { name: 'Update everyone' })).toBeTruthy();
  });

  it('tells a refusal for the hourly limit from any other failure', () => {
    const now = new Date('2026-11-26T10:00:00Z');
    const limited = new HttpError(429, '{"code":"SERVERS.TOO_MANY_SYNC_STARTS"}', 1500);
    expect(startsAgainAt(limited, now)).toEqual(new Date('2026-11-26T10:25:00Z'));
    expect(startsAgainAt(new HttpError(429, '{"code":"REQUEST.RATE_LIMITED"}', 5), now)).toBeNull();
    expect(startsAgainAt(new Error('offline'), now)).toBeNull();
  });

  it('cancels only after confirmation, and keeps going when the owner changes their mind', async () => {
    const calls = stubSync((call) =>
      json(
        call.method === 'DELETE'
          ? fixture(API.servers.cancelServerSync, {
              ...RUNNING,
              state: 'cancelled',
              finishedAt: '2026-11-26T10:05:00.000Z',
            })
          : RUNNING,
      ),
    );
    renderScreen(<ServerSyncPanel server={SERVER} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel update' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Keep going' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel update' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Stop update' }));
    expect(await screen.findByText(/Last update was cancelled .*, after 500 of 2,000 members\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Update everyone' })).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it('says the bot has yet to read the member list instead of "0 of 0" before it has counted them', async () => {
    stubSync(() =>
      json(
        fixture(API.servers.readServerSyncProgress, {
          ...RUNNING,
          total: 0,
          visited: 0,
          changed: 0,
          unchanged: 0,
          failed: 0,
        }),
      ),
    );
    renderScreen(<ServerSyncPanel server={SERVER} />);
    const region = await screen.findByRole('region', { name: 'Member update of Main Hall' });
    expect(within(region).getByText('Waiting for the bot to read the member list...')).toBeTruthy();
    expect(region.textContent).not.toContain('0 of 0');
    const bar = screen.getByRole('progressbar', { name: 'Members checked in Main Hall' });
    expect(bar.getAttribute('aria-valuetext')).toBe('Waiting for the bot to read the member list...');
  });

  it('says when the estimate is not known yet, and in hours for a long run', () => {
    expect(timeLeft(null)).toBe('Estimating the time left...');
    expect(timeLeft(30)).toBe('Less than a minute left');
    expect(timeLeft(3 * 3600 + 20 * 60)).toBe('About 3 h 20 min left');
  });
});

describe('ServerSyncPanel after a run', () => {
  it('ends with what it came to, and names who could not be updated with the reason and the fix', async () => {
    stubSync(() =>
      json(
        fixture(API.servers.readServerSyncProgress, {
          ...RUNNING,
          state: 'done',
          visited: 2000,
          changed: 7,
          unchanged: 1990,
          failed: 1,
          finishedAt: '2026-11-26T10:09:00.000Z',
        }),
      ),
    );
    renderScreen(<ServerSyncPanel server={SERVER} />);
    expect(await screen.findByText(/^Finished: 7 updated, 1 could not be updated/)).toBeTruthy();
    const failures = await screen.findByRole('group', { name: 'Could not be updated' });
    expect(failures.textContent).toContain(`Alice: ${OWNER_REASON}`);
    expect(
      within(failures)
        .getByRole('link', { name: /role order/ })
        .getAttribute('href'),
    ).toBe('/setup-verification');
  });
});
