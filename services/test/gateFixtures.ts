/**
 * The world the security gates (authorisation matrix, fuzzer) call routes in: an API with rate limits lifted, the
 * eight staff roles signed in, two customers (the owner of every customer object, and a stranger to them), and one
 * object of each kind to aim path ids at.
 */
import { STAFF_ROLES, type StaffMember, type StaffRole } from '@groupflow/core';
import { FakeRobloxServer } from '@groupflow/adapters/testing/FakeRobloxServer';
import { MikroOrmBotState } from '@groupflow/adapters/persistence/discord/MikroOrmBotState';
import { devOwnGuildId } from '@groupflow/adapters/http/devOAuth/devProviders';
import { freePort } from '@groupflow/adapters/net/freePort';
import { startTestApi, type TestApi } from './apiHarness.ts';
import { CustomerBrowser } from './customerBrowser.ts';

export type Caller = 'anonymous' | 'owner' | 'stranger' | StaffRole;
export const CALLERS: readonly Caller[] = ['anonymous', 'owner', 'stranger', ...STAFF_ROLES];

export interface Ticket {
  id: number;
  key: string;
}

export interface GateWorld {
  api: TestApi;
  /** PUBLIC_URL: the Origin a browser on our pages sends, which the CSRF guard requires of cookie-authenticated changes. */
  publicUrl: string;
  roblox: FakeRobloxServer;
  staff: Record<StaffRole, { member: StaffMember; token: string }>;
  customers: { owner: CustomerBrowser; stranger: CustomerBrowser };
  /** Discord user names; each owns its development guild. */
  names: { owner: string; stranger: string };
  guildId: string;
  /** The owner's customer id (the id customer routes name users by). */
  ownerCustomerId: number;
  /** Roblox ids: the owner's account and the group it connected. */
  robloxUserId: string;
  robloxUsername: string;
  groupId: string;
  /** A plain member of the group (rank 1), whom the owner may rank through Open Cloud with the group's saved key. */
  memberRobloxId: string;
  /** The group's roles below the owner: [rank, role id]. */
  memberRoles: { rank: number; roleId: string }[];
  groupCloudKey: string;
  activityKey: string;
  applicationId: number;
  trainingId: number;
  /** Tickets filed by each customer, with the chat key only its filer holds. */
  tickets: { owner: Ticket; stranger: Ticket };
  /** One record per legal kind, by kind. */
  legal: Record<'cases' | 'violations' | 'documents' | 'compliance', number>;
  newId(): number;
  close(): Promise<void>;
}

export const LEGAL_BODIES = {
  cases: { title: 'Gate case', caseType: 'fraud', description: 'Filed by the gates' },
  violations: { violationType: 'harassment', description: 'Filed by the gates' },
  documents: { title: 'Gate policy', documentType: 'policy', version: '1.0', content: 'Text' },
  compliance: {
    title: 'Gate report',
    reportType: 'monthly',
    reportPeriod: '2026-Q4',
    description: 'Filed by the gates',
  },
} as const;

export async function json(response: Response): Promise<any> {
  const text = await response.text();
  return text ? JSON.parse(text) : undefined;
}

async function must(response: Response | Promise<Response>, what: string): Promise<any> {
  const answer = await response;
  if (!answer.ok) throw new Error(`${what} failed: ${answer.status} ${await answer.text()}`);
  return json(answer);
}

export async function fileTicket(api: TestApi, subject = 'Gate ticket'): Promise<Ticket> {
  const created = await must(
    fetch(`${api.url}/api/support/create-public`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Vera',
        email: 'vera@example.test',
        subject,
        message: 'It stopped answering',
        priority: 'high',
      }),
    }),
    'filing a ticket',
  );
  // The key travels in the URL fragment (`#key=`), which browsers never send to a server.
  const fragment = new URLSearchParams(new URL(created.chatUrl as string).hash.slice(1));
  return { id: created.id as number, key: fragment.get('key') ?? '' };
}

export async function createLegal(api: TestApi, token: string, kind: keyof typeof LEGAL_BODIES): Promise<number> {
  const created = await must(
    fetch(`${api.url}/api/legal/${kind}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(LEGAL_BODIES[kind]),
    }),
    `creating a legal ${kind} record`,
  );
  return created.id as number;
}

export async function startGateWorld(env: Record<string, string> = {}): Promise<GateWorld> {
  const roblox = new FakeRobloxServer();
  await roblox.start();
  // OAuth callbacks go to PUBLIC_URL, so the port is chosen up front.
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const api = await startTestApi({
    PORT: String(port),
    PUBLIC_URL: publicUrl,
    ROBLOX_API_BASE: roblox.apiBase,
    ROBLOX_OPEN_CLOUD_BASE: roblox.url,
    ROBLOX_RETRY_BASE_MS: '20',
    ROBLOX_REQUEST_TIMEOUT_MS: '1000',
    ...env,
  });
  const run = `${process.pid}${Date.now().toString(36)}`;
  const numeric = (Date.now() % 100_000_000) * 10;
  const staffEntries = await Promise.all(
    STAFF_ROLES.map(async (role) => {
      const member = await api.provisionStaff(role);
      return [role, { member, token: await api.login(member.email) }] as const;
    }),
  );
  const staff = Object.fromEntries(staffEntries) as GateWorld['staff'];

  const names = { owner: `owner${run}`, stranger: `stranger${run}` };
  const owner = new CustomerBrowser(api.url);
  const stranger = new CustomerBrowser(api.url);
  await owner.signInWithDiscord(names.owner);
  await stranger.signInWithDiscord(names.stranger);
  const guildId = devOwnGuildId(names.owner);
  const ownerCustomer = await must(owner.fetch('/api/user'), 'reading the owner');
  await new MikroOrmBotState(api.orm).reportOnline({ shardId: 0, botUserId: '777', botName: 'GroupFlow' }, new Date());
  await new MikroOrmBotState(api.orm).replaceGuilds(0, [
    { id: guildId, name: `${names.owner}'s Server`, icon: null, memberCount: 1, joinedAt: new Date() },
    {
      id: devOwnGuildId(names.stranger),
      name: `${names.stranger}'s Server`,
      icon: null,
      memberCount: 1,
      joinedAt: new Date(),
    },
  ]);

  // The owner links and proves a Roblox account that owns a group, and connects it.
  const robloxUserId = String(numeric + 1);
  const groupId = String(numeric + 10);
  const user = roblox.addUser({ id: robloxUserId, name: `Owner${numeric}`, displayName: 'Owner' });
  roblox.addGroup({
    id: groupId,
    name: `Gate Group ${numeric}`,
    description: '',
    ownerId: robloxUserId,
    memberCount: 3,
    roles: [
      { id: String(numeric + 21), name: 'Member', rank: 1 },
      { id: String(numeric + 22), name: 'Staff', rank: 10 },
      { id: String(numeric + 20), name: 'Owner', rank: 255 },
    ],
  });
  roblox.join(robloxUserId, groupId, String(numeric + 20));
  const memberRobloxId = String(numeric + 2);
  roblox.addUser({ id: memberRobloxId, name: `Member${numeric}` });
  roblox.join(memberRobloxId, groupId, String(numeric + 21));
  const groupCloudKey = `group-key-${numeric}-for-the-gates`;
  roblox.addCloudKey(groupCloudKey, { groupIds: [groupId] });
  await must(
    owner.fetch('/api/user/link-roblox', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: user.name }),
    }),
    'linking Roblox',
  );
  const { code } = await must(
    owner.fetch('/api/user/roblox/verification-code', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    }),
    'a verification code',
  );
  user.description = `GroupFlow ${code}`;
  await must(
    owner.fetch('/api/user/roblox/verify-code', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    }),
    'verifying Roblox',
  );
  // The activity key is answered once, when connecting (only its SHA-256 is stored).
  const connected = await must(
    owner.fetch('/api/roblox/groups/connect', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ groupId, activityTracking: true }),
    }),
    'connecting the group',
  );
  await must(
    owner.fetch(`/api/roblox/groups/${groupId}/open-cloud-key`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apiKey: groupCloudKey }),
    }),
    "saving the group's Open Cloud key",
  );
  const post = (path: string, body: unknown) =>
    must(
      owner.fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
      `POST ${path}`,
    );
  const application = await post(`/api/roblox/groups/${groupId}/applications`, {
    applicantName: 'Newbie',
    desiredRank: 'Owner',
  });
  const training = await post(`/api/roblox/groups/${groupId}/training`, {
    title: 'Basics',
    hostName: user.name,
    participantCount: 2,
    scheduledAt: '2030-01-01T18:00:00.000Z',
  });

  const ownerToken = staff.platform_owner.token;
  const legal = {
    cases: await createLegal(api, ownerToken, 'cases'),
    violations: await createLegal(api, ownerToken, 'violations'),
    documents: await createLegal(api, ownerToken, 'documents'),
    compliance: await createLegal(api, ownerToken, 'compliance'),
  };
  let next = numeric + 1000;
  return {
    api,
    publicUrl,
    roblox,
    staff,
    customers: { owner, stranger },
    names,
    guildId,
    ownerCustomerId: ownerCustomer.id as number,
    robloxUserId,
    robloxUsername: user.name,
    groupId,
    memberRobloxId,
    memberRoles: [
      { rank: 1, roleId: String(numeric + 21) },
      { rank: 10, roleId: String(numeric + 22) },
    ],
    groupCloudKey,
    activityKey: connected.activityKey as string,
    applicationId: application.id as number,
    trainingId: training.id as number,
    tickets: { owner: await fileTicket(api), stranger: await fileTicket(api) },
    legal,
    newId: () => (next += 1),
    async close() {
      await api.close();
      await roblox.stop();
    },
  };
}
