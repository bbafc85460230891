import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLASH_COMMANDS } from '@groupflow/core';
import { FakeDiscord } from '@groupflow/adapters/testing/FakeDiscord';
import { loadConfig } from '../config.ts';
import { deploySlashCommands } from './deployCommands.ts';

describe('npm run bot:deploy-commands', () => {
  const discord = new FakeDiscord();
  beforeAll(() => discord.start());
  afterAll(() => discord.stop());

  const configWith = (env: Record<string, string>) =>
    loadConfig({ NODE_ENV: 'test', DISCORD_BASE_URL: discord.url, ...env });

  it('asks Discord for the application and replaces its global commands with the registry, again and again', async () => {
    discord.commands = [{ name: 'ping', description: 'Pong', type: 1, id: '1' }];
    const said = await deploySlashCommands(configWith({ DISCORD_BOT_TOKEN: discord.token }));
    expect(said).toBe(
      `Registered 9 slash commands for application ${discord.applicationId}: /verify, /update, /binds, /bind-group, /warn, /kick, /ban, /mute, /announce.`,
    );
    expect(discord.requestsTo('GET', /\/applications\/@me$/)).toHaveLength(1);
    expect(discord.requestsTo('PUT', new RegExp(`/applications/${discord.applicationId}/commands$`))).toHaveLength(1);
    expect(discord.commands.map((command) => command.name)).not.toContain('ping');
    // With DISCORD_CLIENT_ID set, the application is not looked up; a second run leaves the same set.
    await deploySlashCommands(
      configWith({ DISCORD_BOT_TOKEN: discord.token, DISCORD_CLIENT_ID: discord.applicationId }),
    );
    expect(discord.requestsTo('GET', /\/applications\/@me$/)).toHaveLength(1);
    expect(discord.commands.map((command) => command.name)).toEqual(SLASH_COMMANDS.map((command) => command.name));
  });

  it('refuses without a bot token, and reports Discord refusing a wrong one', async () => {
    await expect(deploySlashCommands(configWith({}))).rejects.toThrow('Set DISCORD_BOT_TOKEN');
    await expect(deploySlashCommands(configWith({ DISCORD_BOT_TOKEN: 'wrong' }))).rejects.toThrow('401');
  });
});
