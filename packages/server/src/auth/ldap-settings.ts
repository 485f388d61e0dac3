import { createRequire } from 'node:module';
import type * as Ldapts from 'ldapts';
import {
  GROUP_FILTER_PLACEHOLDERS,
  type LdapSettings,
  USER_FILTER_PLACEHOLDERS,
  acceptedDomain,
  fillFilter,
  isDnTemplate,
} from './ldap.js';

/**
 * ldapts, loaded only when a filter is to be checked: settings are read synchronously at start, and servers without a
 * directory should not carry the client.
 */
const ldapts = (): typeof Ldapts => createRequire(import.meta.url)('ldapts') as typeof Ldapts;

export interface SettingProblem {
  setting: string;
  reason: string;
}

/** Why a filter template of the settings would fail at sign-in: an unknown placeholder, or not RFC 4515. */
function filterProblem(template: string, placeholders: readonly string[]): string | undefined {
  if (template === '') return undefined;
  const names = [...template.matchAll(/\{([^{}]*)\}/g)].map((match) => match[1] ?? '');
  const unknown = names.find((name) => !placeholders.includes(name));
  if (unknown !== undefined) {
    return `unknown placeholder {${unknown}}; expected ${placeholders.map((p) => `{${p}}`).join(', ')}`;
  }
  try {
    ldapts().FilterParser.parseString(fillFilter(template, Object.fromEntries(placeholders.map((p) => [p, 'x']))));
  } catch {
    return 'expected an LDAP filter such as (&(objectClass=person)(uid={username}))';
  }
  return undefined;
}

/**
 * Checked at start: LDAP settings that would fail every sign-in, or bind anonymously where a service account was
 * meant, stop the server with the setting named instead.
 */
export function ldapSettingsProblem(settings: LdapSettings & { AUTH_PROVIDER: string }): SettingProblem | undefined {
  const url = settings.LDAP_URL;
  // No user or password in the URL: it appears in error messages.
  if (url !== null && !/^ldaps?:\/\/[^\s/?#@]+\/?$/i.test(url)) {
    return { setting: 'LDAP_URL', reason: 'expected ldap://host[:port] or ldaps://host[:port]' };
  }
  for (const [domain, template] of Object.entries(settings.LDAP_DOMAINS)) {
    if (!isDnTemplate(template)) {
      return { setting: 'LDAP_DOMAINS', reason: `the DN of ${domain} needs %s or {} where the username goes` };
    }
  }
  const userFilter = settings.LDAP_USER_FILTER;
  const userProblem = filterProblem(userFilter, USER_FILTER_PLACEHOLDERS);
  if (userProblem !== undefined) return { setting: 'LDAP_USER_FILTER', reason: userProblem };
  if (userFilter !== '' && !userFilter.includes('{username}')) {
    return { setting: 'LDAP_USER_FILTER', reason: 'needs {username}, or it finds the same entry for everyone' };
  }
  const groupProblem = filterProblem(settings.LDAP_GROUP_FILTER, GROUP_FILTER_PLACEHOLDERS);
  if (groupProblem !== undefined) return { setting: 'LDAP_GROUP_FILTER', reason: groupProblem };
  if (userFilter !== '' && settings.LDAP_USER_BASEDN === '' && settings.LDAP_BASEDN === '') {
    return { setting: 'LDAP_USER_BASEDN', reason: 'needed by LDAP_USER_FILTER, unless LDAP_BASEDN is set' };
  }
  if (settings.LDAP_GROUP_FILTER !== '' && settings.LDAP_GROUP_BASEDN === '' && settings.LDAP_BASEDN === '') {
    return { setting: 'LDAP_GROUP_BASEDN', reason: 'needed by LDAP_GROUP_FILTER, unless LDAP_BASEDN is set' };
  }
  // RFC 4513 §5.1.2: a name with an empty password is an unauthenticated bind, which servers accept as anonymous.
  if (settings.LDAP_BIND_USERNAME !== '' && settings.LDAP_BIND_PASSWORD === '') {
    return { setting: 'LDAP_BIND_PASSWORD', reason: 'needed with LDAP_BIND_USERNAME; an empty one binds anonymously' };
  }
  if (settings.LDAP_CACERT !== '' && url !== null && !url.toLowerCase().startsWith('ldaps:')) {
    return { setting: 'LDAP_CACERT', reason: 'applies only to an ldaps:// LDAP_URL' };
  }

  if (settings.AUTH_PROVIDER !== 'ldap') return undefined;
  if (url === null) return { setting: 'LDAP_URL', reason: 'needed by AUTH_PROVIDER=ldap' };
  const someDomain =
    Object.keys(settings.LDAP_DOMAINS).length > 0 ||
    (userFilter !== '' && settings.ALLOWED_EMAIL_DOMAINS.some((domain) => domain !== '*'));
  if (!someDomain) {
    return {
      setting: 'LDAP_DOMAINS',
      reason:
        'needed by AUTH_PROVIDER=ldap (with LDAP_USER_FILTER, ALLOWED_EMAIL_DOMAINS may name the domains instead)',
    };
  }
  if (settings.LDAP_DEFAULT_DOMAIN !== '' && acceptedDomain(settings, settings.LDAP_DEFAULT_DOMAIN) === undefined) {
    return {
      setting: 'LDAP_DEFAULT_DOMAIN',
      reason: 'must be a domain of LDAP_DOMAINS (or, with LDAP_USER_FILTER, of ALLOWED_EMAIL_DOMAINS)',
    };
  }
  return undefined;
}
