import type { AppConfig } from '../../config/appConfig';

/**
 * Where identity providers send the browser back to (docs/console/plumbing.md#sign-in-providers): this origin and the
 * console's base path, from the config's `base_path` or else the one the console was built for.
 */
export function consoleRedirectUri(config: Pick<AppConfig, 'base_path'>, origin = window.location.origin): string {
  const base = config.base_path ?? import.meta.env.BASE_URL;
  return `${origin}${base.startsWith('/') ? base : `/${base}`}`;
}

/**
 * docs/console/behaviour.md#states-and-actions: after signing out at the provider the browser comes back to the
 * redirect address plus /logout.
 */
export function logoutReturnUri(config: Pick<AppConfig, 'base_path'>, origin = window.location.origin): string {
  return `${consoleRedirectUri(config, origin).replace(/\/+$/, '')}/logout`;
}
