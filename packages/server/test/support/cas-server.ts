import { randomBytes } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for a CAS server's ticket validation (CAS protocol 3.0 §2.5 and §2.6): it issues service tickets for
 * a user and a service, and its validate route answers each ticket once, as a real CAS server does.
 */
export interface CasServer {
  /** What to set CAS_SERVER to. */
  url: string;
  /** What to set CAS_VALIDATE_ROUTE to; any other path answers 404. */
  validateRoute: string;
  /** A new single-use service ticket for the user, valid only for that service. */
  issue(user: string, service: string, attributes?: Record<string, string | string[]>): string;
  /** The next validation is answered with this body (and status) instead, whatever the ticket. */
  answerNextWith(body: string, status?: number): void;
  /** The query strings of the validations asked for so far. */
  readonly requests: URLSearchParams[];
  close(): Promise<void>;
}

interface Issued {
  user: string;
  service: string;
  attributes: Record<string, string | string[]>;
}

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

const response = (inner: string) =>
  `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">\n${inner}\n</cas:serviceResponse>\n`;

const failure = (code: string, description: string) =>
  response(`  <cas:authenticationFailure code="${code}">${escapeXml(description)}</cas:authenticationFailure>`);

function success({ user, attributes }: Issued): string {
  const values = Object.entries(attributes).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((v) => `      <cas:${name}>${escapeXml(v)}</cas:${name}>`),
  );
  return response(
    [
      '  <cas:authenticationSuccess>',
      `    <cas:user>${escapeXml(user)}</cas:user>`,
      '    <cas:attributes>',
      ...values,
      '    </cas:attributes>',
      '  </cas:authenticationSuccess>',
    ].join('\n'),
  );
}

export async function startCasServer(validateRoute = '/p3/serviceValidate'): Promise<CasServer> {
  const tickets = new Map<string, Issued>();
  const requests: URLSearchParams[] = [];
  let canned: { body: string; status: number } | null = null;

  function validate(query: URLSearchParams): { body: string; status: number } {
    if (canned !== null) {
      const answer = canned;
      canned = null;
      return answer;
    }
    const ticket = query.get('ticket') ?? '';
    const service = query.get('service') ?? '';
    if (ticket === '' || service === '') return { status: 200, body: failure('INVALID_REQUEST', 'ticket and service') };
    const issued = tickets.get(ticket);
    // §3.1.1: a ticket is good for one validation attempt, whatever its outcome.
    tickets.delete(ticket);
    if (issued === undefined)
      return { status: 200, body: failure('INVALID_TICKET', `Ticket ${ticket} not recognized`) };
    if (issued.service !== service) return { status: 200, body: failure('INVALID_SERVICE', 'service mismatch') };
    return { status: 200, body: success(issued) };
  }

  const server = createServer((request: IncomingMessage, reply: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://cas.test');
    if (request.method !== 'GET' || url.pathname !== `/cas${validateRoute}`) {
      reply.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    requests.push(url.searchParams);
    const { status, body } = validate(url.searchParams);
    reply.writeHead(status, { 'content-type': 'application/xml; charset=utf-8' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/cas`,
    validateRoute,
    issue(user, service, attributes = {}) {
      const ticket = `ST-${randomBytes(12).toString('hex')}`;
      tickets.set(ticket, { user, service, attributes });
      return ticket;
    },
    answerNextWith(body, status = 200) {
      canned = { body, status };
    },
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error === undefined ? resolve() : reject(error)));
      }),
  };
}

/** An address where nothing listens: a server is started to claim a free port and closed again. */
export async function deadAddress(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/cas`;
}
