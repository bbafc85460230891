import type { CommandCaller, CommandRequest } from '../botPorts.ts';
import { Announce } from '../announce/announce.ts';
import { BindGroup } from '../bindGroup/bindGroup.ts';
import { HandleCommand } from '../handleCommand/handleCommand.ts';
import { ModerateMember } from '../moderateMember/moderateMember.ts';
import { SyncMemberRoles } from '../syncMemberRoles/syncMemberRoles.ts';
import { TriggerServerSync } from '../triggerServerSync/triggerServerSync.ts';
import { InMemoryServerSyncRuns, RecordingServerSyncJobs } from './serverSyncFakes.ts';
import {
  InMemoryActivityLog,
  InMemoryAnnouncements,
  InMemoryDiscord,
  InMemoryLinkedAccounts,
  InMemoryMemberSyncLocks,
  InMemoryRoblox,
  makeGuild,
  setConfig,
} from './fakes.ts';
import { InMemoryBotState, InMemoryRoleProblemLog, InMemoryServerConfigs } from './stateFakes.ts';

export const NOW = new Date('2026-11-23T10:00:00Z');

type SyncPorts = ConstructorParameters<typeof SyncMemberRoles>[0];
type HandlerPorts = ConstructorParameters<typeof HandleCommand>[0];

/** The ports the bot's command handler stands on; `discord` may be in memory or the real discord.js adapter. */
export type CommandPorts = Omit<SyncPorts, 'robloxUsers' | 'memberships' | 'inventory' | 'locks'> &
  Partial<Pick<SyncPorts, 'locks'>> &
  Pick<HandlerPorts, 'state' | 'clock' | 'linkUrl'> &
  ConstructorParameters<typeof ModerateMember>[0] &
  ConstructorParameters<typeof Announce>[0] & {
    roblox: InMemoryRoblox;
    /** Where /bind-group's server-wide syncs are recorded; a fresh one when left out. */
    syncJobs?: RecordingServerSyncJobs;
  };

/** HandleCommand with its use cases, wired as the bot's composition root wires them, over test ports. */
export function wireCommandHandler(ports: CommandPorts): HandleCommand {
  const { configs, discord, activities, clock } = ports;
  const sync = new SyncMemberRoles({
    ...ports,
    robloxUsers: ports.roblox,
    memberships: ports.roblox,
    inventory: ports.roblox,
    locks: ports.locks ?? new InMemoryMemberSyncLocks(),
  });
  return new HandleCommand({
    sync,
    moderate: new ModerateMember({ configs, discord, activities, clock }),
    bindGroup: new BindGroup({
      configs,
      discord,
      activities,
      serverSync: new TriggerServerSync({
        runs: new InMemoryServerSyncRuns(),
        jobs: ports.syncJobs ?? new RecordingServerSyncJobs(),
        clock,
      }),
    }),
    announce: new Announce({ configs, discord, announcements: ports.announcements }),
    configs,
    discord,
    state: ports.state,
    accounts: ports.accounts,
    clock,
    linkUrl: ports.linkUrl,
  });
}

/** The command handler wired to in-memory fakes: guild g1 with member u1 (linked, verified) and moderator m1. */
export function makeBot() {
  const configs = setConfig(new InMemoryServerConfigs(), 'g1', {
    boundGroupId: '42',
    moderatorRoles: ['r-mod'],
    moderationLogChannel: 'c-log',
    verificationRoleId: 'r-verified',
    rankBinds: [{ rankId: 1, roleId: 'r-member' }],
  });
  const accounts = new InMemoryLinkedAccounts();
  accounts.accounts.set('u1', { robloxId: '7', isVerified: true });
  const discord = new InMemoryDiscord().addGuild(makeGuild());
  discord.addMember('g1', { id: 'u1', username: 'alice', globalName: null, nick: null, roleIds: [] });
  discord.addMember('g1', { id: 'm1', username: 'mod', globalName: null, nick: null, roleIds: ['r-mod'] });
  discord.addMember('g1', { id: 'boss', username: 'boss', globalName: null, nick: null, roleIds: ['r-leader'] });
  const roblox = new InMemoryRoblox();
  roblox.users.set('7', { id: '7', name: 'alice_rbx', displayName: 'alice_rbx', description: '' });
  roblox.roles.set('7', [{ groupId: '42', groupName: 'Group', roleId: '900', roleName: 'Member', rank: 1 }]);
  const activities = new InMemoryActivityLog();
  const announcements = new InMemoryAnnouncements();
  const state = new InMemoryBotState();
  const clock = { now: () => NOW };
  const problems = new InMemoryRoleProblemLog();
  const syncJobs = new RecordingServerSyncJobs();
  const handler = wireCommandHandler({
    syncJobs,
    configs,
    accounts,
    discord,
    roblox,
    problems,
    activities,
    announcements,
    state,
    clock,
    linkUrl: 'https://groupflow.test/verify',
  });
  return { handler, configs, accounts, discord, roblox, activities, announcements, state, problems, syncJobs };
}

export function caller(id: string, overrides: Partial<CommandCaller> = {}): CommandCaller {
  const roleIds = id === 'm1' ? ['r-mod'] : id === 'boss' ? ['r-leader'] : [];
  return { id, username: id, globalName: null, roleIds, permissions: [], ...overrides };
}

export function command(
  commandName: string,
  from: CommandCaller,
  options: CommandRequest['options'] = {},
): CommandRequest {
  return { commandName, guildId: 'g1', channelId: 'c-news', caller: from, options };
}
