/** A connected group with three members, shared by the workspace use case tests so each sets up only its own port. */
import { InMemoryCustomerRepository, makeCustomer } from '../../customer/testing/fakes.ts';
import { ConnectGroup } from '../connectGroup/connectGroup.ts';
import { GroupAccessPolicy } from '../groupAccess.ts';
import type { ConnectGroupInput } from '../connectGroup/connectGroup.ts';
import { groupsOf, InMemoryConnectedGroups, InMemoryRoblox, RANK_CHECK, SequentialRandom } from './fakes.ts';

/** Customer ids of the world: the connector (Owner, rank 255), a Staff member (rank 10), a Member (rank 1). */
export const OWNER = 1;
export const STAFF = 2;
export const MEMBER = 3;
/** Verified, but not in the group. */
export const STRANGER = 4;
export const GROUP = '7';

/** Group 7 "Cafe", connected by OWNER; Staff (rank 10) may open the workspace and request time off. */
export async function connectedWorkspace(changes: Partial<ConnectGroupInput> = {}) {
  const customers = new InMemoryCustomerRepository()
    .add(makeCustomer({ id: OWNER, robloxId: '42', robloxUsername: 'Owner', isVerified: true }))
    .add(makeCustomer({ id: STAFF, robloxId: '43', robloxUsername: 'Staff', isVerified: true }))
    .add(makeCustomer({ id: MEMBER, robloxId: '44', robloxUsername: 'Member', isVerified: true }))
    .add(makeCustomer({ id: STRANGER, robloxId: '45', robloxUsername: 'Stranger', isVerified: true }));
  const roblox = new InMemoryRoblox();
  for (const [id, name] of [
    ['42', 'Owner'],
    ['43', 'Staff'],
    ['44', 'Member'],
    ['45', 'Stranger'],
  ] as const)
    roblox.addUser(id, name);
  roblox.addGroup(GROUP, 'Cafe', [
    ['Member', 1],
    ['Staff', 10],
    ['Owner', 255],
  ]);
  roblox.join('42', GROUP, 'Owner');
  roblox.join('43', GROUP, 'Staff');
  roblox.join('44', GROUP, 'Member');
  const connected = new InMemoryConnectedGroups();
  const random = new SequentialRandom();
  const { activityKey } = await new ConnectGroup(
    customers,
    roblox,
    groupsOf(roblox),
    connected,
    random,
    RANK_CHECK,
  ).execute(OWNER, {
    groupId: GROUP,
    activityTracking: true,
    autoRank: false,
    quotaSystem: false,
    rankPermissions: [
      {
        rankId: 10,
        canAccessWorkspace: true,
        canRequestTimeoff: true,
        canViewModeration: false,
        canAssignHostSelf: true,
        canAssignHostOthers: false,
        canAssignCoHostSelf: true,
      },
    ],
    ...changes,
  });
  const access = new GroupAccessPolicy(customers, roblox, connected, RANK_CHECK);
  return { customers, roblox, connected, random, access, activityKey };
}

/** A Manager of the group (rank 100), below the Owner. */
export const MANAGER = 5;

/**
 * The connected workspace with a Manager (rank 100, customer MANAGER) and its owner known by Roblox id ('42', the
 * OWNER customer's account), for the rules that tell the owner apart from other managers.
 */
export async function managedWorkspace(changes: Partial<ConnectGroupInput> = {}) {
  const world = await connectedWorkspace(changes);
  world.roblox.groups.get(GROUP)!.roles.push({ id: `${GROUP}-manager`, name: 'Manager', rank: 100, memberCount: 1 });
  world.roblox.addUser('46', 'Manager');
  world.roblox.join('46', GROUP, 'Manager');
  world.customers.add(makeCustomer({ id: MANAGER, robloxId: '46', robloxUsername: 'Manager', isVerified: true }));
  world.connected.rows.get(GROUP)!.ownerUserId = '42';
  return world;
}

/** Roblox moves the user to another role of the group (a promotion or demotion made in Roblox itself). */
export function moveInRoblox(roblox: InMemoryRoblox, userId: string, roleName: string): void {
  roblox.held.set(
    userId,
    (roblox.held.get(userId) ?? []).filter((held) => held.groupId !== GROUP),
  );
  roblox.join(userId, GROUP, roleName);
}
