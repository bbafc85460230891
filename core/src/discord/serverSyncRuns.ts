import type { ServerConfig } from './serverConfigs.ts';

/**
 * Server-wide role syncs (issue 27): one run per guild, kept in PostgreSQL so the API shows its progress and any
 * bot process can pick it up from its checkpoint. The API starts and cancels runs; the bot's job works them.
 */

export type ServerSyncState = 'idle' | 'running' | 'done' | 'failed' | 'cancelled';

export interface ServerSyncRun {
  guildId: string;
  state: Exclude<ServerSyncState, 'idle'>;
  /**
   * Bumped by every trigger: each generation is one pass over every member with the settings of its trigger, so a
   * member is edited at most once per generation and a checkpoint of an older one is refused.
   */
  generation: number;
  /** The last member id visited (Discord lists members in id order); '0' before the first. */
  cursor: string;
  /**
   * Where this generation began: a trigger during a run carries on from the cursor, then wraps round to the first
   * member and stops when it reaches this id again. '0' for a generation that began at the first member.
   */
  wrapAt: string;
  wrapped: boolean;
  /** The guild's member count as the bot saw it when the generation began. */
  total: number;
  visited: number;
  changed: number;
  unchanged: number;
  failed: number;
  startedAt: Date;
  finishedAt: Date | null;
  /** Why the run failed, for the operators' log; null otherwise. */
  error: string | null;
  /** The worker holding the run; a worker whose token was replaced stops at its next checkpoint. */
  workerToken: string | null;
}

export interface ServerSyncRuns {
  get(guildId: string): Promise<ServerSyncRun | null>;
  /**
   * Starts a run from the first member with counts at zero; on a running run, starts a new generation from its
   * checkpoint (counts at zero again, wrapping round to the members visited before).
   */
  request(guildId: string, at: Date): Promise<ServerSyncRun>;
  /**
   * Starts a run from the first member unless one is running, in one step, so of concurrent starts only one begins
   * a run; null when one was running (it is left as it is).
   */
  start(guildId: string, at: Date): Promise<ServerSyncRun | null>;
  /** Ends a running run as cancelled; null when none was running. */
  cancel(guildId: string, at: Date): Promise<ServerSyncRun | null>;
  /** Hands a running run to this worker (whoever held it before loses it); null when it is not running. */
  claim(guildId: string, workerToken: string): Promise<ServerSyncRun | null>;
  /**
   * Writes the run's progress (and its end state) only while it is still this worker's, running, and in the same
   * generation; false when a trigger, a cancel or another worker came in between.
   */
  checkpoint(run: ServerSyncRun, workerToken: string): Promise<boolean>;
  /** Guild ids of the runs left running, for a starting worker to pick up. */
  running(): Promise<string[]>;
}

/** Asks a bot process to work a guild's run; at most one job per guild waits, at most one runs. */
export interface ServerSyncJobs {
  enqueue(guildId: string): Promise<void>;
}

/**
 * The settings a member's roles and nickname follow: a change of any starts a server-wide sync. Kept beside the
 * plan (planMemberSync) that reads them.
 */
export const ROLE_SETTING_KEYS = [
  'verificationEnabled',
  'boundGroupId',
  'verificationRoleId',
  'unverifiedRoleId',
  'nicknameFormat',
  'rankBinds',
  'binds',
  'restrictions',
  'bypassRoleIds',
  // Not a role setting, but the bot only hears of a saved configuration through the run: it posts the Verify
  // button in a newly chosen channel when the run starts.
  'verificationChannelId',
] as const satisfies readonly (keyof ServerConfig)[];

export function roleSettingsChanged(before: ServerConfig, after: ServerConfig): boolean {
  return ROLE_SETTING_KEYS.some((key) => canonical(before[key]) !== canonical(after[key]));
}

/** JSON with every object's keys sorted: PostgreSQL's jsonb gives stored objects back in an order of its own. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, entry: unknown) =>
    entry && typeof entry === 'object' && !Array.isArray(entry)
      ? Object.fromEntries(Object.entries(entry).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : entry,
  );
}

/** What GET /api/discord/servers/{id}/sync answers. */
export interface ServerSyncProgress {
  state: ServerSyncState;
  /** The run's generation: each start and each change of settings begins a new one. */
  runId: number | null;
  total: number;
  visited: number;
  changed: number;
  unchanged: number;
  failed: number;
  startedAt: Date | null;
  finishedAt: Date | null;
  estimatedSecondsLeft: number | null;
}

/** The progress of a guild's run; the estimate assumes the rest goes at the pace so far. */
export function syncProgress(run: ServerSyncRun | null, now: Date): ServerSyncProgress {
  if (!run) {
    return {
      state: 'idle',
      runId: null,
      total: 0,
      visited: 0,
      changed: 0,
      unchanged: 0,
      failed: 0,
      startedAt: null,
      finishedAt: null,
      estimatedSecondsLeft: null,
    };
  }
  const elapsedSeconds = Math.max(0, (now.getTime() - run.startedAt.getTime()) / 1000);
  const left = Math.max(0, run.total - run.visited);
  return {
    state: run.state,
    runId: run.generation,
    total: run.total,
    visited: run.visited,
    changed: run.changed,
    unchanged: run.unchanged,
    failed: run.failed,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
    estimatedSecondsLeft:
      run.state !== 'running' ? 0 : run.visited === 0 ? null : Math.ceil((elapsedSeconds / run.visited) * left),
  };
}
