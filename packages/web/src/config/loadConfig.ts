import { clientConfigSchema, localConfigSchema, type ClientConfig } from '@alerta/contract';
import { appConfigSchema, type AppConfig } from './appConfig';
import { CLIENT_DEFAULTS, FALLBACK_ENDPOINT } from './defaults';
import { mergeConfig } from './merge';
import { newRequestId } from '../api/requestId';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** Thrown when GET {endpoint}/config cannot be read: the console cannot start without it. */
export class ConfigLoadError extends Error {
  override readonly name = 'ConfigLoadError';
  readonly endpoint: string;
  constructor(endpoint: string, cause: unknown) {
    super(`Could not read the client configuration from ${endpoint}/config`, { cause });
    this.endpoint = endpoint;
  }
}

/**
 * The optional config.json served beside the console (docs/console/behaviour.md#calls). Any failure means "no local
 * settings".
 */
async function loadLocalConfig(fetchFn: FetchLike, url: string): Promise<ClientConfig> {
  try {
    const response = await fetchFn(url, { headers: { Accept: 'application/json' } });
    if (!response.ok) return {};
    const parsed = localConfigSchema.safeParse(await response.json());
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

async function loadRemoteConfig(fetchFn: FetchLike, endpoint: string): Promise<ClientConfig> {
  try {
    const url = new URL(`${endpoint.replace(/\/+$/, '')}/config`, document.baseURI).toString();
    const response = await fetchFn(url, {
      headers: { Accept: 'application/json', 'X-Request-ID': newRequestId() },
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return clientConfigSchema.parse(await response.json());
  } catch (error) {
    throw new ConfigLoadError(endpoint, error);
  }
}

/**
 * Boot configuration (docs/console/behaviour.md#calls, docs/console/plumbing.md#config-loading): local config.json
 * first (optional), then GET {endpoint}/config where endpoint comes from config.json or falls back to localhost:8080.
 * Layers merge over the client defaults, later winning: defaults < remote < local.
 */
export async function loadConfig(fetchFn: FetchLike, localConfigUrl = '/config.json'): Promise<AppConfig> {
  const local = await loadLocalConfig(fetchFn, localConfigUrl);
  const remote = await loadRemoteConfig(fetchFn, local.endpoint ?? FALLBACK_ENDPOINT);
  const merged = mergeConfig(CLIENT_DEFAULTS, remote, local);
  return appConfigSchema.parse(merged);
}
