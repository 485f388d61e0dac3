import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface Mailbox {
  port: number;
  /** Every mail received so far, oldest first. */
  received: ParsedMail[];
  /** Waits for the next mail to this address that has not been taken yet. */
  next(to: string, timeoutMs?: number): Promise<ParsedMail>;
  /** Whether a received mail came over an encrypted connection. */
  overTls(mail: ParsedMail): boolean;
  /** How many client connections have been made so far, whether or not they delivered anything. */
  connections(): number;
  /** Waits until at least `made` connections have been made in all, and none of them is still open. */
  quiet(made?: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** How the mailbox offers TLS: from the first byte (implicit TLS), or after the STARTTLS command. */
export interface MailboxTls {
  mode: 'implicit' | 'starttls';
  key: string;
  cert: string;
}

const recipient = (mail: ParsedMail): string => {
  const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
  return to?.value[0]?.address?.toLowerCase() ?? '';
};

/**
 * A real SMTP server on a free local port that keeps and parses what it is sent. Without `tls` it speaks plain SMTP
 * (no STARTTLS offered); with it, it encrypts as asked and accepts a login only once the connection is encrypted.
 */
export async function startMailbox(login?: { user: string; password: string }, tls?: MailboxTls): Promise<Mailbox> {
  const received: ParsedMail[] = [];
  const encrypted = new Set<ParsedMail>();
  const taken = new Set<ParsedMail>();
  const waiters: (() => void)[] = [];
  const wakeAll = () => waiters.splice(0).forEach((wake) => wake());
  let made = 0;
  const server = new SMTPServer({
    authOptional: login === undefined,
    ...(tls === undefined
      ? { disabledCommands: ['STARTTLS'], allowInsecureAuth: true }
      : { secure: tls.mode === 'implicit', key: tls.key, cert: tls.cert, allowInsecureAuth: false }),
    logger: false,
    onAuth(auth, _session, callback) {
      if (login !== undefined && auth.username === login.user && auth.password === login.password) {
        callback(null, { user: auth.username });
      } else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          if (session.secure) encrypted.add(mail);
          wakeAll();
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  // A client that gives up on the TLS handshake (it does not trust the certificate) is an error of the server's;
  // unheard, it would end the test process. The tests look at what arrived instead.
  server.on('error', () => undefined);
  server.server.on('connection', () => {
    made += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  // Counted by the listening socket itself: smtp-server takes over a connection's own listeners when it starts TLS.
  const open = () =>
    new Promise<number>((resolve, reject) =>
      server.server.getConnections((error, count) => (error === null ? resolve(count) : reject(error))),
    );

  /**
   * Resolves with what `found` finds: looked for again whenever a mail arrives, and every `pollMs` when what it
   * waits for announces itself no other way.
   */
  async function waitFor<T>(
    found: () => T | undefined | Promise<T | undefined>,
    timeoutMs: number,
    what: string,
    pollMs = timeoutMs,
  ): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await found();
      if (value !== undefined) return value;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`${what} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, pollMs));
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  // The waits below end as soon as the mail or the quiet comes; their limits only bound a failing test, and are wide
  // enough for a mail sent in the background of a server on a machine busy with other suites.
  async function next(to: string, timeoutMs = 20_000): Promise<ParsedMail> {
    const mail = await waitFor(
      () => received.find((m) => !taken.has(m) && recipient(m) === to.toLowerCase()),
      timeoutMs,
      `no mail to ${to}`,
    );
    taken.add(mail);
    return mail;
  }

  return {
    port,
    received,
    next,
    overTls: (mail) => encrypted.has(mail),
    connections: () => made,
    quiet: async (atLeast = 0, timeoutMs = 20_000) => {
      const done = async () => (made >= atLeast && (await open()) === 0 ? true : undefined);
      await waitFor(done, timeoutMs, `not ${atLeast} connections made and ended`, 10);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The token at the end of a console link such as https://host/confirm/<token> in a mail's text. */
export function linkToken(mail: ParsedMail, purpose: 'confirm' | 'reset'): { link: string; token: string } {
  const match = new RegExp(`(\\S+/${purpose}/)(\\S+)`).exec(mail.text ?? '');
  if (match?.[2] === undefined) throw new Error(`no ${purpose} link in: ${mail.text ?? ''}`);
  return { link: `${match[1] ?? ''}${match[2]}`, token: match[2] };
}
