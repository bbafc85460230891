import type { ServiceCheck, ServiceCheckResult } from '@groupflow/core';

/** Outgoing mail: the SMTP server accepts a connection and login, or the .eml directory is writable. */
export class NodemailerMailCheck implements ServiceCheck {
  readonly name = 'Email';
  readonly description = 'Outgoing mail: HR notices and test emails';
  readonly critical = false;
  readonly #mailer: { verify(): Promise<void> };

  /** Takes any mailer able to verify itself, as NodemailerMailer does. */
  constructor(mailer: { verify(): Promise<void> }) {
    this.#mailer = mailer;
  }

  async check(): Promise<ServiceCheckResult> {
    const started = performance.now();
    await this.#mailer.verify();
    return { status: 'operational', responseTimeMs: Math.round(performance.now() - started), detail: null };
  }
}
