import { access, constants, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import type { MailMessage, Mailer } from '@groupflow/core';

export type MailTransport = { kind: 'smtp'; url: string } | { kind: 'files'; dir: string };

/**
 * Real SMTP through nodemailer when SMTP_URL is set; otherwise nodemailer still builds the full RFC 822 message
 * and it is written as an .eml file, so development and tests see exactly what would have been sent.
 */
export class NodemailerMailer implements Mailer {
  readonly #transporter: Transporter;
  readonly #transport: MailTransport;
  readonly #from: string;

  constructor(transport: MailTransport, from: string) {
    this.#transport = transport;
    this.#from = from;
    this.#transporter =
      transport.kind === 'smtp'
        ? nodemailer.createTransport(transport.url)
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  /** Rejects when mail could not go out now: SMTP refuses the connection or login, or the directory is not writable. */
  async verify(): Promise<void> {
    if (this.#transport.kind === 'smtp') {
      await this.#transporter.verify();
      return;
    }
    await mkdir(this.#transport.dir, { recursive: true });
    await access(this.#transport.dir, constants.W_OK);
  }

  async send(message: MailMessage): Promise<void> {
    const info = await this.#transporter.sendMail({
      from: this.#from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    });
    if (this.#transport.kind === 'files') {
      await mkdir(this.#transport.dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
      await writeFile(join(this.#transport.dir, name), (info as { message: Buffer }).message);
    }
  }
}
