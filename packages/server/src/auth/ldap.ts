import { readFile } from 'node:fs/promises';
import { MAX_IDENTITY_NAME_LENGTH, isEmailAddress } from '@alerta/contract';
import type * as Ldapts from 'ldapts';
import type { Client, ClientOptions, Entry } from 'ldapts';
import { z } from 'zod';
import { ApiError } from '../errors.js';

type Ldap = typeof Ldapts;
let loading: Promise<Ldap> | undefined;
/** The LDAP client is loaded at the first directory sign-in, so servers that never use one do not carry it. */
const loadLdapts = (): Promise<Ldap> => (loading ??= import('ldapts'));

/**
 * The settings a directory sign-in reads (README.md#settings). Spelled out rather than picked from `Settings`, since
 * settings.ts checks them at start through ldap-settings.ts and must not be imported back.
 */
export interface LdapSettings {
  ALLOWED_EMAIL_DOMAINS: readonly string[];
  LDAP_URL: string | null;
  LDAP_DOMAINS: Readonly<Record<string, string>>;
  LDAP_DEFAULT_DOMAIN: string;
  LDAP_BIND_USERNAME: string;
  LDAP_BIND_PASSWORD: string;
  LDAP_BASEDN: string;
  LDAP_USER_BASEDN: string;
  LDAP_USER_FILTER: string;
  LDAP_USER_NAME_ATTR: string;
  LDAP_USER_EMAIL_ATTR: string;
  LDAP_GROUP_BASEDN: string;
  LDAP_GROUP_FILTER: string;
  LDAP_GROUP_NAME_ATTR: string;
  LDAP_ALLOW_SELF_SIGNED_CERT: boolean;
  LDAP_CACERT: string;
  LDAP_TIMEOUT: number;
}

/** The placeholders each filter may use, as in the reference. */
export const USER_FILTER_PLACEHOLDERS = ['username'] as const;
export const GROUP_FILTER_PLACEHOLDERS = ['username', 'email', 'userdn'] as const;

/**
 * RFC 4515 §3: a value inside a filter, with the characters that would end it or change its meaning written as
 * `\xx`, so a username like `*)(uid=*` is matched literally instead of widening the search.
 */
export function escapeFilterValue(value: string): string {
  return value.replace(/[*()\\\0]/g, (c) => `\\${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/**
 * RFC 4514 §2.4: an attribute value inside a DN, so a username like `bob,ou=admins` names one entry below the
 * template's base rather than another branch of the directory.
 */
export function escapeDnValue(value: string): string {
  let escaped = value.replace(/["+,;<>\\=]/g, (c) => `\\${c}`).replace(/\0/g, '\\00');
  if (escaped.startsWith(' ') || escaped.startsWith('#')) escaped = `\\${escaped}`;
  if (escaped.length > 1 && escaped.endsWith(' ') && !escaped.endsWith('\\ ')) escaped = `${escaped.slice(0, -1)}\\ `;
  return escaped;
}

/** A filter of the settings with its `{name}` placeholders replaced by escaped values. */
export function fillFilter(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : escapeFilterValue(value);
  });
}

/** Whether an LDAP_DOMAINS value says where the username goes (`%s`, or `{}` as Python's format has it). */
export const isDnTemplate = (template: string): boolean =>
  template.includes('=') && (template.includes('%s') || template.includes('{}'));

const fillDnTemplate = (template: string, username: string): string =>
  template.replace(/%s|\{\}/g, () => escapeDnValue(username));

/** A login split into the user and the domain whose directory knows them. */
export interface LdapLogin {
  username: string;
  /** As LDAP_DOMAINS or ALLOWED_EMAIL_DOMAINS spell it, so one user has one login however they type the domain. */
  domain: string;
}

// No control characters: the username ends up in a login, the log and the directory's own log.
const usernameSchema = z
  .string()
  .min(1)
  .max(MAX_IDENTITY_NAME_LENGTH)
  .regex(/^[^\p{Cc}]+$/u);

/**
 * The reference's login forms: `user@domain`, `DOMAIN\user`, or a bare `user` of LDAP_DEFAULT_DOMAIN. 401 when
 * there is no domain, 403 when the domain is not one this server signs in to.
 */
export function parseLdapLogin(settings: LdapSettings, login: string): LdapLogin {
  let parts: string[];
  if (login.includes('\\')) parts = login.split('\\').reverse();
  else if (login.includes('@')) parts = login.split('@');
  else if (settings.LDAP_DEFAULT_DOMAIN !== '') parts = [login, settings.LDAP_DEFAULT_DOMAIN];
  else throw new ApiError(401, 'expected username with domain');
  const [username, domain] = parts;
  if (parts.length !== 2 || username === undefined || domain === undefined || domain === '') {
    throw new ApiError(401, 'expected username with domain');
  }
  // The login made from it must fit where logins are kept.
  const fits = username.length + domain.length < MAX_IDENTITY_NAME_LENGTH;
  if (!fits || !usernameSchema.safeParse(username).success) throw new ApiError(401, 'Invalid username or password');
  const accepted = acceptedDomain(settings, domain);
  if (accepted === undefined) throw new ApiError(403, 'unauthorized domain');
  return { username, domain: accepted };
}

/** The domain as this server spells it, when it signs users of that domain in. */
export function acceptedDomain(settings: LdapSettings, domain: string): string | undefined {
  const wanted = domain.toLowerCase();
  const own = Object.keys(settings.LDAP_DOMAINS).find((d) => d.toLowerCase() === wanted);
  if (own !== undefined) return own;
  // Without a user filter only LDAP_DOMAINS says where a user's entry is. As in the reference, '*' names no domain.
  if (settings.LDAP_USER_FILTER === '') return undefined;
  return settings.ALLOWED_EMAIL_DOMAINS.find((d) => d !== '*' && d.toLowerCase() === wanted);
}

/** What the directory says about a user whose password it accepted. */
export interface DirectoryAccount {
  dn: string;
  /** The reference's login: the address, else the username. */
  login: string;
  name: string;
  email: string | null;
  /** With a user filter the address is the directory's own; otherwise it is only made up from the login. */
  emailVerified: boolean;
  groups: string[];
}

/** The values of an attribute of a search entry, found whatever case the server spells its name in. */
function attributeValues(entry: Entry, attribute: string): string[] {
  const wanted = attribute.toLowerCase();
  const key = Object.keys(entry).find((k) => k !== 'dn' && k.toLowerCase() === wanted);
  const value = key === undefined ? undefined : entry[key];
  if (value === undefined) return [];
  const list: (string | Buffer)[] = Array.isArray(value) ? value : [value];
  return list.map((v) => (typeof v === 'string' ? v : v.toString('utf8'))).filter((v) => v !== '');
}

async function clientOptions(settings: LdapSettings, url: string): Promise<ClientOptions> {
  const timeout = settings.LDAP_TIMEOUT * 1000;
  if (!url.toLowerCase().startsWith('ldaps:')) return { url, timeout, connectTimeout: timeout };
  let ca: string | undefined;
  if (settings.LDAP_CACERT !== '') {
    try {
      ca = await readFile(settings.LDAP_CACERT, 'utf8');
    } catch {
      throw new ApiError(500, 'LDAP_CACERT cannot be read');
    }
  }
  return {
    url,
    timeout,
    connectTimeout: timeout,
    // LDAP_ALLOW_SELF_SIGNED_CERT is the reference's "allow": the certificate is not checked at all.
    tlsOptions: { ...(ca === undefined ? {} : { ca }), rejectUnauthorized: !settings.LDAP_ALLOW_SELF_SIGNED_CERT },
  };
}

/** What went wrong talking to the directory, as the caller should see it: never a bare 500, never the password. */
export function directoryError(
  ldap: Ldap,
  settings: Pick<LdapSettings, 'LDAP_URL' | 'LDAP_TIMEOUT'>,
  error: unknown,
): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof ldap.ResultCodeError) {
    return new ApiError(502, `LDAP server refused the request: ${error.name} (result code ${error.code})`);
  }
  const message = error instanceof Error ? error.message : String(error);
  // ldapts's own timers ("Connection timeout", "Operation timed out"), or the system's ETIMEDOUT.
  if (/timed? ?out/i.test(message)) {
    return new ApiError(504, `LDAP server did not answer within ${settings.LDAP_TIMEOUT} seconds`);
  }
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /CERT|SELF_SIGNED|ALTNAME|UNABLE_TO_VERIFY|UNABLE_TO_GET/.test(code)) {
    return new ApiError(502, `LDAP server's certificate is not trusted (${code})`);
  }
  return new ApiError(502, `LDAP server unreachable: ${settings.LDAP_URL ?? '(LDAP_URL not set)'}`);
}

/** Bind failures that mean "wrong user or password", rather than a directory in trouble. */
const isRefusedCredentials = (ldap: Ldap, error: unknown) =>
  error instanceof ldap.InvalidCredentialsError || error instanceof ldap.NoSuchObjectError;

/**
 * Checks a password with the directory, as the reference does: a service bind (when configured), the user's entry
 * found by LDAP_USER_FILTER or made from the domain's DN template, a bind as that entry with the password, and the
 * user's groups searched for. Undefined when the directory does not know the user or refuses the password.
 * The password must not be empty: to LDAP that is an unauthenticated bind, which succeeds for any DN.
 */
export async function checkDirectoryPassword(
  settings: LdapSettings,
  login: LdapLogin,
  password: string,
): Promise<DirectoryAccount | undefined> {
  if (password === '') return undefined;
  const url = settings.LDAP_URL;
  if (url === null) throw new ApiError(500, 'ldap sign-in is not configured: LDAP_URL is not set');
  const ldap = await loadLdapts();
  const client = new ldap.Client(await clientOptions(settings, url));
  try {
    await serviceBind(ldap, client, settings);
    const user =
      settings.LDAP_USER_FILTER === '' ? templateUser(settings, login) : await findUser(client, settings, login);
    if (user === undefined) return undefined;
    try {
      await client.bind(user.dn, password);
    } catch (error) {
      if (isRefusedCredentials(ldap, error)) return undefined;
      throw error;
    }
    // Groups are searched with the service account's rights, as the user was found; else with the user's own.
    await serviceBind(ldap, client, settings);
    return { ...user, groups: await findGroups(client, settings, login, user) };
  } catch (error) {
    throw directoryError(ldap, settings, error);
  } finally {
    await client.unbind().catch(() => undefined);
  }
}

async function serviceBind(ldap: Ldap, client: Client, settings: LdapSettings): Promise<void> {
  if (settings.LDAP_BIND_USERNAME === '') return;
  try {
    await client.bind(settings.LDAP_BIND_USERNAME, settings.LDAP_BIND_PASSWORD);
  } catch (error) {
    // Our own credentials are wrong: a fault of this server's settings, not of whoever is signing in.
    if (isRefusedCredentials(ldap, error)) {
      throw new ApiError(500, 'LDAP server refused the service bind: check LDAP_BIND_USERNAME and LDAP_BIND_PASSWORD');
    }
    throw error;
  }
}

type DirectoryUser = Omit<DirectoryAccount, 'groups'>;

/** Without a user filter the reference makes the DN from the template and the address from the login. */
function templateUser(settings: LdapSettings, { username, domain }: LdapLogin): DirectoryUser {
  const template = settings.LDAP_DOMAINS[domain];
  if (template === undefined) throw new ApiError(403, 'unauthorized domain');
  const email = `${username}@${domain}`;
  return {
    dn: fillDnTemplate(template, username),
    login: email,
    name: username,
    email: isEmailAddress(email) ? email : null,
    emailVerified: false,
  };
}

async function findUser(client: Client, settings: LdapSettings, { username }: LdapLogin) {
  const nameAttribute = settings.LDAP_USER_NAME_ATTR;
  const emailAttribute = settings.LDAP_USER_EMAIL_ATTR;
  const { searchEntries: entries } = await client.search(settings.LDAP_USER_BASEDN || settings.LDAP_BASEDN, {
    scope: 'sub',
    filter: fillFilter(settings.LDAP_USER_FILTER, { username }),
    attributes: [nameAttribute, emailAttribute],
    // Two are enough to tell that the filter is ambiguous (ldapts answers what came before the limit).
    sizeLimit: 2,
  });
  if (entries.length > 1) throw new ApiError(500, 'LDAP_USER_FILTER matches more than one entry for this username');
  const entry = entries[0];
  // Only an entry's own name is bound with: an empty one would be an anonymous bind, and ldapts takes a bare
  // mechanism name such as EXTERNAL for a SASL bind.
  if (entry === undefined || !entry.dn.includes('=')) return undefined;
  const name = attributeValues(entry, nameAttribute)[0]?.slice(0, MAX_IDENTITY_NAME_LENGTH) ?? username;
  const email = attributeValues(entry, emailAttribute).find(isEmailAddress) ?? null;
  // As in the reference, an address the directory holds counts as verified.
  return { dn: entry.dn, login: email ?? username, name, email, emailVerified: email !== null } satisfies DirectoryUser;
}

async function findGroups(client: Client, settings: LdapSettings, login: LdapLogin, user: DirectoryUser) {
  if (settings.LDAP_GROUP_FILTER === '') return [];
  const nameAttribute = settings.LDAP_GROUP_NAME_ATTR;
  const filter = fillFilter(settings.LDAP_GROUP_FILTER, {
    username: login.username,
    email: user.email ?? '',
    userdn: user.dn,
  });
  const { searchEntries } = await client.search(settings.LDAP_GROUP_BASEDN || settings.LDAP_BASEDN, {
    scope: 'sub',
    filter,
    attributes: [nameAttribute],
  });
  // A group without the name attribute is known by its DN, as in the reference.
  const names = searchEntries.flatMap((entry) => {
    const values = attributeValues(entry, nameAttribute);
    return values.length > 0 ? values : [entry.dn];
  });
  return [...new Set(names)];
}
