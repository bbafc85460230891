import { Forbidden, Invalid, Unauthenticated } from '../../shared/errors.ts';
import type { Clock } from '../../shared/clock.ts';
import type { ActivityAccepted, ActivityEvent } from '../../contracts/roblox.ts';
import type { ActivityLedger, ConnectedGroups } from '../groupPorts.ts';

export interface ActivitySettings {
  bulkMaxEvents: number;
}

/** Compares without stopping at the first difference, so timing tells a guesser nothing. */
function sameSecret(a: string, b: string): boolean {
  let difference = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i += 1)
    difference |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  return difference === 0;
}

/**
 * POST /api/roblox/groups/{id}/activity/sessions from a game server holding the group's activity key. Times are
 * the server's clock at arrival (game servers' clocks are not trusted); a repeated start or end changes nothing.
 */
export class RecordActivity {
  readonly #connected: ConnectedGroups;
  readonly #ledger: ActivityLedger;
  readonly #clock: Clock;
  readonly #settings: ActivitySettings;

  constructor(connected: ConnectedGroups, ledger: ActivityLedger, clock: Clock, settings: ActivitySettings) {
    this.#connected = connected;
    this.#ledger = ledger;
    this.#clock = clock;
    this.#settings = settings;
  }

  async execute(groupId: string, presentedKey: string | undefined, events: ActivityEvent[]): Promise<ActivityAccepted> {
    const group = await this.#connected.activityKeyOf(groupId);
    // An unknown group and a wrong key answer alike, so the key cannot be probed per group.
    if (!group || !presentedKey || !sameSecret(presentedKey, group.activityKey))
      throw new Unauthenticated('Invalid activity key');
    if (!group.activityTracking) throw new Forbidden('Activity tracking is turned off for this group');
    if (events.length > this.#settings.bulkMaxEvents) {
      throw new Invalid(`At most ${this.#settings.bulkMaxEvents} events per report`, [
        { path: ['events'], message: `At most ${this.#settings.bulkMaxEvents} events per report` },
      ]);
    }
    const result = await this.#ledger.record(groupId, events, this.#clock.now());
    return { accepted: events.length, ...result };
  }
}
