import {
  ChannelType,
  InteractionContextType,
  PermissionFlagsBits,
  SlashCommandBuilder,
  type SlashCommandOptionsOnlyBuilder,
} from 'discord.js';

type Builder = SlashCommandBuilder | SlashCommandOptionsOnlyBuilder;
import { MAX_TIMEOUT_MINUTES } from '@groupflow/core';

const member = (builder: Builder, description: string, required = true) =>
  builder.addUserOption((option) => option.setName('member').setDescription(description).setRequired(required));
const reason = (builder: Builder) =>
  builder.addStringOption((option) =>
    option.setName('reason').setDescription('Why (shown in the moderation log)').setMaxLength(400),
  );
const command = (name: string, description: string) =>
  new SlashCommandBuilder().setName(name).setDescription(description).setContexts(InteractionContextType.Guild);

/**
 * The global slash commands, registered at start. Default member permissions hide staff commands from
 * everyone else in Discord's UI; the use cases still check rights themselves (server owners can override
 * who sees a command, and GroupFlow's moderator and admin roles widen the set).
 */
export function slashCommands() {
  return [
    command('verify', 'Link your Roblox account and get the roles of your group rank'),
    member(
      command('update', 'Refresh roles and nickname from Roblox'),
      'Admins: the member to update (default: you)',
      false,
    ),
    command('bind-group', 'Bind a Roblox group to this server')
      .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild)
      .addStringOption((option) =>
        option.setName('group_id').setDescription('The Roblox group id (digits)').setRequired(true),
      ),
    reason(member(command('warn', 'Warn a member'), 'The member to warn')).setDefaultMemberPermissions(
      PermissionFlagsBits.ModerateMembers,
    ),
    reason(member(command('kick', 'Kick a member'), 'The member to kick')).setDefaultMemberPermissions(
      PermissionFlagsBits.KickMembers,
    ),
    reason(member(command('ban', 'Ban a member'), 'The member to ban')).setDefaultMemberPermissions(
      PermissionFlagsBits.BanMembers,
    ),
    reason(
      member(command('mute', 'Time a member out'), 'The member to mute').addIntegerOption((option) =>
        option
          .setName('minutes')
          .setDescription('How long, in minutes')
          .setRequired(true)
          .setMinValue(1)
          .setMaxValue(MAX_TIMEOUT_MINUTES),
      ),
    ).setDefaultMemberPermissions(PermissionFlagsBits.ModerateMembers),
    command('announce', 'Post an announcement')
      .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild)
      .addChannelOption((option) =>
        option
          .setName('channel')
          .setDescription('Where to post')
          .setRequired(true)
          .addChannelTypes(ChannelType.GuildText, ChannelType.GuildAnnouncement),
      )
      .addStringOption((option) =>
        option.setName('message').setDescription('The announcement').setRequired(true).setMaxLength(2000),
      ),
  ].map((builder) => builder.toJSON());
}
