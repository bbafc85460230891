import type { DigestTicketMail } from '@groupflow/core';
import { inRequestContext, type Orm } from '../persistence/database.ts';

/**
 * Runs the staff-reply mail digest every SUPPORT_EMAIL_CHECK_MS in this process, one run at a time. Every API process
 * runs one; the mailbox's conditional mark keeps them from mailing a reply twice.
 */
export class TimerTicketMailDigest {
  readonly #digest: DigestTicketMail;
  readonly #orm: Orm;
  readonly #everyMs: number;
  readonly #report: (error: unknown) => void;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> = Promise.resolve();
  #busy = false;

  constructor(digest: DigestTicketMail, orm: Orm, everyMs: number, report: (error: unknown) => void) {
    this.#digest = digest;
    this.#orm = orm;
    this.#everyMs = everyMs;
    this.#report = report;
  }

  start(): void {
    this.#timer = setInterval(() => {
      if (this.#busy) return;
      this.#busy = true;
      this.#running = inRequestContext(this.#orm, () => this.#digest.execute())
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
