export interface MailMessage {
  to: string[];
  subject: string;
  text: string;
  /** Where answers go (a ticket's reply address); the From address otherwise. */
  replyTo?: string;
}

/** Outgoing mail. The adapter decides the transport (SMTP, or .eml files when none is configured). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
