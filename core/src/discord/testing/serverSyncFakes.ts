import type { ServerSyncJobs, ServerSyncRun, ServerSyncRuns } from '../serverSyncRuns.ts';

/** Runs held in memory with the database adapter's rules (conditional checkpoints, generations, claims). */
export class InMemoryServerSyncRuns implements ServerSyncRuns {
  readonly stored = new Map<string, ServerSyncRun>();

  async get(guildId: string) {
    return structuredClone(this.stored.get(guildId) ?? null);
  }

  async request(guildId: string, at: Date) {
    const current = this.stored.get(guildId);
    const counts = { visited: 0, changed: 0, unchanged: 0, failed: 0, startedAt: at, finishedAt: null, error: null };
    const run: ServerSyncRun =
      current?.state === 'running'
        ? { ...current, ...counts, generation: current.generation + 1, wrapAt: current.cursor, wrapped: false }
        : {
            guildId,
            state: 'running',
            generation: (current?.generation ?? 0) + 1,
            cursor: '0',
            wrapAt: '0',
            wrapped: false,
            total: current?.total ?? 0,
            workerToken: null,
            ...counts,
          };
    this.stored.set(guildId, run);
    return structuredClone(run);
  }

  async start(guildId: string, at: Date) {
    return this.stored.get(guildId)?.state === 'running' ? null : this.request(guildId, at);
  }

  async cancel(guildId: string, at: Date) {
    const current = this.stored.get(guildId);
    if (current?.state !== 'running') return null;
    const run: ServerSyncRun = { ...current, state: 'cancelled', finishedAt: at };
    this.stored.set(guildId, run);
    return structuredClone(run);
  }

  async claim(guildId: string, workerToken: string) {
    const current = this.stored.get(guildId);
    if (current?.state !== 'running') return null;
    current.workerToken = workerToken;
    return structuredClone(current);
  }

  async checkpoint(run: ServerSyncRun, workerToken: string) {
    const current = this.stored.get(run.guildId);
    if (current?.state !== 'running' || current.workerToken !== workerToken || current.generation !== run.generation)
      return false;
    this.stored.set(run.guildId, structuredClone({ ...run, workerToken }));
    return true;
  }

  async running() {
    return [...this.stored.values()].filter((run) => run.state === 'running').map((run) => run.guildId);
  }
}

export class RecordingServerSyncJobs implements ServerSyncJobs {
  readonly enqueued: string[] = [];
  async enqueue(guildId: string) {
    this.enqueued.push(guildId);
  }
}
