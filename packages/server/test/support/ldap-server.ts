import { type AddressInfo, type Socket, createServer as createTcpServer } from 'node:net';
import ldap from 'ldapjs';

/** One entry of the stand-in directory; attribute names in lower case, as the server hands them to filters. */
export interface DirectoryEntry {
  dn: string;
  attributes: Record<string, string[]>;
  /** The entry's userPassword: a simple bind with it succeeds. */
  password?: string;
}

export interface RecordedBind {
  dn: string;
  password: string;
}

export interface RecordedSearch {
  base: string;
  scope: 'base' | 'one' | 'sub';
  /** The filter as the server parsed it, written back in RFC 4515 form. */
  filter: string;
  attributes: string[];
  /** Who the connection was bound as ('cn=anonymous' before any bind). */
  boundAs: string;
}

/**
 * A real LDAP server (ldapjs) over a small directory: simple binds check the entry's password, searches honour the
 * base, the scope and the filter. Every bind and search is recorded, so tests can see exactly what reached it.
 * Like many directories it accepts an unauthenticated bind (a DN with an empty password, RFC 4513 §5.1.2), which is
 * why a client must never send one for a user.
 */
export interface LdapServer {
  url: string;
  readonly binds: RecordedBind[];
  readonly searches: RecordedSearch[];
  close(): Promise<void>;
}

// The parts of ldapjs's request objects the handlers use; its own type declarations leave them untyped.
interface DnLike {
  toString(): string;
  equals(other: DnLike | string): boolean;
  parentOf(other: DnLike | string): boolean;
  parent(): DnLike | undefined;
}
interface FilterLike {
  toString(): string;
  matches(attributes: Record<string, string[]>, strictAttrCase?: boolean): boolean;
}
interface BindRequest {
  dn: DnLike;
  credentials: string;
}
interface SearchRequest {
  baseObject: DnLike;
  scope: number;
  filter: FilterLike;
  attributes: string[];
  connection: { ldap: { bindDN: DnLike } };
}
interface Response {
  send(entry: { dn: string; attributes: Record<string, string[]> }): void;
  end(): void;
}
type Next = (error?: unknown) => void;

const SCOPES = ['base', 'one', 'sub'] as const;

/** Directories compare names and most values without regard to case (caseIgnoreMatch); so does this one. */
const lowerCased = (attributes: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(attributes).map(([name, values]) => [name, values.map((v) => v.toLowerCase())]));

function inScope(scope: RecordedSearch['scope'], base: DnLike, dn: DnLike): boolean {
  if (scope === 'base') return base.equals(dn);
  if (scope === 'one') return dn.parent()?.equals(base) ?? false;
  return base.equals(dn) || base.parentOf(dn);
}

export async function startLdapServer(
  entries: readonly DirectoryEntry[],
  tls?: { cert: string; key: string },
): Promise<LdapServer> {
  const server = ldap.createServer(tls === undefined ? {} : { certificate: tls.cert, key: tls.key });
  const binds: RecordedBind[] = [];
  const searches: RecordedSearch[] = [];
  const directory = entries.map((entry) => ({ ...entry, name: ldap.parseDN(entry.dn.toLowerCase()) as DnLike }));
  const find = (dn: DnLike) => {
    const wanted = ldap.parseDN(dn.toString().toLowerCase()) as DnLike;
    return directory.find((entry) => entry.name.equals(wanted));
  };

  server.bind('', (request: BindRequest, response: Response, next: Next) => {
    binds.push({ dn: request.dn.toString(), password: request.credentials });
    const entry = find(request.dn);
    const unauthenticated = request.credentials === '';
    if (!unauthenticated && (entry?.password === undefined || entry.password !== request.credentials)) {
      next(new ldap.InvalidCredentialsError());
      return;
    }
    response.end();
    next();
  });

  server.search('', (request: SearchRequest, response: Response, next: Next) => {
    const scope = SCOPES[request.scope] ?? 'sub';
    const filter = request.filter.toString();
    searches.push({
      base: request.baseObject.toString(),
      scope,
      filter,
      attributes: [...request.attributes],
      boundAs: request.connection.ldap.bindDN.toString(),
    });
    const base = ldap.parseDN(request.baseObject.toString().toLowerCase()) as DnLike;
    const matcher = ldap.parseFilter(filter.toLowerCase()) as FilterLike;
    for (const entry of directory) {
      if (!inScope(scope, base, entry.name) || !matcher.matches(lowerCased(entry.attributes), false)) continue;
      response.send({ dn: entry.dn, attributes: structuredClone(entry.attributes) });
    }
    response.end();
    next();
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: server.url,
    binds,
    searches,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A TCP server that accepts connections and never answers: a directory that has hung. Its `url` is ldap://, but
 * an ldaps:// URL of the same port hangs in the TLS handshake instead.
 */
export async function startSilentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port where nothing listens: a server is started to claim a free port and closed again. */
export async function deadPort(): Promise<number> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export const BASE_DN = 'dc=example,dc=com';
export const USERS_DN = `ou=users,${BASE_DN}`;
export const GROUPS_DN = `ou=groups,${BASE_DN}`;
export const SERVICE_DN = `cn=alerta-service,${BASE_DN}`;
export const SERVICE_PASSWORD = 'service-password';
export const userDn = (uid: string, ou = 'users') => `uid=${uid},ou=${ou},${BASE_DN}`;
/** Every user's password is `<uid>-password`. */
export const passwordOf = (uid: string) => `${uid}-password`;

function person(uid: string, name: string | null, ou = 'users'): DirectoryEntry {
  return {
    dn: userDn(uid, ou),
    password: passwordOf(uid),
    attributes: {
      objectclass: ['top', 'person', 'inetOrgPerson'],
      uid: [uid],
      cn: [name ?? uid],
      sn: [uid],
      // A person without a display name has no address in the directory either.
      ...(name === null ? {} : { mail: [`${uid}@example.com`] }),
    },
  };
}

function group(rdn: string, members: string[]): DirectoryEntry {
  const [attribute = 'cn', value = rdn] = rdn.split('=');
  return {
    dn: `${rdn},${GROUPS_DN}`,
    attributes: { objectclass: ['top', 'groupOfNames'], [attribute]: [value], member: members.map((m) => userDn(m)) },
  };
}

/**
 * A small company directory: alice is in ops and dev (and in oncall, a group with no cn), bob and carol in dev, dave
 * and frank in nothing, erin has no mail; two entries share uid=twin; a service account may search.
 */
export function exampleDirectory(): DirectoryEntry[] {
  return [
    { dn: BASE_DN, attributes: { objectclass: ['top', 'domain'], dc: ['example'] } },
    { dn: USERS_DN, attributes: { objectclass: ['organizationalUnit'], ou: ['users'] } },
    { dn: GROUPS_DN, attributes: { objectclass: ['organizationalUnit'], ou: ['groups'] } },
    {
      dn: SERVICE_DN,
      password: SERVICE_PASSWORD,
      attributes: { objectclass: ['applicationProcess'], cn: ['alerta-service'] },
    },
    person('alice', 'Alice Liddell'),
    person('bob', 'Bob Builder'),
    person('carol', 'Carol Danvers'),
    person('dave', 'Dave Bowman'),
    person('frank', 'Frank Poole'),
    person('erin', null),
    person('twin', 'Twin One'),
    person('twin', 'Twin Two', 'contractors'),
    group('cn=ops', ['alice']),
    group('cn=dev', ['alice', 'bob', 'carol', 'erin']),
    group('ou=oncall', ['alice']),
  ];
}
