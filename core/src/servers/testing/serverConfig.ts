/** Customer 1 manages guild 10 and is a member of 11; shared by the configuration use case tests. */
import {
  InMemoryLinkedAccounts,
  InMemoryRoblox,
  makeGuild as makeDiscordGuild,
  role,
} from '../../discord/testing/fakes.ts';
import { InMemoryGuildDirectory, InMemoryRoleProblemLog } from '../../discord/testing/stateFakes.ts';
import { InMemoryStoredGroupRanks, MEMBER, makeGuild } from './fakes.ts';
import { makeWorld } from './world.ts';
import { InMemoryServerSyncRuns, RecordingServerSyncJobs } from '../../discord/testing/serverSyncFakes.ts';
import { TriggerServerSync } from '../../discord/triggerServerSync/triggerServerSync.ts';
import { GetServerConfig } from '../getServerConfig/getServerConfig.ts';
import { SaveServerConfig } from '../saveServerConfig/saveServerConfig.ts';
import { ListServerBinds } from '../listServerBinds/listServerBinds.ts';
import { ReplaceServerBinds } from '../replaceServerBinds/replaceServerBinds.ts';
import { ReadServerRestrictions } from '../readServerRestrictions/readServerRestrictions.ts';
import { ReplaceServerRestrictions } from '../replaceServerRestrictions/replaceServerRestrictions.ts';
import { PreviewServerBinds } from '../previewServerBinds/previewServerBinds.ts';

export function serverConfigWorld() {
  const world = makeWorld();
  world.customer(1, [makeGuild('10'), makeGuild('11', MEMBER)]);
  const directory = new InMemoryGuildDirectory();
  const problems = new InMemoryRoleProblemLog();
  const jobs = new RecordingServerSyncJobs();
  const trigger = new TriggerServerSync({ runs: new InMemoryServerSyncRuns(), jobs, clock: world.clock });
  const deps = { customers: world.customers, guilds: world.guilds, configs: world.configs, directory };
  const ranks = new InMemoryStoredGroupRanks();
  const accounts = new InMemoryLinkedAccounts();
  const roblox = new InMemoryRoblox();
  const stored = { lists: world.lists, vouches: world.vouches, clock: world.clock };
  return {
    world,
    directory,
    problems,
    jobs,
    ranks,
    accounts,
    roblox,
    get: new GetServerConfig(deps),
    save: new SaveServerConfig({ ...deps, problems, serverSync: trigger }),
    listBinds: new ListServerBinds(deps),
    replaceBinds: new ReplaceServerBinds({ ...deps, ...stored, ranks, serverSync: trigger }),
    readRestrictions: new ReadServerRestrictions(deps),
    replaceRestrictions: new ReplaceServerRestrictions({ ...deps, serverSync: trigger }),
    preview: new PreviewServerBinds({
      ...deps,
      ...stored,
      accounts,
      roblox: { robloxUsers: roblox, memberships: roblox, inventory: roblox },
    }),
  };
}

/** Guild 10 as the bot recorded it: the usual roles, plus two roles named "Twin". */
export async function recorded(directory: InMemoryGuildDirectory) {
  const guild = makeDiscordGuild({ id: '10' });
  guild.roles[0] = role('10', '@everyone', 0);
  guild.roles.push(role('r-twin-1', 'Twin', 1), role('r-twin-2', 'twin', 1));
  await directory.record(guild);
}
