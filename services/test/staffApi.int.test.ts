/**
 * The staff API over HTTP against real PostgreSQL: the authorisation matrix of spec 2 section 6 (every
 * /api/staff/ call as each of the eight roles and anonymously), token life cycle, and HR mail received by a
 * real SMTP server on loopback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionsOf, STAFF_ROLES, type StaffMember, type StaffRole } from '@groupflow/core';
import { callApi, startTestApi, type TestApi } from './apiHarness.ts';
import { startSmtpCapture, type SmtpCapture } from './smtpCapture.ts';

let api: TestApi;
let smtp: SmtpCapture;
const members = new Map<StaffRole, StaffMember>();
const tokens = new Map<StaffRole, string>();
const LEADERSHIP = 'leadership@groupflow.test';

const call = (method: string, path: string, token: string | undefined, body?: unknown) =>
  callApi(api.url, method, path, token, body);

beforeAll(async () => {
  smtp = await startSmtpCapture();
  api = await startTestApi({ SMTP_URL: smtp.url, LEADERSHIP_EMAIL: LEADERSHIP, MAIL_FROM: 'hr@groupflow.test' });
  for (const role of STAFF_ROLES) {
    const member = await api.provisionStaff(role);
    members.set(role, member);
    tokens.set(role, await api.login(member.email));
  }
});

afterAll(async () => {
  await api?.close();
  await smtp?.close();
});

const MANAGERS: StaffRole[] = [
  'platform_owner',
  'head_internal_operations',
  'human_resources_director',
  'customer_support_director',
];
const HR: StaffRole[] = ['platform_owner', 'head_internal_operations', 'human_resources_director'];
const DELETERS: StaffRole[] = ['platform_owner', 'head_internal_operations'];

describe('authorisation matrix of /api/staff/', () => {
  const anonymousCalls: [string, string, unknown?][] = [
    ['POST', '/api/staff/validate-token'],
    ['POST', '/api/staff/logout'],
    ['POST', '/api/staff/change-password', { newPassword: 'something new' }],
    ['GET', '/api/staff/settings'],
    ['POST', '/api/staff/clock-in'],
    ['POST', '/api/staff/clock-out'],
    ['GET', '/api/staff/all'],
    ['GET', '/api/staff/activities?limit=20'],
    [
      'POST',
      '/api/staff/create',
      { username: 'x', email: 'x@groupflow.test', password: 'secret1', role: 'customer_support' },
    ],
    ['POST', '/api/staff/hr-action', { type: 'writeup', targetStaffId: 1, reason: 'r' }],
    ['POST', '/api/staff/reset-password', { email: 'x@groupflow.test' }],
    ['DELETE', '/api/staff/1'],
  ];

  it.each(anonymousCalls)('%s %s without a token is 401', async (method, path, body) => {
    expect((await call(method, path, undefined, body)).status).toBe(401);
    expect((await call(method, path, 'not-a-real-token', body)).status).toBe(401);
  });

  describe.each(STAFF_ROLES)('as %s', (role) => {
    const token = () => tokens.get(role)!;

    it('may validate its token, read the staff list, activities and settings, and clock in and out', async () => {
      const me = (await call('POST', '/api/staff/validate-token', token())).body as { permissions: string[] };
      expect(me).toMatchObject({ role, permissions: permissionsOf(role) });
      // The list says what the server does: ticket management is exactly who may read the ticket analytics.
      const analytics = await call('GET', '/api/support/analytics', token());
      expect(analytics.status).toBe(me.permissions.includes('tickets.manage') ? 200 : 403);
      expect((await call('GET', '/api/staff/all', token())).status).toBe(200);
      expect((await call('GET', '/api/staff/activities?limit=20', token())).status).toBe(200);
      expect((await call('GET', '/api/staff/settings', token())).body).toEqual({ leadershipEmail: LEADERSHIP });
      expect((await call('POST', '/api/staff/clock-in', token())).body).toMatchObject({ clockedIn: true });
      expect((await call('POST', '/api/staff/clock-out', token())).body).toMatchObject({ clockedIn: false });
    });

    it(`${MANAGERS.includes(role) ? 'may' : 'may not'} create a customer_support user`, async () => {
      const name = `made-by-${role}`;
      const result = await call('POST', '/api/staff/create', token(), {
        username: name,
        email: `${name}@groupflow.test`,
        password: 'issued-secret-0123',
        role: 'customer_support',
      });
      expect(result.status).toBe(MANAGERS.includes(role) ? 201 : 403);
    });

    it(`${role === 'platform_owner' ? 'may' : 'may not'} create a head_platform user`, async () => {
      const name = `hp-by-${role}`;
      const result = await call('POST', '/api/staff/create', token(), {
        username: name,
        email: `${name}@groupflow.test`,
        password: 'issued-secret-0123',
        role: 'head_platform',
      });
      expect(result.status).toBe(role === 'platform_owner' ? 201 : 403);
    });

    it('may never create a platform_owner', async () => {
      const result = await call('POST', '/api/staff/create', token(), {
        username: `po-by-${role}`,
        email: `po-by-${role}@groupflow.test`,
        password: 'issued-secret-0123',
        role: 'platform_owner',
      });
      expect(result.status).toBe(403);
    });

    it(`${HR.includes(role) ? 'may' : 'may not'} record a write-up`, async () => {
      const target = await api.provisionStaff('customer_support');
      const result = await call('POST', '/api/staff/hr-action', token(), {
        type: 'writeup',
        targetStaffId: target.id,
        reason: `matrix check by ${role}`,
      });
      expect(result.status).toBe(HR.includes(role) ? 200 : 403);
    });

    it(`${DELETERS.includes(role) ? 'may' : 'may not'} delete a customer_support user, and never itself`, async () => {
      const target = await api.provisionStaff('customer_support');
      expect((await call('DELETE', `/api/staff/${target.id}`, token())).status).toBe(
        DELETERS.includes(role) ? 204 : 403,
      );
      expect((await call('DELETE', `/api/staff/${members.get(role)!.id}`, token())).status).toBe(403);
    });

    it(`${role === 'platform_owner' ? 'may' : 'may not'} reset a staff password`, async () => {
      const target = await api.provisionStaff('marketing_director');
      const result = await call('POST', '/api/staff/reset-password', token(), { email: target.email });
      expect(result.status).toBe(role === 'platform_owner' ? 200 : 403);
    });
  });

  it('head_internal_operations may not delete or act on a platform_owner', async () => {
    const owner = await api.provisionStaff('platform_owner');
    const hio = tokens.get('head_internal_operations')!;
    expect((await call('DELETE', `/api/staff/${owner.id}`, hio)).status).toBe(403);
    expect(
      (await call('POST', '/api/staff/hr-action', hio, { type: 'termination', targetStaffId: owner.id, reason: 'x' }))
        .status,
    ).toBe(403);
  });

  it('replays the review: a director creates a peer but no superior, and an HR director may not suspend the head of internal operations (issues 14, 26)', async () => {
    const csd = tokens.get('customer_support_director')!;
    const peer = await call('POST', '/api/staff/create', csd, {
      username: 'csd-peer',
      email: 'csd-peer@groupflow.test',
      password: 'issued-secret-0123',
      role: 'customer_support_director',
    });
    expect(peer.status).toBe(201);
    const superior = await call('POST', '/api/staff/create', tokens.get('human_resources_director')!, {
      username: 'hrd-up',
      email: 'hrd-up@groupflow.test',
      password: 'issued-secret-0456',
      role: 'customer_support_director',
    });
    expect(superior.status).toBe(403);
    expect(superior.body).toMatchObject({ message: expect.stringContaining('only roles at or below your own rank') });
    const hrd = tokens.get('human_resources_director')!;
    const hio = members.get('head_internal_operations')!;
    const suspended = await call('POST', '/api/staff/hr-action', hrd, {
      type: 'suspension',
      targetStaffId: hio.id,
      reason: 'x',
      suspensionDays: 3,
    });
    expect(suspended.status).toBe(403);
    expect(suspended.body).toMatchObject({ message: expect.stringContaining('ranked below you') });
    expect((await call('POST', '/api/staff/validate-token', tokens.get('head_internal_operations'))).status).toBe(200);
  });
});

describe('HR actions', () => {
  it('terminating a member ends their session at once and mails leadership and the member', async () => {
    const target = await api.provisionStaff('customer_support');
    const targetToken = await api.login(target.email);
    const before = smtp.received.length;

    const result = await call('POST', '/api/staff/hr-action', tokens.get('platform_owner'), {
      type: 'termination',
      targetStaffId: target.id,
      reason: 'Repeated policy breaches',
    });

    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ actionType: 'termination', targetStaffId: target.id, emailSent: true });
    expect((await call('POST', '/api/staff/validate-token', targetToken)).status).toBe(401);
    expect(
      (await call('POST', '/api/staff/login', undefined, { email: target.email, password: 'correct horse 1' })).status,
    ).toBe(403);
    await expect.poll(() => smtp.received.length).toBe(before + 1);
    const mail = smtp.received.at(-1)!;
    expect(mail.from).toBe('hr@groupflow.test');
    expect(mail.to.sort()).toEqual([LEADERSHIP, target.email].sort());
    expect(mail.raw).toContain('Subject: HR action: Termination of');
    expect(mail.raw).toContain('Repeated policy breaches');
  });

  it('refuses a suspension outside 1 to 365 days with 400 and changes nothing', async () => {
    const target = await api.provisionStaff('customer_support');
    const owner = tokens.get('platform_owner');
    for (const suspensionDays of [0, 366]) {
      const result = await call('POST', '/api/staff/hr-action', owner, {
        type: 'suspension',
        targetStaffId: target.id,
        reason: 'x',
        suspensionDays,
      });
      expect(result.status).toBe(400);
      expect(result.body).toMatchObject({ issues: [expect.objectContaining({ path: ['suspensionDays'] })] });
    }
    const listed = (await call('GET', '/api/staff/all', owner)).body as unknown as StaffMember[];
    expect(listed.find((m) => m.id === target.id)).toMatchObject({ isActive: true });
  });

  it('promotes to the new role', async () => {
    const target = await api.provisionStaff('customer_support');
    const result = await call('POST', '/api/staff/hr-action', tokens.get('platform_owner'), {
      type: 'promotion',
      targetStaffId: target.id,
      reason: 'Great work',
      newRole: 'customer_support_director',
    });
    expect(result.body).toMatchObject({ newRole: 'customer_support_director' });
    const listed = (await call('GET', '/api/staff/all', tokens.get('platform_owner'))).body as unknown as StaffMember[];
    expect(listed.find((m) => m.id === target.id)).toMatchObject({ role: 'customer_support_director' });
  });
});

describe('tokens and passwords', () => {
  it('logout ends the session on the server', async () => {
    const member = await api.provisionStaff('customer_support');
    const token = await api.login(member.email);
    expect((await call('POST', '/api/staff/logout', token)).status).toBe(204);
    expect((await call('POST', '/api/staff/validate-token', token)).status).toBe(401);
  });

  it('a temporary password works for one login, which must set a new password', async () => {
    const member = await api.provisionStaff('customer_support');
    const reset = await call('POST', '/api/staff/reset-password', tokens.get('platform_owner'), {
      email: member.email,
    });
    const tempPassword = reset.body!.tempPassword as string;
    expect(tempPassword).toMatch(/^[A-Za-z0-9]{16}$/);

    const token = await api.login(member.email, tempPassword);
    expect((await call('GET', '/api/staff/all', token)).status).toBe(403);
    await expect(api.login(member.email, tempPassword)).rejects.toThrow(/401/);
    const changed = await call('POST', '/api/staff/change-password', token, { newPassword: 'my own secret' });
    expect(changed.body).toMatchObject({ mustChangePassword: false });
    expect((await call('GET', '/api/staff/all', token)).status).toBe(200);
    await expect(api.login(member.email, 'my own secret')).resolves.toBeTruthy();
  });

  it('locks an email after ten failed logins', async () => {
    const member = await api.provisionStaff('customer_support');
    for (let i = 0; i < 10; i += 1) {
      expect(
        (await call('POST', '/api/staff/login', undefined, { email: member.email, password: 'wrong password' })).status,
      ).toBe(401);
    }
    const locked = await call('POST', '/api/staff/login', undefined, {
      email: member.email,
      password: 'correct horse 1',
    });
    expect(locked.status).toBe(429);
    expect(locked.body?.message).toMatch(/Too many attempts/);
  });

  it('answers a duplicate email with 409 and a malformed body with 400 naming the fields', async () => {
    const member = await api.provisionStaff('customer_support');
    const owner = tokens.get('platform_owner');
    const duplicate = await call('POST', '/api/staff/create', owner, {
      username: 'fresh-name',
      email: member.email.toUpperCase(),
      password: 'issued-secret-0123',
      role: 'customer_support',
    });
    expect(duplicate.status).toBe(409);
    const bad = await call('POST', '/api/staff/create', owner, {
      username: '',
      email: 'nope',
      password: '1',
      role: 'king',
    });
    expect(bad.status).toBe(400);
    expect((bad.body!.issues as { path: string[] }[]).map((issue) => issue.path[0]).sort()).toEqual([
      'email',
      'password',
      'role',
      'username',
    ]);
  });
});

describe('clock under concurrency', () => {
  it('of ten simultaneous clock-ins, and then ten clock-outs, exactly one of each succeeds', async () => {
    const member = await api.provisionStaff('customer_support');
    const token = await api.login(member.email);
    const statuses = async (path: string) =>
      (await Promise.all(Array.from({ length: 10 }, () => call('POST', path, token)))).map((r) => r.status).sort();
    expect(await statuses('/api/staff/clock-in')).toEqual([200, ...Array(9).fill(409)]);
    expect(await statuses('/api/staff/clock-out')).toEqual([200, ...Array(9).fill(409)]);
  });
});
