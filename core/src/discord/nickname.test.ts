import { describe, expect, it } from 'vitest';
import { formatNickname } from './nickname.ts';

const values = {
  robloxName: 'builderman',
  displayName: 'Builder',
  robloxId: '156',
  groupRank: 'Admin',
  discordName: 'bm',
};

describe('formatNickname', () => {
  it('fills every placeholder', () => {
    expect(formatNickname('{roblox-name}|{display-name}|{roblox-id}|{group-rank}|{discord-name}', values)).toBe(
      'builderman|Builder|156|Admin|bm',
    );
    expect(formatNickname('{roblox-username}', values)).toBe('builderman');
  });

  it('smart-name shows the display name with the username, or only the name when they match', () => {
    expect(formatNickname('{smart-name}', values)).toBe('Builder (@builderman)');
    expect(formatNickname('{smart-name}', { ...values, displayName: 'builderman' })).toBe('builderman');
  });

  it('cuts to 32 characters', () => {
    const nick = formatNickname('[{group-rank}] {smart-name}', { ...values, groupRank: 'Senior Administrator' });
    expect(nick).toBe('[Senior Administrator] Builder (');
    expect(nick).toHaveLength(32);
  });

  it('fills the issue 35 placeholders: the rank name and the rank in a named group, empty when not in it', () => {
    const ranked = { ...values, groupRanks: { '42': 'Barista', '7': 'Owner' } };
    expect(formatNickname('{rank-name} {roblox-name} {group-rank:42}/{group-rank:7}', ranked)).toBe(
      'Admin builderman Barista/Owner',
    );
    expect(formatNickname('[{group-rank:99}] {roblox-name}', ranked)).toBe('[] builderman');
    expect(formatNickname('{unknown:42} {roblox-name}', ranked)).toBe('{unknown:42} builderman');
  });

  it('drops a space the cut leaves at the end, so the stored nickname matches the plan at the next sync', () => {
    const nick = formatNickname('{roblox-name} {roblox-name}', { ...values, robloxName: 'a'.repeat(31) });
    expect(nick).toBe('a'.repeat(31));
  });

  it('never cuts an emoji in half at 32 characters', () => {
    const nick = formatNickname('🎮'.repeat(40), values);
    expect([...nick]).toHaveLength(32);
    expect(nick).toBe('🎮'.repeat(32));
  });
});
