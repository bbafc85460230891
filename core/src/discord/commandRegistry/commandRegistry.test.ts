import { describe, expect, it } from 'vitest';
import { findCommand, SLASH_COMMANDS } from './commandRegistry.ts';

describe('the slash command registry', () => {
  it('holds the nine commands once each, every option name once per command, required options first', () => {
    const names = SLASH_COMMANDS.map((command) => command.name);
    expect(names).toEqual(['verify', 'update', 'binds', 'bind-group', 'warn', 'kick', 'ban', 'mute', 'announce']);
    for (const command of SLASH_COMMANDS) {
      const options = command.options.map((option) => option.name);
      expect(new Set(options).size, command.name).toBe(options.length);
      // Discord refuses a required option after an optional one.
      const required = command.options.map((option) => option.required);
      expect(required, command.name).toEqual([...required].sort((a, b) => Number(b) - Number(a)));
    }
  });

  it('hides the staff commands behind a default member permission and leaves the member commands open', () => {
    const permission = (name: string) => findCommand(name)?.permission;
    expect(['verify', 'update'].map(permission)).toEqual([null, null]);
    expect(['binds', 'bind-group', 'warn', 'kick', 'ban', 'mute', 'announce'].map(permission)).toEqual([
      'ManageGuild',
      'ManageGuild',
      'ModerateMembers',
      'KickMembers',
      'BanMembers',
      'ModerateMembers',
      'ManageGuild',
    ]);
    expect(findCommand('ping')).toBeUndefined();
  });
});
