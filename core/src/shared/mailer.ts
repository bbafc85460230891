export interface MailMessage {
  to: string[];
  subject: string;
  text: string;
}

/** Outgoing mail. The adapter decides the transport (SMTP, or .eml files when none is configured). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
