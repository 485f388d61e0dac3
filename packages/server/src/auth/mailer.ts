import { readFileSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { type Transporter, createTransport } from 'nodemailer';
import type { Settings } from '../settings.js';

type MailSettings = Pick<
  Settings,
  | 'MAIL_FROM'
  | 'SMTP_HOST'
  | 'SMTP_PORT'
  | 'SMTP_STARTTLS'
  | 'SMTP_USE_SSL'
  | 'SMTP_USERNAME'
  | 'SMTP_PASSWORD'
  | 'SMTP_CA_FILE'
>;

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends account mail over SMTP (docs/api/auth.md#passwords-and-sign-up). */
export class Mailer {
  private transport: Transporter | undefined;

  constructor(
    private readonly settings: MailSettings,
    private readonly log: FastifyBaseLogger,
  ) {}

  private transporter(): Transporter {
    const s = this.settings;
    this.transport ??= createTransport({
      host: s.SMTP_HOST,
      port: s.SMTP_PORT,
      secure: s.SMTP_USE_SSL,
      // STARTTLS off means plain SMTP even when the server offers TLS; on means it is required.
      ignoreTLS: !s.SMTP_USE_SSL && !s.SMTP_STARTTLS,
      requireTLS: !s.SMTP_USE_SSL && s.SMTP_STARTTLS,
      // The certificate is always checked; SMTP_CA_FILE only says which CAs vouch for it.
      tls: { rejectUnauthorized: true, ...(s.SMTP_CA_FILE === '' ? {} : { ca: readFileSync(s.SMTP_CA_FILE) }) },
      ...(s.SMTP_USERNAME === '' ? {} : { auth: { user: s.SMTP_USERNAME, pass: s.SMTP_PASSWORD } }),
    });
    return this.transport;
  }

  /**
   * Sends in the background: the caller answers at once, so how long the mail server takes tells nobody whether an
   * account exists. Never rejects: a failure (an unreachable or untrusted mail server, a CA file gone since start) is
   * logged without the message or credentials.
   */
  async deliver(mail: Mail): Promise<void> {
    try {
      await this.transporter().sendMail({
        from: this.settings.MAIL_FROM,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.log.error({ subject: mail.subject, reason }, 'account mail could not be sent');
    }
  }

  close(): void {
    this.transport?.close();
  }
}
