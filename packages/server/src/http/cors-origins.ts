import { RE2JS } from 're2js';

/**
 * CORS_ORIGINS as the reference reads it (flask-cors): `*` allows any origin; an entry holding a character regular
 * expressions use (`* \ ] ? $ ^ [ ( )`) is a regular expression; any other entry is an exact origin. Both compare
 * without regard to case. A regular expression must match the whole origin (flask-cors matches at the start only, so
 * `http://localhost:\d+` also let in `http://localhost:80.evil.example`), and runs on RE2JS, whose time grows
 * linearly with the origin, so no entry can make a request hang (README, settings).
 */
export interface CorsOrigins {
  /** `*` was listed: every origin may read the answers, and gets `Access-Control-Allow-Origin: *`. */
  any: boolean;
  /** The exact origins, as listed. Only these (never a pattern) are trusted with a SAML sign-in's token. */
  exact: string[];
  patterns: RE2JS[];
}

const REGEX_CHARACTERS = /[*\\\]?$^[()]/;

export class CorsOriginsError extends Error {
  override name = 'CorsOriginsError';
}

/** Reads the entries of CORS_ORIGINS; a regular expression RE2 cannot compile is a CorsOriginsError naming it. */
export function parseCorsOrigins(entries: readonly string[]): CorsOrigins {
  const origins: CorsOrigins = { any: false, exact: [], patterns: [] };
  for (const entry of entries) {
    if (entry === '*') origins.any = true;
    else if (!REGEX_CHARACTERS.test(entry)) origins.exact.push(entry);
    else {
      try {
        origins.patterns.push(RE2JS.compile(entry, RE2JS.CASE_INSENSITIVE));
      } catch (error) {
        const why = error instanceof Error ? error.message : 'not a regular expression';
        throw new CorsOriginsError(`'${entry}' is not a regular expression RE2 accepts (${why})`);
      }
    }
  }
  return origins;
}

/** The `Access-Control-Allow-Origin` value for a request from `origin`; undefined when it is not allowed. */
export function allowedOrigin(origin: string | undefined, origins: CorsOrigins): string | undefined {
  if (origin === undefined) return undefined;
  if (origins.any) return '*';
  const lower = origin.toLowerCase();
  if (origins.exact.some((entry) => entry.toLowerCase() === lower)) return origin;
  return origins.patterns.some((pattern) => pattern.matches(origin)) ? origin : undefined;
}
