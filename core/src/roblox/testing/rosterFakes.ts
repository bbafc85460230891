import { Unavailable } from '../../shared/errors.ts';
import type { GroupRoster } from '../workspacePorts.ts';
import type { InMemoryRoblox } from './fakes.ts';

/** InMemoryRoblox's memberships as the roster lists them per role; `down` makes Roblox unreachable. */
export class InMemoryRoster implements GroupRoster {
  readonly #roblox: InMemoryRoblox;
  down = false;
  /** The key each read went with (null: the public groups API). */
  readonly keysUsed: (string | null)[] = [];

  constructor(roblox: InMemoryRoblox) {
    this.#roblox = roblox;
  }

  async roleMembers(groupId: string, roleId: string, limit: number, apiKey: string | null) {
    this.keysUsed.push(apiKey);
    if (this.down) throw new Unavailable('ROBLOX.UNAVAILABLE', 'Roblox is not answering');
    const all = [...this.#roblox.held]
      .filter(([, roles]) => roles.some((role) => role.groupId === groupId && role.roleId === roleId))
      .map(([userId]) => ({ userId, username: this.#roblox.users.get(userId)?.name ?? null }));
    return { members: all.slice(0, limit), more: all.length > limit };
  }
}
