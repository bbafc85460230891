import { describe, expect, it } from 'vitest';
import { ApplicationCommandOptionType, ChannelType, PermissionFlagsBits } from 'discord.js';
import { SLASH_COMMANDS } from '@groupflow/core';
import { commandDrift, slashCommands } from './commands.ts';

describe('slash command definitions built from the core registry', () => {
  it('gives every registry command, in order, its options, limits and default member permission', () => {
    const json = slashCommands();
    expect(json.map((command) => command.name)).toEqual(SLASH_COMMANDS.map((command) => command.name));
    const byName = Object.fromEntries(json.map((command) => [command.name, command]));
    expect(byName.verify).toMatchObject({ options: [], contexts: [0] });
    expect(byName.verify!.default_member_permissions).toBeUndefined();
    expect(byName.ban!.default_member_permissions).toBe(String(PermissionFlagsBits.BanMembers));
    expect(byName.mute!.options).toEqual([
      expect.objectContaining({ name: 'member', type: ApplicationCommandOptionType.User, required: true }),
      expect.objectContaining({
        name: 'minutes',
        type: ApplicationCommandOptionType.Integer,
        min_value: 1,
        max_value: 40_320,
      }),
      expect.objectContaining({
        name: 'reason',
        type: ApplicationCommandOptionType.String,
        required: false,
        max_length: 400,
      }),
    ]);
    expect(byName.update!.options).toEqual([expect.objectContaining({ name: 'member', required: false })]);
    expect(byName.announce!.options![0]).toMatchObject({
      type: ApplicationCommandOptionType.Channel,
      channel_types: [ChannelType.GuildText, ChannelType.GuildAnnouncement],
    });
  });

  it('finds no drift in what Discord answers back (ids, versions, defaults added), and names each real difference', () => {
    const registered = slashCommands().map((command) => ({
      ...command,
      id: '1',
      version: '2',
      application_id: '3',
      type: 1,
      dm_permission: false,
      nsfw: false,
    }));
    expect(commandDrift(registered)).toEqual([]);
    const mute = registered.find((command) => command.name === 'mute')!;
    const changed = registered.map((command) =>
      command === mute ? { ...mute, options: mute.options!.map((option) => ({ ...option, max_value: 60 })) } : command,
    );
    expect(commandDrift(changed)).toEqual(['/mute differs from the registry']);
    expect(commandDrift(registered.filter((command) => command.name !== 'verify'))).toEqual([
      '/verify is not registered',
    ]);
  });
});
