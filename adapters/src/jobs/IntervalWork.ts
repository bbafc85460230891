import { inRequestContext, type Orm } from '../persistence/database.ts';

/**
 * Runs a piece of periodic work every `everyMs` in this process, one run at a time, each in its own unit of work:
 * the ticket mail digest (SUPPORT_EMAIL_CHECK_MS) and the SLA breach check (SUPPORT_SLA_CHECK_MS). Every API
 * process runs one; the work's own conditional writes keep two processes from doing the same thing twice.
 */
export class IntervalWork {
  readonly #work: () => Promise<unknown>;
  readonly #orm: Orm;
  readonly #everyMs: number;
  readonly #report: (error: unknown) => void;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> = Promise.resolve();
  #busy = false;

  constructor(work: () => Promise<unknown>, orm: Orm, everyMs: number, report: (error: unknown) => void) {
    this.#work = work;
    this.#orm = orm;
    this.#everyMs = everyMs;
    this.#report = report;
  }

  start(): void {
    this.#timer = setInterval(() => {
      if (this.#busy) return;
      this.#busy = true;
      this.#running = inRequestContext(this.#orm, this.#work)
        .then(
          () => undefined,
          (error: unknown) => this.#report(error),
        )
        .finally(() => {
          this.#busy = false;
        });
    }, this.#everyMs);
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.#running;
  }
}
