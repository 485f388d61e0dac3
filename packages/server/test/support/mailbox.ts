import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface Mailbox {
  port: number;
  /** Every mail received so far, oldest first. */
  received: ParsedMail[];
  /** Waits for the next mail to this address that has not been taken yet. */
  next(to: string, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

const recipient = (mail: ParsedMail): string => {
  const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
  return to?.value[0]?.address?.toLowerCase() ?? '';
};

/** A real SMTP server on a free local port that keeps and parses what it is sent. */
export async function startMailbox(login?: { user: string; password: string }): Promise<Mailbox> {
  const received: ParsedMail[] = [];
  const taken = new Set<ParsedMail>();
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: login === undefined,
    // Plain SMTP on the loopback: the server under test runs with SMTP_STARTTLS off.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (login !== undefined && auth.username === login.user && auth.password === login.password) {
        callback(null, { user: auth.username });
      } else callback(new Error('Invalid username or password'));
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          waiters.splice(0).forEach((wake) => wake());
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  async function next(to: string, timeoutMs = 5000): Promise<ParsedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mail = received.find((m) => !taken.has(m) && recipient(m) === to.toLowerCase());
      if (mail !== undefined) {
        taken.add(mail);
        return mail;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  return { port, received, next, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The token at the end of a console link such as https://host/confirm/<token> in a mail's text. */
export function linkToken(mail: ParsedMail, purpose: 'confirm' | 'reset'): { link: string; token: string } {
  const match = new RegExp(`(\\S+/${purpose}/)(\\S+)`).exec(mail.text ?? '');
  if (match?.[2] === undefined) throw new Error(`no ${purpose} link in: ${mail.text ?? ''}`);
  return { link: `${match[1] ?? ''}${match[2]}`, token: match[2] };
}
