/**
 * How each login provider is named (docs/console/account-screens.md#profile); proper names, the same in every language.
 */
const PROVIDER_NAMES: Readonly<Record<string, string>> = {
  basic: 'BasicAuth',
  ldap: 'LDAP',
  azure: 'Azure',
  cognito: 'Amazon Cognito',
  github: 'GitHub',
  gitlab: 'GitLab',
  google: 'Google',
  keycloak: 'Keycloak',
  openid: 'OpenID Connect',
  pingfederate: 'PingFederate',
  saml2: 'SAML 2.0',
};

/** The display name of `provider`, or the key itself for one this list does not know. */
export function providerName(provider: string): string {
  return PROVIDER_NAMES[provider] ?? provider;
}
