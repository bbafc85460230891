/**
 * The authorisation matrix: every route the API registers (read from its routers) must have a row below, and each
 * row is called as a visitor, as two customers (the owner of the object the path names, and a stranger to it:
 * BOLA) and as each of the eight staff roles. The status each caller gets comes from the row's rule, so a policy
 * change is an edit of one rule. Every answer body is held to its response schema as an allow-list: no field the
 * schema does not declare, no secret-looking field, and nothing of the other customer in a customer's answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  canBanCustomers,
  canChangeCustomerRoles,
  canDelete,
  canManageUsers,
  hasPermission,
  STAFF_ROLES,
  canPerformHrActions,
  canReadSupportTickets,
  canResetPasswords,
  canViewSupportTickets,
  isStaffRole,
  ROLE_INFO,
  type StaffMember,
  type StaffRole,
} from '@groupflow/core';
import { authKind, fillPath, successStatuses, type AuthKind, type Endpoint } from '@groupflow/core/contracts';
import { MikroOrmGuildDirectory } from '@groupflow/adapters/persistence/discord/MikroOrmGuildDirectory';
import { CustomerBrowser } from './customerBrowser.ts';
import { callApi, TEST_PASSWORD } from './apiHarness.ts';
import {
  CALLERS,
  createLegal,
  fileTicket,
  LEGAL_BODIES,
  startGateWorld,
  type Caller,
  type GateWorld,
} from './gateFixtures.ts';
import { registeredRoutes, type InventoriedRoute } from './routeInventory.ts';
import { secretFields, undeclaredFields } from './responseFields.ts';

let world: GateWorld;

/** `'ok'`: the endpoint's declared success status (`successStatus`, 200 unless set). */
type Expected = number | 'ok';
type Rule = (caller: Caller) => Expected;

interface Request {
  path?: string;
  body?: unknown;
  /** A file sent as is (an upload route), with its Content-Type. */
  file?: { type: string; bytes: Uint8Array };
  headers?: Record<string, string>;
  /** Whose credentials go with the call, when not the caller's own (a fresh session the call may end). */
  credentials?: Record<string, string>;
}

interface Row {
  rule: Rule;
  /** The request each caller sends; the route's path unchanged and no body when absent. */
  request?: (caller: Caller) => Request | Promise<Request>;
  /** Run after every other row: the call takes away what other rows rely on (a linked account, a password). */
  last?: true;
  /**
   * Callers one after another, in CALLERS order: the row hashes passwords (eleven at once outlast any sane
   * timeout on a shared machine) or its callers compete for one thing (a Roblox account to link).
   */
  serial?: true;
  /** The answer is a published document (the OpenAPI description), not records: no field allow-list applies. */
  document?: true;
  /** Secret-looking fields the route hands its caller by design, once (their own new two-factor secret). */
  ownSecrets?: readonly string[];
}

// --- rules -----------------------------------------------------------------------------------------------------

const everyone =
  (status: Expected = 'ok'): Rule =>
  () =>
    status;

/** Customer session routes: bearer tokens are not sessions; the stranger gets `stranger` on the owner's object. */
const customers =
  (stranger: Expected = 'ok'): Rule =>
  (caller) =>
    caller === 'owner' ? 'ok' : caller === 'stranger' ? stranger : 401;

/** Staff bearer routes: roles the policy admits succeed, the others get 403; cookies are not staff credentials. */
const staff =
  (may: (role: StaffRole) => boolean = () => true): Rule =>
  (caller) =>
    isStaffRole(caller) ? (may(caller) ? 'ok' : 403) : 401;

/**
 * Chat-key routes: the owner holds the ticket's key; the stranger sends the key of its own ticket (404, as for a
 * ticket that does not exist); everyone else sends none (400 naming `key`).
 */
const keyHolder: Rule = (caller) => (caller === 'owner' ? 'ok' : caller === 'stranger' ? 404 : 400);

const leadership = (role: StaffRole) => ROLE_INFO[role].group === 'Leadership';
// The rank rule: the targets here rank below every actor the policy admits.
const hrRule = staff(canPerformHrActions);
const resetRule = staff(canResetPasswords);
const deleteRule = staff((role) => canDelete({ id: -1, role }, { id: 0, role: 'customer_support' }));

// --- requests --------------------------------------------------------------------------------------------------

function credentials(caller: Caller): Record<string, string> {
  if (caller === 'anonymous') return {};
  if (caller === 'owner' || caller === 'stranger') return { cookie: cookieOf(world.customers[caller]) };
  return { authorization: `Bearer ${world.staff[caller].token}` };
}

const cookieOf = (browser: CustomerBrowser) =>
  [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

/** A second session or token of the caller's identity, for calls that end the one they are made with. */
async function freshCredentials(caller: Caller): Promise<Record<string, string>> {
  if (caller === 'anonymous') return {};
  if (caller === 'owner' || caller === 'stranger') {
    const browser = new CustomerBrowser(world.api.url);
    await browser.signInWithDiscord(world.names[caller]);
    return { cookie: cookieOf(browser) };
  }
  return { authorization: `Bearer ${await world.api.login(world.staff[caller].member.email)}` };
}

/**
 * The staff member a staff-management call acts on: a fresh one when the rule lets the caller act (the call
 * changes it), else a shared one that a refused call leaves as it was. Hashing a password is slow; this keeps
 * the matrix to a few.
 */
let sharedTarget: Promise<StaffMember> | undefined;
function staffTarget(rule: Rule, caller: Caller): Promise<StaffMember> {
  if (rule(caller) === 'ok') return world.api.provisionStaff('customer_support');
  sharedTarget ??= world.api.provisionStaff('customer_support');
  return sharedTarget;
}

/**
 * The customer account a ban or role call names: a fresh one when the rule lets the caller act (the call changes
 * it), else a shared one that a refused call leaves as it was.
 */
let sharedCustomer: Promise<number> | undefined;
async function newCustomerAccount(banned = false): Promise<number> {
  const [row] = await world.api.orm.em
    .fork()
    .getConnection()
    .execute<{ id: number }[]>(
      `insert into users (username, is_banned, banned_reason, banned_by, banned_at)
       values (?, ?, ?, ?, ?) returning id`,
      [
        `matrix${world.newId()}`,
        banned,
        banned ? 'Matrix' : null,
        banned ? 'matrix' : null,
        banned ? new Date() : null,
      ],
    );
  return row!.id;
}
function customerTarget(rule: Rule, caller: Caller, banned = false): Promise<number> {
  if (rule(caller) === 'ok') return newCustomerAccount(banned);
  sharedCustomer ??= newCustomerAccount(true);
  return sharedCustomer;
}
const banRule = staff(canBanCustomers);
/** Ticket reading and working (issue 33): support and legal roles; marketing, HR and the other heads get 403. */
const ticketReader = staff(canReadSupportTickets);
const customerRoleRule = staff(canChangeCustomerRoles);

const staffToken = (caller: Caller) => (isStaffRole(caller) ? world.staff[caller].token : undefined);

/** A ticket claimed by the caller when it is staff, else by the owner, so release has something to release. */
async function claimedTicket(caller: Caller): Promise<number> {
  const { id } = await fileTicket(world.api);
  const claimer = isStaffRole(caller) ? world.staff[caller].token : world.staff.platform_owner.token;
  await fetch(`${world.api.url}/api/support/tickets/${id}/claim`, {
    method: 'POST',
    headers: { authorization: `Bearer ${claimer}` },
  });
  return id;
}

/** A fresh canned response for a call that may change or delete it (issue 39). */
async function cannedResponseId(): Promise<number> {
  const [row] = await world.api.orm.em
    .fork()
    .getConnection()
    .execute<{ id: number }[]>(
      `insert into support_canned_responses (short_code, title, body) values (?, 'Matrix', 'Hello') returning id`,
      [`matrix-${world.newId()}`],
    );
  return row!.id;
}
const SLA_BODY = {
  policies: [
    { priority: 'low', firstResponseMinutes: 1440, resolutionHours: 72 },
    { priority: 'medium', firstResponseMinutes: 480, resolutionHours: 48 },
    { priority: 'high', firstResponseMinutes: 120, resolutionHours: 24 },
    { priority: 'urgent', firstResponseMinutes: 30, resolutionHours: 8 },
  ],
};
const cannedBody = () => ({ shortCode: `matrix-${world.newId()}`, title: 'Matrix', body: 'Hi {{customer.name}}' });

const group = (rest = '') => `/api/roblox/groups/${world.groupId}${rest}`;
const SESSION_BODY = { title: 'Matrix patrol', type: 'patrol', startsAt: '2030-01-01T18:00:00.000Z', slots: 5 };
/** A session the owner scheduled, for the rows acting on one. */
async function ownerSession(): Promise<number> {
  const response = await world.customers.owner.fetch(group('/sessions'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(SESSION_BODY),
  });
  if (response.status !== 201) throw new Error(`scheduling a session: ${response.status}`);
  return ((await response.json()) as { id: number }).id;
}
const ownerTicket = () => world.tickets.owner;
/** The X-Chat-Key header each caller sends: the owner its ticket's key, the stranger its own ticket's, others none. */
const chatKeyOf = (caller: Caller): Record<string, string> =>
  caller === 'owner'
    ? { 'x-chat-key': ownerTicket().key }
    : caller === 'stranger'
      ? { 'x-chat-key': world.tickets.stranger.key }
      : {};

/** The smallest file the recorder checks accept: WebM's EBML magic number and a byte. */
const RECORDING = { type: 'video/webm', bytes: new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f]) };

/** A recording attached to the owner's ticket, once, for the rows that link to or play one. */
let ownerAttachment: Promise<number> | undefined;
function ownerAttachmentId(): Promise<number> {
  ownerAttachment ??= (async () => {
    const response = await fetch(`${world.api.url}/api/support/tickets/${ownerTicket().id}/attachments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${world.staff.platform_owner.token}`, 'content-type': RECORDING.type },
      body: RECORDING.bytes,
    });
    if (response.status !== 201) throw new Error(`attaching a recording: ${response.status}`);
    return ((await response.json()) as { attachment: { id: number } }).attachment.id;
  })();
  return ownerAttachment;
}

/**
 * The playback address each caller can obtain: staff with their bearer token, the owner with its ticket's chat key;
 * the stranger (whose key opens no link to this ticket) and the visitor have none, so they call without a token.
 */
async function attachmentUrlFor(caller: Caller): Promise<string> {
  const id = await ownerAttachmentId();
  const token = staffToken(caller);
  const linkPath = token
    ? `/api/support/tickets/${ownerTicket().id}/attachments/${id}/link`
    : `/api/support/chat/${ownerTicket().id}/attachments/${id}/link`;
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : chatKeyOf(caller);
  const response = await fetch(`${world.api.url}${linkPath}`, { method: 'POST', headers });
  if (response.status !== 200) return `/api/support/attachments/${id}`;
  return ((await response.json()) as { url: string }).url;
}

/** A single-use stream ticket for a staff caller, from the bearer, as the staff screens fetch one. */
async function streamTicketQuery(caller: Caller): Promise<string> {
  const token = staffToken(caller);
  if (!token) return '';
  const response = await fetch(`${world.api.url}/api/support/events/ticket`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  // A role that reads no tickets gets none (403), and calls as a caller without one.
  if (response.status !== 200) return '';
  const { ticket } = (await response.json()) as { ticket: string };
  return `?ticket=${encodeURIComponent(ticket)}`;
}

const legalRows = (kind: keyof typeof LEGAL_BODIES, finalChange: Record<string, unknown>): Record<string, Row> => ({
  [`GET /api/legal/${kind}`]: { rule: staff() },
  [`POST /api/legal/${kind}`]: { rule: staff(), request: () => ({ body: LEGAL_BODIES[kind] }) },
  [`GET /api/legal/${kind}/:id`]: {
    rule: staff(),
    request: () => ({ path: `/api/legal/${kind}/${world.legal[kind]}` }),
  },
  // Final states (closed, published, a document's activation) are leadership's; a fresh record per call.
  [`PATCH /api/legal/${kind}/:id`]: {
    rule: staff(leadership),
    request: async () => ({
      path: `/api/legal/${kind}/${await createLegal(world.api, world.staff.platform_owner.token, kind)}`,
      body: finalChange,
    }),
  },
});

/**
 * The table. Rows whose expectation changes when a fix of issue 14 lands name the fix; landing it is an edit of
 * that row's rule.
 */
const MATRIX: Record<string, Row> = {
  // Diagnostics and reference: public.
  'GET /api/health': { rule: everyone() },
  'GET /api/status': { rule: everyone() },
  'GET /api/remotes': { rule: everyone() },
  'GET /api/openapi.json': { rule: everyone(), document: true },
  'GET /api/reference': { rule: everyone() },
  // Staff only (bearer): it mails any address.
  'POST /api/test-email': { rule: staff(), request: () => ({ body: { emailAddress: 'gate@example.test' } }) },

  // Staff.
  'POST /api/staff/login': {
    rule: everyone(),
    request: () => ({ body: { email: world.staff.customer_support.member.email, password: TEST_PASSWORD } }),
    serial: true,
  },
  'POST /api/staff/validate-token': { rule: staff() },
  'POST /api/staff/logout': {
    rule: staff(),
    request: async (caller) => ({ credentials: await freshCredentials(caller) }),
    serial: true,
  },
  'POST /api/staff/change-password': {
    rule: staff(),
    request: () => ({ body: { currentPassword: TEST_PASSWORD, newPassword: `${TEST_PASSWORD} changed` } }),
    last: true,
    serial: true,
  },
  // Public: an mfaToken no sign-in issued is refused alike for every caller.
  'POST /api/staff/login/mfa': {
    rule: everyone(401),
    request: () => ({ body: { mfaToken: 'not-an-mfa-token', code: '123456' } }),
  },
  // Every member may set up their own; nothing is turned on until a code confirms it.
  'POST /api/staff/mfa/setup': { rule: staff(), ownSecrets: ['secret'] },
  // A member's own call: staff reach the code check (a wrong code is 400), anyone else is 401.
  'POST /api/staff/mfa/enable': {
    rule: (caller) => (isStaffRole(caller) ? 400 : 401),
    request: async (caller) => {
      const token = staffToken(caller);
      if (token) await callApi(world.api.url, 'POST', '/api/staff/mfa/setup', token);
      return { body: { code: '000000' } };
    },
  },
  // The matrix members have it off: staff reach the use case (409), anyone else is 401.
  'POST /api/staff/mfa/disable': {
    rule: (caller) => (isStaffRole(caller) ? 409 : 401),
    request: () => ({ body: { code: '123456' } }),
  },
  'POST /api/staff/mfa/reset': {
    rule: resetRule,
    request: async (caller) => ({ body: { staffId: (await staffTarget(resetRule, caller)).id } }),
  },
  'GET /api/staff/settings': { rule: staff() },
  'POST /api/staff/clock-in': { rule: staff() },
  'POST /api/staff/clock-out': { rule: staff() },
  'GET /api/staff/all': { rule: staff() },
  'GET /api/staff/activities': { rule: staff() },
  'POST /api/staff/create': {
    rule: staff(canManageUsers),
    request: () => ({
      body: {
        username: `made${world.newId()}`,
        email: `made${world.newId()}@groupflow.test`,
        // An issued password: at least 16 characters.
        password: `${TEST_PASSWORD} issued`,
        role: 'customer_support',
      },
    }),
    serial: true,
  },
  'POST /api/staff/hr-action': {
    rule: hrRule,
    request: async (caller) => ({
      body: { type: 'writeup', targetStaffId: (await staffTarget(hrRule, caller)).id, reason: 'Matrix' },
    }),
  },
  'POST /api/staff/reset-password': {
    rule: resetRule,
    request: async (caller) => ({ body: { email: (await staffTarget(resetRule, caller)).email } }),
    serial: true,
  },
  'DELETE /api/staff/:id': {
    rule: deleteRule,
    request: async (caller) => ({ path: `/api/staff/${(await staffTarget(deleteRule, caller)).id}` }),
  },

  // Customer accounts (issue 26 item 8): who may ban may list; only the platform owner changes a customer's role.
  'GET /api/staff/customers': { rule: staff((role) => canBanCustomers(role) || canChangeCustomerRoles(role)) },
  // The customer picker of legal cases and violation reports (issue 36): every staff member, no customer.
  'GET /api/staff/customers/search': {
    rule: staff(),
    request: () => ({ path: '/api/staff/customers/search?q=matrix' }),
  },
  'POST /api/staff/customers/ban': {
    rule: banRule,
    request: async (caller) => ({ body: { userId: await customerTarget(banRule, caller), reason: 'Matrix ban' } }),
  },
  'POST /api/staff/customers/unban': {
    rule: banRule,
    request: async (caller) => ({
      body: { userId: await customerTarget(banRule, caller, true), reason: 'Matrix appeal' },
    }),
  },
  'POST /api/staff/customers/role': {
    rule: customerRoleRule,
    request: async (caller) => ({
      body: { userId: await customerTarget(customerRoleRule, caller), role: 'admin' },
    }),
  },

  // Customer sign-in: public redirects.
  'GET /auth/discord': { rule: everyone(302) },
  'GET /auth/discord/callback': { rule: everyone(302) },
  'GET /auth/roblox': { rule: everyone(302) },
  'GET /auth/roblox/callback': { rule: everyone(302) },
  'POST /auth/logout': {
    rule: everyone(),
    request: async (caller) => ({ credentials: await freshCredentials(caller) }),
    serial: true,
  },
  'POST /api/logout': {
    rule: everyone(302),
    request: async (caller) => ({ credentials: await freshCredentials(caller) }),
    serial: true,
  },
  // Logout only by POST: these navigations answer a page whose form posts.
  'GET /auth/logout': { rule: everyone() },
  'GET /api/logout': { rule: everyone() },

  // Customer account.
  'GET /api/user': { rule: customers() },
  // A customer's own session stream (issue 36): the path names no one, so the stranger opens only its own.
  'GET /api/user/events': { rule: customers() },
  'GET /api/user/profile': { rule: customers() },
  'PUT /api/user/profile': { rule: customers(), request: () => ({ body: { username: 'Renamed' } }) },
  'GET /api/auth/me': { rule: customers() },
  'GET /api/bots': { rule: customers() },
  'GET /api/servers': { rule: customers() },
  'GET /api/debug': { rule: everyone() },
  'GET /api/test-discord-config': { rule: everyone() },

  // The development OAuth providers (outside production), called as a browser would without a sign-in under way.
  'GET /dev-oauth/discord/oauth2/authorize': { rule: everyone(400) },
  'GET /dev-oauth/discord/oauth2/authorize/approve': { rule: everyone(400) },
  'POST /dev-oauth/discord/api/oauth2/token': { rule: everyone(400) },
  'GET /dev-oauth/discord/api/v10/users/@me': { rule: everyone(401) },
  'GET /dev-oauth/discord/api/v10/users/@me/guilds': { rule: everyone(401) },
  'GET /dev-oauth/roblox/v1/authorize': { rule: everyone(400) },
  'GET /dev-oauth/roblox/v1/authorize/approve': { rule: everyone(400) },
  'POST /dev-oauth/roblox/v1/token': { rule: everyone(400) },
  'GET /dev-oauth/roblox/v1/userinfo': { rule: everyone(401) },

  // Discord servers: the owner's guild; the stranger does not manage it.
  'GET /api/discord/client-id': { rule: everyone() },
  'GET /api/discord/invite-url': { rule: everyone() },
  'GET /api/discord/bot-status': { rule: everyone() },
  'GET /api/user/servers': { rule: customers() },
  // Each customer hears of its own servers only.
  'GET /api/discord/role-problems': { rule: customers() },
  'GET /api/discord/servers/:id/config': {
    rule: customers(403),
    request: () => ({ path: `/api/discord/servers/${world.guildId}/config` }),
  },
  'POST /api/discord/servers/:id/config': {
    rule: customers(403),
    request: () => ({
      path: `/api/discord/servers/${world.guildId}/config`,
      body: {
        moderationEnabled: false,
        verificationEnabled: true,
        groupBindingEnabled: false,
        autoRoleSync: false,
        moderatorRoles: [],
        adminRoles: [],
        boundGroupId: '',
        logChannel: '',
        moderationLogChannel: '',
      },
    }),
  },
  // Binds, restrictions and the preview (issue 35): the server's managers only, as the configuration.
  'GET /api/discord/servers/:id/binds': {
    rule: customers(403),
    request: () => ({ path: `/api/discord/servers/${world.guildId}/binds` }),
  },
  'PUT /api/discord/servers/:id/binds': {
    rule: customers(403),
    request: () => ({ path: `/api/discord/servers/${world.guildId}/binds`, body: { binds: [] } }),
  },
  'GET /api/discord/servers/:id/restrictions': {
    rule: customers(403),
    request: () => ({ path: `/api/discord/servers/${world.guildId}/restrictions` }),
  },
  'PUT /api/discord/servers/:id/restrictions': {
    rule: customers(403),
    request: () => ({
      path: `/api/discord/servers/${world.guildId}/restrictions`,
      body: { minAccountAgeDays: 0, requireGroupId: null, bannedRobloxIds: [] },
    }),
  },
  'POST /api/discord/servers/:id/binds/preview': {
    rule: customers(403),
    request: async () => {
      // The preview plans against the server's roles as the bot recorded them.
      await new MikroOrmGuildDirectory(world.api.orm).record({
        id: world.guildId,
        name: 'Gate server',
        ownerId: '1',
        roles: [],
        channels: [],
        botHighestPosition: 1,
        botPermissions: [],
      });
      return { path: `/api/discord/servers/${world.guildId}/binds/preview`, body: { discordUserId: '2' } };
    },
  },
  // The server-wide role sync: its managers only, as the configuration.
  'GET /api/discord/servers/:id/sync': {
    rule: customers(403),
    request: () => ({ path: `/api/discord/servers/${world.guildId}/sync` }),
  },
  'POST /api/discord/servers/:id/sync': {
    rule: customers(403),
    request: () => ({ path: `/api/discord/servers/${world.guildId}/sync` }),
  },
  'DELETE /api/discord/servers/:id/sync': {
    rule: customers(403),
    request: () => ({ path: `/api/discord/servers/${world.guildId}/sync` }),
  },
  'GET /api/users': { rule: customers() },
  // F1 (issue 22): the owner aims at itself, a self-vouch, refused like the stranger's vouch for someone else.
  'PATCH /api/users/:userId/verify': {
    rule: (caller) => (caller === 'owner' ? 403 : customers(403)(caller)),
    request: () => ({
      path: `/api/users/${world.ownerCustomerId}/verify`,
      body: { robloxId: world.robloxUserId, robloxUsername: 'Someone' },
    }),
  },

  // Roblox: the owner's linked account and connected group.
  // The last rows run in key order: DELETE /api/user/link-roblox has freed the owner's account by then, so both
  // customers may claim it (a claim is not a link; issue 22). Each then gets a code for its own claim, and the
  // code is not on the profile: 400 naming `code`. Claiming a proven account (409) is in robloxApi.int.test.ts.
  'POST /api/user/link-roblox': {
    rule: customers(),
    request: () => ({ body: { username: world.robloxUsername } }),
    last: true,
    serial: true,
  },
  // The stranger never linked an account: the account routes answer it 403 "not linked".
  'DELETE /api/user/link-roblox': { rule: customers(403), last: true, serial: true },
  // Each customer cancels only its own pending claim; with none pending the answer says so.
  'DELETE /api/user/roblox/claim': { rule: customers() },
  'POST /api/user/roblox/verification-code': {
    rule: customers(),
    request: () => ({ body: {} }),
    last: true,
    serial: true,
  },
  'POST /api/user/roblox/verify-code': {
    rule: (caller) => (caller === 'owner' || caller === 'stranger' ? 400 : 401),
    request: () => ({ body: {} }),
    last: true,
    serial: true,
  },
  'GET /api/roblox/user': { rule: customers(403) },
  // An image of a public Roblox profile, fetched by the server: signed-in customers only, so visitors cannot spend
  // our Roblox quota (issue 23).
  'GET /api/roblox/users/:userId/headshot': {
    rule: customers(),
    request: () => ({ path: `/api/roblox/users/${world.robloxUserId}/headshot` }),
  },
  'GET /api/roblox/users/search': {
    rule: customers(),
    request: () => ({ path: '/api/roblox/users/search?keyword=owner' }),
  },
  'GET /api/roblox/user/groups': { rule: customers(403) },
  'GET /api/roblox/group/:groupId': {
    rule: customers(),
    request: () => ({ path: `/api/roblox/group/${world.groupId}` }),
  },
  'GET /api/roblox/group/:groupId/ranks': {
    rule: customers(),
    request: () => ({ path: `/api/roblox/group/${world.groupId}/ranks` }),
  },
  // Connecting again: the owner hears "already connected".
  'POST /api/roblox/groups': {
    rule: (caller) => (caller === 'owner' ? 409 : customers(403)(caller)),
    request: () => ({ body: { groupId: world.groupId } }),
  },
  'POST /api/roblox/groups/connect': {
    rule: (caller) => (caller === 'owner' ? 409 : customers(403)(caller)),
    request: () => ({ body: { groupId: world.groupId } }),
  },
  'GET /api/roblox/groups': { rule: customers(403) },
  'GET /api/roblox/groups/:groupId': { rule: customers(403), request: () => ({ path: group() }) },
  'GET /api/roblox/groups/:groupId/stats': { rule: customers(403), request: () => ({ path: group('/stats') }) },
  'GET /api/roblox/groups/:groupId/members': { rule: customers(403), request: () => ({ path: group('/members') }) },
  'GET /api/roblox/groups/:groupId/activity': { rule: customers(403), request: () => ({ path: group('/activity') }) },
  'GET /api/roblox/groups/:groupId/activity/sessions': {
    rule: customers(403),
    request: () => ({ path: group('/activity/sessions') }),
  },
  // The game server's key: only the owner's caller sends the group's key; others send their own credentials.
  'POST /api/roblox/groups/:groupId/activity/sessions': {
    rule: (caller) => (caller === 'owner' ? 'ok' : 401),
    request: (caller) => ({
      path: group('/activity/sessions'),
      body: {
        userId: Number(world.robloxUserId),
        event: 'start',
        sessionId: `s-${world.newId()}`,
        eventId: `e-${world.newId()}`,
        sentAt: new Date().toISOString(),
      },
      credentials: caller === 'owner' ? { authorization: `Bearer ${world.activityKey}` } : credentials(caller),
    }),
  },
  'GET /api/roblox/groups/:groupId/applications': {
    rule: customers(403),
    request: () => ({ path: group('/applications') }),
  },
  'POST /api/roblox/groups/:groupId/applications': {
    rule: customers(403),
    request: () => ({ path: group('/applications'), body: { applicantName: 'Matrix', desiredRank: 'Owner' } }),
  },
  'PATCH /api/roblox/groups/:groupId/applications/:id': {
    rule: customers(403),
    request: () => ({ path: group(`/applications/${world.applicationId}`), body: { status: 'under_review' } }),
  },
  'GET /api/roblox/groups/:groupId/training': { rule: customers(403), request: () => ({ path: group('/training') }) },
  'POST /api/roblox/groups/:groupId/training': {
    rule: customers(403),
    request: () => ({
      path: group('/training'),
      body: { title: 'Matrix', hostName: 'Owner', participantCount: 1, scheduledAt: '2030-01-01T18:00:00.000Z' },
    }),
  },
  'PATCH /api/roblox/groups/:groupId/training/:id': {
    rule: customers(403),
    request: () => ({ path: group(`/training/${world.trainingId}`), body: { status: 'active' } }),
  },
  'GET /api/roblox/groups/:groupId/settings': { rule: customers(403), request: () => ({ path: group('/settings') }) },
  // The owner here is the group's owner (rank 255): rule-saving, key-replacing and key-rotating (owner-only, issue 33)
  // are theirs. A manager below the owner against each of them, and against turning auto promotion on:
  // services/test/workspaceAuthority.int.test.ts. The rotation retires the key the activity row sent before it.
  'PUT /api/roblox/groups/:groupId/settings': {
    rule: customers(403),
    request: () => ({ path: group('/settings'), body: { quotaSystem: true, rotateActivityKey: true } }),
    ownSecrets: ['activityKey'],
  },
  'GET /api/roblox/groups/:groupId/open-cloud-key': {
    rule: customers(403),
    request: () => ({ path: group('/open-cloud-key') }),
  },
  'PUT /api/roblox/groups/:groupId/open-cloud-key': {
    rule: customers(403),
    request: () => ({ path: group('/open-cloud-key'), body: { apiKey: world.groupCloudKey } }),
  },
  // The owner (rank 255) moves the plain member to the other rank below; nobody else may rank anyone.
  'POST /api/roblox/groups/:groupId/members/:userId/rank': {
    rule: customers(403),
    request: () => {
      const held = world.roblox.memberships.get(world.memberRobloxId)?.get(world.groupId);
      const to = world.memberRoles.find((role) => role.roleId !== held)!;
      return { path: group(`/members/${world.memberRobloxId}/rank`), body: { rankId: to.rank, reason: 'Matrix' } };
    },
  },
  'GET /api/roblox/groups/:groupId/audit': { rule: customers(403), request: () => ({ path: group('/audit') }) },
  'GET /api/roblox/groups/:groupId/quotas': { rule: customers(403), request: () => ({ path: group('/quotas') }) },
  'PUT /api/roblox/groups/:groupId/quotas': {
    rule: customers(403),
    request: () => ({
      path: group('/quotas'),
      body: [{ name: 'Minutes', kind: 'minutes-in-game', amount: 60, rankIds: [1, 10] }],
    }),
  },
  'GET /api/roblox/groups/:groupId/quotas/progress': {
    rule: customers(403),
    request: () => ({ path: group('/quotas/progress?week=2026-11-26') }),
  },
  'GET /api/roblox/groups/:groupId/promotion-rules': {
    rule: customers(403),
    request: () => ({ path: group('/promotion-rules') }),
  },
  'PUT /api/roblox/groups/:groupId/promotion-rules': {
    rule: customers(403),
    request: () => ({
      path: group('/promotion-rules'),
      body: [{ fromRank: 1, toRank: 10, minutes: 600, sessionsAttended: 3, windowDays: 28 }],
    }),
  },
  'GET /api/roblox/groups/:groupId/promotion-rules/preview': {
    rule: customers(403),
    request: () => ({ path: group('/promotion-rules/preview') }),
  },
  'POST /api/roblox/groups/:groupId/time-off': {
    rule: customers(403),
    request: () => ({
      path: group('/time-off'),
      body: { startDate: '2030-01-01', endDate: '2030-01-03', reason: 'Matrix' },
    }),
  },
  'GET /api/roblox/groups/:groupId/time-off': { rule: customers(403), request: () => ({ path: group('/time-off') }) },
  // A pending request of the group's plain member, which the owner (a manager, not its filer) decides.
  'PATCH /api/roblox/groups/:groupId/time-off/:id': {
    rule: customers(403),
    request: async () => {
      const [row] = await world.api.orm.em
        .fork()
        .getConnection()
        .execute<{ id: number }[]>(
          `insert into group_time_off (group_id, roblox_user_id, username, customer_id, start_date, end_date, reason)
           values (?, ?, 'Member', ?, '2030-01-01', '2030-01-02', 'Matrix') returning id`,
          [world.groupId, world.memberRobloxId, world.ownerCustomerId],
        );
      return { path: group(`/time-off/${row!.id}`), body: { status: 'approved', note: 'ok' } };
    },
  },
  'POST /api/roblox/groups/:groupId/sessions': {
    rule: customers(403),
    request: () => ({ path: group('/sessions'), body: SESSION_BODY }),
  },
  'GET /api/roblox/groups/:groupId/sessions': { rule: customers(403), request: () => ({ path: group('/sessions') }) },
  // A fresh session each call: the owner (a manager) takes its host seat, or a slot.
  'POST /api/roblox/groups/:groupId/sessions/:id/host': {
    rule: customers(403),
    request: async () => ({ path: group(`/sessions/${await ownerSession()}/host`), body: { role: 'host' } }),
  },
  'POST /api/roblox/groups/:groupId/sessions/:id/signup': {
    rule: customers(403),
    request: async () => ({ path: group(`/sessions/${await ownerSession()}/signup`) }),
  },
  // A fresh application each call, which the owner (a manager) accepts with a note.
  'POST /api/roblox/groups/:groupId/applications/:id/review': {
    rule: customers(403),
    request: async () => {
      const response = await world.customers.owner.fetch(group('/applications'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ applicantName: 'Matrix', desiredRank: 'Staff' }),
      });
      const { id } = (await response.json()) as { id: number };
      return { path: group(`/applications/${id}/review`), body: { decision: 'accepted', note: 'Welcome' } };
    },
  },
  'POST /api/roblox/groups/:groupId/documents': {
    rule: customers(403),
    request: () => ({
      path: group('/documents'),
      body: { title: 'Matrix', type: 'rules', body: '# Rules', rankIds: [] },
    }),
  },
  'GET /api/roblox/groups/:groupId/documents': { rule: customers(403), request: () => ({ path: group('/documents') }) },
  'GET /api/roblox/groups/:groupId/analytics': {
    rule: customers(403),
    request: () => ({ path: group('/analytics') }),
  },
  'GET /api/roblox/groups/:groupId/feed': { rule: customers(403), request: () => ({ path: group('/feed') }) },
  // Each customer reads and marks only their own notifications.
  'GET /api/notifications': { rule: customers() },
  'POST /api/notifications/read': { rule: customers(), request: () => ({ body: { ids: [1] } }) },

  // Legal affairs: staff; final states are leadership's.
  'GET /api/legal/summary': { rule: staff() },
  ...legalRows('cases', { status: 'closed' }),
  ...legalRows('violations', { status: 'closed' }),
  ...legalRows('documents', { isActive: false }),
  ...legalRows('compliance', { status: 'published' }),

  // Support: public forms, staff tickets (the roles canReadSupportTickets names read and work them; status changes
  // and deletion are for the roles canViewSupportTickets names), the customer's keyed chat.
  'POST /api/support/create-public': {
    rule: everyone(),
    request: () => ({
      body: { name: 'Vera', email: 'vera@example.test', subject: 'Matrix', message: 'Hello', priority: 'low' },
    }),
  },
  'POST /api/support/find-ticket': {
    rule: everyone(),
    request: () => ({ body: { email: 'vera@example.test', ticketId: 1 } }),
  },
  'POST /api/support/tickets': {
    rule: everyone(),
    request: () => ({
      body: {
        title: 'Password reset request',
        description: 'Matrix',
        category: 'password_reset',
        priority: 'medium',
        userEmail: 'sam@groupflow.test',
        userName: 'sam',
      },
    }),
  },
  'GET /api/support/tickets': { rule: ticketReader },
  'GET /api/support/analytics': {
    rule: staff(canViewSupportTickets),
    request: () => ({ path: '/api/support/analytics?range=30d' }),
  },
  'GET /api/support/tickets/:id/messages': {
    rule: ticketReader,
    request: () => ({ path: `/api/support/tickets/${ownerTicket().id}/messages` }),
  },
  'POST /api/support/tickets/:id/messages': {
    rule: ticketReader,
    request: () => ({ path: `/api/support/tickets/${ownerTicket().id}/messages`, body: { message: 'Matrix reply' } }),
  },
  'GET /api/support/tickets/:id': {
    rule: ticketReader,
    request: () => ({ path: `/api/support/tickets/${ownerTicket().id}` }),
  },
  'GET /api/support/sla': { rule: ticketReader },
  // Setting the targets is the support director's (and the owner's); other ticket readers are refused.
  'PUT /api/support/sla': {
    rule: staff((role) => hasPermission(role, 'tickets.sla')),
    request: () => ({ body: SLA_BODY }),
  },
  'PUT /api/support/tickets/:id/labels': {
    rule: ticketReader,
    request: () => ({ path: `/api/support/tickets/${ownerTicket().id}/labels`, body: { labels: ['matrix'] } }),
  },
  'GET /api/support/canned-responses': { rule: ticketReader },
  'POST /api/support/canned-responses': { rule: ticketReader, request: () => ({ body: cannedBody() }) },
  'PUT /api/support/canned-responses/:id': {
    rule: ticketReader,
    request: async () => ({ path: `/api/support/canned-responses/${await cannedResponseId()}`, body: cannedBody() }),
  },
  'DELETE /api/support/canned-responses/:id': {
    rule: ticketReader,
    request: async () => ({ path: `/api/support/canned-responses/${await cannedResponseId()}` }),
  },
  'POST /api/support/tickets/:id/claim': {
    rule: ticketReader,
    request: async () => ({ path: `/api/support/tickets/${(await fileTicket(world.api)).id}/claim` }),
  },
  'POST /api/support/tickets/:id/release': {
    rule: ticketReader,
    request: async (caller) => ({ path: `/api/support/tickets/${await claimedTicket(caller)}/release` }),
  },
  'PATCH /api/support/tickets/:id': {
    rule: staff(canViewSupportTickets),
    request: async () => ({
      path: `/api/support/tickets/${(await fileTicket(world.api)).id}`,
      body: { status: 'in_progress' },
    }),
  },
  'DELETE /api/support/tickets/:id': {
    rule: staff(canViewSupportTickets),
    request: async () => ({ path: `/api/support/tickets/${(await fileTicket(world.api)).id}` }),
  },
  'POST /api/support/events/ticket': { rule: ticketReader },
  // The stream opens with a single-use ticket (only ticket readers get one); without one the query names `ticket`.
  'GET /api/support/events': {
    rule: (caller) => (isStaffRole(caller) && canReadSupportTickets(caller) ? 'ok' : 400),
    request: async (caller) => ({ path: `/api/support/events${await streamTicketQuery(caller)}` }),
  },
  // Ticket readers attach (a claim held by another is a 409, in ticketAttachments.int.test.ts); a fresh, unclaimed
  // ticket per call.
  'POST /api/support/tickets/:id/attachments': {
    rule: ticketReader,
    request: async () => ({
      path: `/api/support/tickets/${(await fileTicket(world.api)).id}/attachments`,
      file: RECORDING,
    }),
  },
  'POST /api/support/tickets/:id/attachments/:attachmentId/link': {
    rule: ticketReader,
    request: async () => ({
      path: `/api/support/tickets/${ownerTicket().id}/attachments/${await ownerAttachmentId()}/link`,
    }),
  },
  'POST /api/support/chat/:id/attachments/:attachmentId/link': {
    rule: keyHolder,
    request: async (caller) => ({
      path: `/api/support/chat/${ownerTicket().id}/attachments/${await ownerAttachmentId()}/link`,
      headers: chatKeyOf(caller),
    }),
  },
  // The link is the credential: ticket readers and the key holder can get one; without one the query names `access`.
  'GET /api/support/attachments/:attachmentId': {
    rule: (caller) => ((isStaffRole(caller) && canReadSupportTickets(caller)) || caller === 'owner' ? 'ok' : 400),
    request: async (caller) => ({ path: await attachmentUrlFor(caller) }),
  },
  'GET /api/support/chat/:id': {
    rule: keyHolder,
    request: (caller) => ({ path: `/api/support/chat/${ownerTicket().id}`, headers: chatKeyOf(caller) }),
  },
  'POST /api/support/chat/:id/messages': {
    rule: keyHolder,
    request: (caller) => ({
      path: `/api/support/chat/${ownerTicket().id}/messages`,
      headers: chatKeyOf(caller),
      body: { message: 'Matrix' },
    }),
  },
  // A fresh closed ticket per call: a ticket takes one rating, so the owner's call must find none yet.
  'POST /api/support/tickets/:id/rating': {
    rule: keyHolder,
    request: async (caller) => {
      const ticket = await fileTicket(world.api);
      await fetch(`${world.api.url}/api/support/tickets/${ticket.id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${world.staff.platform_owner.token}` },
        body: JSON.stringify({ status: 'closed' }),
      });
      return {
        path: `/api/support/tickets/${ticket.id}/rating`,
        headers: caller === 'owner' ? { 'x-chat-key': ticket.key } : chatKeyOf(caller),
        body: { score: 5 },
      };
    },
  },
  'GET /api/support/chat/:id/events': {
    rule: keyHolder,
    request: (caller) => ({ path: `/api/support/chat/${ownerTicket().id}/events`, headers: chatKeyOf(caller) }),
  },
};

// --- calling ---------------------------------------------------------------------------------------------------

/**
 * A call that has not answered by then counts as a wrong answer, not a hung suite. Generous: eleven password
 * hashes at once (logins, password changes) take seconds on a shared machine.
 */
const CALL_TIMEOUT_MS = 30_000;

interface Answer {
  status: number;
  body: unknown;
  text: string;
}

async function send(route: InventoriedRoute, caller: Caller, request: Request): Promise<Answer> {
  const { endpoint } = route;
  // Same-origin, as a browser on our pages sends it: the CSRF guard refuses cookie-authenticated changes without it.
  const headers: Record<string, string> = {
    origin: world.publicUrl,
    ...(request.credentials ?? credentials(caller)),
    ...request.headers,
  };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  if (request.file) headers['content-type'] = request.file.type;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), CALL_TIMEOUT_MS);
  try {
    return await answerOf(
      controller,
      await fetch(`${world.api.url}${request.path ?? endpoint.path}`, {
        method: endpoint.method,
        headers,
        body: request.file ? request.file.bytes : request.body === undefined ? undefined : JSON.stringify(request.body),
        redirect: 'manual',
        signal: controller.signal,
      }),
    );
  } catch (error) {
    return { status: 0, body: undefined, text: `no answer within ${CALL_TIMEOUT_MS} ms: ${(error as Error).message}` };
  } finally {
    clearTimeout(timer);
  }
}

async function answerOf(controller: AbortController, response: Response): Promise<Answer> {
  if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
    controller.abort();
    return { status: response.status, body: undefined, text: '' };
  }
  const text = await response.text();
  const isJson = response.headers.get('content-type')?.includes('json') ?? false;
  return { status: response.status, body: isJson && text ? JSON.parse(text) : undefined, text };
}

/** What a caller's answer must not contain: secrets, undeclared fields, and the other customer's identity. */
function leaks(route: InventoriedRoute, caller: Caller, answer: Answer): string[] {
  if (MATRIX[route.key]?.document) return [];
  const own = new Set(MATRIX[route.key]?.ownSecrets);
  const found = secretFields(answer.body)
    .filter((field) => !own.has(field))
    .map((field) => `secret-looking field ${field}`);
  if (answer.status >= 200 && answer.status < 300 && answer.body !== undefined && !route.endpoint.stream) {
    found.push(...undeclaredFields(route.endpoint.response, answer.body).map((field) => `undeclared field ${field}`));
  }
  const other = caller === 'owner' ? world.names.stranger : caller === 'stranger' ? world.names.owner : undefined;
  if (other && answer.text.includes(other)) found.push(`the other customer (${other})`);
  return found;
}

beforeAll(async () => {
  world = await startGateWorld();
}, 120_000);

afterAll(async () => {
  await world?.close();
});

describe('the authorisation matrix', () => {
  it('has a row for every route the API registers, and no row for a route nobody serves', () => {
    const registered = registeredRoutes(world.api.container).map((route) => route.key);
    expect({ missingFromMatrix: registered.filter((key) => !(key in MATRIX)) }).toEqual({ missingFromMatrix: [] });
    expect({ servedByNobody: Object.keys(MATRIX).filter((key) => !registered.includes(key)) }).toEqual({
      servedByNobody: [],
    });
  });

  it('answers each caller as the rules say, and no answer carries a field the caller may not see', async () => {
    const mismatches: string[] = [];
    const leaked: string[] = [];
    let calls = 0;
    const routes = registeredRoutes(world.api.container);
    const ordered = [
      ...routes.filter((route) => !MATRIX[route.key]?.last),
      ...routes.filter((route) => MATRIX[route.key]?.last),
    ];
    for (const route of ordered) {
      const row = MATRIX[route.key];
      if (!row) continue;
      const check = async (caller: Caller) => {
        const request = (await row.request?.(caller)) ?? {};
        const answer = await send(route, caller, request);
        calls += 1;
        const rule = row.rule(caller);
        const expected = rule === 'ok' ? successStatuses(route.endpoint) : [rule];
        if (!expected.includes(answer.status))
          mismatches.push(
            `${route.key} as ${caller}: ${answer.status}, expected ${expected.join(' or ')} ${answer.text.slice(0, 160)}`,
          );
        for (const leak of leaks(route, caller, answer)) leaked.push(`${route.key} as ${caller}: ${leak}`);
      };
      if (row.serial) for (const caller of CALLERS) await check(caller);
      // Otherwise a row's callers are independent of each other, so they call at once.
      else await Promise.all(CALLERS.map(check));
    }
    console.log(
      `authorisation matrix: ${calls} calls over ${Object.keys(MATRIX).length} routes and ${CALLERS.length} callers`,
    );
    expect({ mismatches: mismatches.sort(), leaked: leaked.sort() }).toEqual({ mismatches: [], leaked: [] });
  }, 900_000);

  /**
   * The guard table from the contract alone: whatever a route's row says, every endpoint that declares a
   * credential refuses each caller who lacks it, before its input is read (no body is sent). A route added
   * without going through the seam, or declaring the wrong auth, fails here.
   */
  it('refuses every endpoint to callers without the credential its contract declares', async () => {
    const sample = (endpoint: Endpoint) =>
      fillPath(
        endpoint.path,
        Object.fromEntries([...endpoint.path.matchAll(/:(\w+)/g)].map(([, name]) => [name!, '1'])),
      );
    const wrongCredentials: Record<
      Exclude<AuthKind, 'public'>,
      (endpoint: Endpoint) => [string, Record<string, string>][]
    > = {
      customer: () => [
        ['anonymous', {}],
        ['a staff bearer', credentials('platform_owner')],
      ],
      staff: () => [
        ['anonymous', {}],
        ['a customer session', credentials('owner')],
        ['a made-up bearer', { authorization: 'Bearer not-a-token' }],
      ],
      staffStreamTicket: () => [['a made-up ticket', credentials('platform_owner')]],
      chatKey: () => [
        ['a customer session', credentials('owner')],
        ['a staff bearer', credentials('platform_owner')],
      ],
      activityKey: () => [
        ['anonymous', {}],
        ['a customer session', credentials('owner')],
      ],
      // Neither a staff bearer nor a customer session opens an attachment: only the link's token does.
      attachmentLink: () => [
        ['a customer session', credentials('owner')],
        ['a staff bearer', credentials('platform_owner')],
      ],
    };
    const refusals: string[] = [];
    let checked = 0;
    for (const { key, endpoint } of registeredRoutes(world.api.container)) {
      const kind = authKind(endpoint.auth);
      if (kind === 'public') continue;
      checked += 1;
      const path = kind === 'staffStreamTicket' ? `${sample(endpoint)}?ticket=made-up` : sample(endpoint);
      const attempts = wrongCredentials[kind](endpoint);
      // A role without the permission the endpoint names is a 403, whatever it sends.
      const permission = typeof endpoint.auth === 'object' && 'staff' in endpoint.auth ? endpoint.auth.staff : null;
      const lacking = permission ? STAFF_ROLES.find((role) => !hasPermission(role, permission)) : undefined;
      if (lacking) attempts.push([`${lacking} (no ${permission})`, credentials(lacking)]);
      for (const [who, headers] of attempts) {
        const response = await fetch(`${world.api.url}${path}`, {
          method: endpoint.method,
          headers: { origin: world.publicUrl, ...headers },
          redirect: 'manual',
        });
        const body = (await response.json().catch(() => ({}))) as { code?: string };
        // A missing chat key or link token is a 400 naming it: the key is part of the request, not a sign-in.
        const expected = kind === 'chatKey' || kind === 'attachmentLink' ? [400] : who.includes('(no ') ? [403] : [401];
        if (!expected.includes(response.status) || !/^[A-Z]+\.[A-Z_]+$/.test(body.code ?? ''))
          refusals.push(`${key} as ${who}: ${response.status} ${JSON.stringify(body).slice(0, 120)}`);
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(refusals).toEqual([]);
  }, 300_000);
});
