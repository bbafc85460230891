import {
  ChannelType,
  InteractionContextType,
  PermissionFlagsBits,
  SlashCommandBuilder,
  type APIApplicationCommandOption,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { SLASH_COMMANDS, type CommandOptionSpec, type SlashCommand } from '@groupflow/core';

const CHANNEL_TYPES = { text: ChannelType.GuildText, announcement: ChannelType.GuildAnnouncement } as const;

function addOption(builder: SlashCommandBuilder, spec: CommandOptionSpec): void {
  switch (spec.type) {
    case 'user':
      builder.addUserOption((option) =>
        option.setName(spec.name).setDescription(spec.description).setRequired(spec.required),
      );
      return;
    case 'string':
      builder.addStringOption((option) => {
        option.setName(spec.name).setDescription(spec.description).setRequired(spec.required);
        return spec.maxLength === undefined ? option : option.setMaxLength(spec.maxLength);
      });
      return;
    case 'integer':
      builder.addIntegerOption((option) => {
        option.setName(spec.name).setDescription(spec.description).setRequired(spec.required);
        if (spec.minValue !== undefined) option.setMinValue(spec.minValue);
        return spec.maxValue === undefined ? option : option.setMaxValue(spec.maxValue);
      });
      return;
    case 'channel':
      builder.addChannelOption((option) =>
        option
          .setName(spec.name)
          .setDescription(spec.description)
          .setRequired(spec.required)
          .addChannelTypes(...spec.channelKinds.map((kind) => CHANNEL_TYPES[kind])),
      );
      return;
  }
}

/** Discord's definition of one registry command: a guild-only chat command. */
export function slashCommandJson(command: SlashCommand): RESTPostAPIChatInputApplicationCommandsJSONBody {
  const builder = new SlashCommandBuilder()
    .setName(command.name)
    .setDescription(command.description)
    .setContexts(InteractionContextType.Guild);
  if (command.permission) builder.setDefaultMemberPermissions(PermissionFlagsBits[command.permission]);
  for (const option of command.options) addOption(builder, option);
  return builder.toJSON();
}

/** The global slash commands of the registry, as `npm run bot:deploy-commands` registers them. */
export function slashCommands(
  registry: readonly SlashCommand[] = SLASH_COMMANDS,
): RESTPostAPIChatInputApplicationCommandsJSONBody[] {
  return registry.map(slashCommandJson);
}

/** The fields that make two definitions the same command to a user; Discord adds ids, versions and defaults. */
function comparable(command: {
  name: string;
  description: string;
  options?: readonly APIApplicationCommandOption[] | undefined;
  default_member_permissions?: string | null | undefined;
  contexts?: readonly number[] | null | undefined;
}) {
  return JSON.stringify({
    name: command.name,
    description: command.description,
    permissions: command.default_member_permissions ?? null,
    contexts: command.contexts ?? null,
    options: (command.options ?? []).map((option) => {
      const { name, description, type, required, ...limits } = option as APIApplicationCommandOption & {
        required?: boolean;
      };
      const kept = Object.entries(limits).filter(([key]) =>
        ['max_length', 'min_value', 'max_value', 'channel_types'].includes(key),
      );
      return { name, description, type, required: required ?? false, ...Object.fromEntries(kept.sort()) };
    }),
  });
}

/**
 * What differs between the commands Discord has registered and the registry's: one line per command missing,
 * extra or changed; empty when they match.
 */
export function commandDrift(
  registered: readonly Parameters<typeof comparable>[0][],
  wanted: readonly RESTPostAPIChatInputApplicationCommandsJSONBody[] = slashCommands(),
): string[] {
  const have = new Map(registered.map((command) => [command.name, comparable(command)]));
  const want = new Map(wanted.map((command) => [command.name, comparable(command)]));
  const drift: string[] = [];
  for (const [name, definition] of want) {
    if (!have.has(name)) drift.push(`/${name} is not registered`);
    else if (have.get(name) !== definition) drift.push(`/${name} differs from the registry`);
  }
  for (const name of have.keys()) if (!want.has(name)) drift.push(`/${name} is registered but not in the registry`);
  return drift;
}
