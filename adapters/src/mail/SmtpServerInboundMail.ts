import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerAddress, type SMTPServerDataStream } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { DomainError, type ReceiveEmailReply } from '@groupflow/core';
import { inRequestContext, type Orm } from '../persistence/database.ts';

export interface InboundMailSettings {
  /** INBOUND_SMTP_PORT (0: any free port, for tests). */
  port: number;
  host: string;
  /** INBOUND_MAIL_MAX_BYTES: a larger mail is refused (552) and nothing of it is kept. */
  maxBytes: number;
}

type SmtpRefusal = Error & { responseCode: number };

const refusal = (responseCode: number, message: string): SmtpRefusal =>
  Object.assign(new Error(message), { responseCode });

/**
 * A refusal as an SMTP answer: a rate limit is temporary (450, the sender's server retries later); an unknown address,
 * an expired token or an empty reply is permanent (550); anything unexpected is a temporary local error (451), so a
 * passing database outage loses no mail.
 */
function smtpRefusal(error: unknown): SmtpRefusal {
  if (error instanceof Error && 'responseCode' in error) return error as SmtpRefusal;
  if (error instanceof DomainError) {
    if (error.kind === 'TooManyAttempts') return refusal(450, error.message);
    if (error.kind === 'NotFound' || error.kind === 'Invalid') return refusal(550, error.message);
  }
  return refusal(451, 'Local error, try again later');
}

/** The mail's bytes, up to the SIZE limit; null when the sender went past it. */
async function readMail(stream: SMTPServerDataStream): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return stream.sizeExceeded ? null : Buffer.concat(chunks);
}

/**
 * Inbound ticket mail over SMTP (smtp-server, parsed by mailparser): MAIL FROM passes the per-sender limit, RCPT TO
 * only a live reply address (one per mail), DATA the size limit; the reply is stored only once all of these said
 * yes, so a refused mail leaves nothing behind. Plain SMTP without AUTH or STARTTLS: it is meant to sit behind the
 * MX relay that receives the domain's mail.
 */
export class SmtpServerInboundMail {
  readonly #server: SMTPServer;
  readonly #settings: InboundMailSettings;

  constructor(receive: ReceiveEmailReply, orm: Orm, settings: InboundMailSettings, report: (error: unknown) => void) {
    this.#settings = settings;
    const answer = (work: () => Promise<unknown>, callback: (error?: Error | null) => void) => {
      inRequestContext(orm, work).then(
        () => callback(),
        (error: unknown) => {
          const smtp = smtpRefusal(error);
          if (smtp.responseCode === 451) report(error);
          callback(smtp);
        },
      );
    };
    this.#server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      size: settings.maxBytes,
      logger: false,
      onMailFrom(address: SMTPServerAddress, _session, callback) {
        if (!address.address) return callback(refusal(550, 'Replies come from a person, not a bounce'));
        answer(() => receive.admitSender(address.address), callback);
      },
      onRcptTo(address: SMTPServerAddress, session, callback) {
        if (session.envelope.rcptTo.length > 0) return callback(refusal(452, 'One ticket reply address per mail'));
        answer(() => receive.admitRecipient(address.address), callback);
      },
      onData(stream, session, callback) {
        answer(async () => {
          const raw = await readMail(stream);
          if (raw === null) throw refusal(552, `Mail larger than ${settings.maxBytes} bytes`);
          const mail = await simpleParser(raw);
          await receive.execute({
            recipient: session.envelope.rcptTo[0]!.address,
            sender: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            text: mail.text ?? '',
          });
        }, callback);
      },
    });
  }

  /** Listens; answers the port (the chosen one when settings.port is 0). */
  async start(): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.#server.server.once('error', reject);
      this.#server.listen(this.#settings.port, this.#settings.host, () => resolve());
    });
    return (this.#server.server.address() as AddressInfo).port;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}
