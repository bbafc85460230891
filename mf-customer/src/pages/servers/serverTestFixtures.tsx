// Fixtures shared by the Configure Server dialog's component tests.
import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { API, type ServerRole, type UserServer } from '@groupflow/core/contracts';
import { fixture } from '@groupflow/shell-kit/testing';

export const SERVER: UserServer = {
  id: '10',
  name: 'Main Hall',
  icon: null,
  memberCount: 120,
  onlineMembers: 12,
  isOnline: true,
  userRole: 'Owner',
  botJoinedAt: '2026-11-01T12:00:00.000Z',
  commandsUsed24h: 0,
  features: [],
  permissions: [],
};

/** A role the bot can give unless `extra` says otherwise. */
export const role = (id: string, name: string, extra: Partial<ServerRole> = {}): ServerRole => ({
  id,
  name,
  position: 1,
  colour: 0,
  managed: false,
  elevated: false,
  assignable: true,
  problem: null,
  ...extra,
});

export const RANKS = fixture(API.roblox.listGroupRanks, [
  { rankId: 1, rankName: 'Recruit', memberCount: 10, roleId: '901' },
  { rankId: 50, rankName: 'Sergeant', memberCount: 3, roleId: '902' },
  { rankId: 255, rankName: 'Owner', memberCount: 1, roleId: '903' },
]);

/** Opens a Select and picks an option by its text. */
export async function choose(user: ReturnType<typeof userEvent.setup>, combobox: HTMLElement, option: string) {
  await user.click(combobox);
  await user.click(await screen.findByRole('option', { name: option }));
}
