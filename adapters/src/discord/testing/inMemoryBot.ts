import pino, { type Logger } from 'pino';
import type { Client } from 'discord.js';
import { CheckGuildRoles, MemberJoined, PostVerifyPanel, type RoleSyncQueue } from '@groupflow/core';
import {
  InMemoryActivityLog,
  InMemoryAnnouncements,
  InMemoryBotState,
  InMemoryGuildDirectory,
  InMemoryLinkedAccounts,
  InMemoryRankBindings,
  InMemoryRoblox,
  InMemoryRobloxGroups,
  InMemoryRoleProblemLog,
  InMemoryServerConfigs,
  wireCommandHandler,
} from '@groupflow/core/discord/testing';
import { DiscordJsBot } from '../DiscordJsBot.ts';
import { DiscordJsGuilds } from '../DiscordJsGuilds.ts';

/** The real discord.js bot and DiscordJsGuilds with every other port in memory, for tests against the fake Discord. */
export function inMemoryBot(client: Client, shardIds: number[] = [0], logger: Logger = pino({ level: 'silent' })) {
  const configs = new InMemoryServerConfigs();
  const accounts = new InMemoryLinkedAccounts();
  const roblox = new InMemoryRoblox();
  const ranks = new InMemoryRankBindings();
  const groups = new InMemoryRobloxGroups();
  const directory = new InMemoryGuildDirectory();
  const activities = new InMemoryActivityLog();
  const state = new InMemoryBotState();
  const problems = new InMemoryRoleProblemLog();
  const queued: { guildId: string; discordUserId: string }[] = [];
  const discord = new DiscordJsGuilds(client);
  const clock = { now: () => new Date() };
  const queue: RoleSyncQueue = {
    enqueue: async (request) => void queued.push(request),
    enqueueForUser: async () => {},
  };
  const bot = new DiscordJsBot(client, {
    handleCommand: wireCommandHandler({
      configs,
      accounts,
      discord,
      roblox,
      problems,
      activities,
      announcements: new InMemoryAnnouncements(),
      state,
      clock,
      linkUrl: 'http://groupflow.test/verify',
    }),
    memberJoined: new MemberJoined({ configs, queue }),
    checkGuildRoles: new CheckGuildRoles({ configs, discord, directory, ranks, groups, problems }),
    verifyPanel: new PostVerifyPanel({ configs, messages: discord }),
    state,
    scoped: (work) => work(),
    logger,
    heartbeatMs: 60_000,
    eventConcurrency: 4,
    shardIds,
  });
  return { bot, configs, accounts, roblox, ranks, groups, directory, activities, state, queued, problems };
}
