import type { i18n as I18n } from 'i18next';
import type { AppConfig } from '../config/appConfig';
import { loadConfig, type FetchLike } from '../config/loadConfig';
import { handOffSignInResult } from '../features/auth';

export interface BootOptions {
  fetch: FetchLike;
  /** Where the console's own files are served from (Vite's BASE_URL, `/` by default). */
  basePath?: string;
  i18n: I18n;
  alert: (message: string) => void;
  mount: (config: AppConfig) => void;
  /** Shows a line of text instead of the console (in a sign-in popup that has handed its answer back). */
  say?: (message: string) => void;
}

function sayInPage(message: string): void {
  const line = document.createElement('p');
  line.textContent = message;
  document.getElementById('root')?.replaceChildren(line);
}

/**
 * Loads the configuration and mounts the console. Without the API's client config nothing can work, so the visitor is
 * told why in a browser alert and nothing is mounted (docs/console/behaviour.md#calls,
 * docs/console/plumbing.md#config-loading).
 */
export async function boot({
  fetch,
  basePath = '/',
  i18n,
  alert,
  mount,
  say = sayInPage,
}: BootOptions): Promise<boolean> {
  // A sign-in popup back from the identity provider only passes the answer on; the console that opened it goes on.
  if (handOffSignInResult(window)) {
    say(i18n.t('login.popupDone'));
    return false;
  }
  let config: AppConfig;
  try {
    // From the site root, not the current page: a deep link such as /alert/123 must still find /config.json.
    const localConfigUrl = new URL(`${basePath.replace(/\/*$/, '/')}config.json`, window.location.origin).toString();
    config = await loadConfig(fetch, localConfigUrl);
  } catch {
    alert(i18n.t('config.loadFailed'));
    return false;
  }
  mount(config);
  return true;
}
