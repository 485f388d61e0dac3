import type BetterSqlite3 from 'better-sqlite3';
import { RE2JS } from 're2js';

interface Matcher {
  test(value: string): boolean;
}

/**
 * Patterns with no quantifiers (quoted phrases between word boundaries) cannot backtrack badly and run on V8's fast
 * engine; anything else runs on RE2JS, whose time grows linearly with the input, so no pattern can hang the server.
 */
function compile(pattern: string): Matcher {
  if (!/(^|[^\\])[*+?{]/.test(pattern)) {
    const regex = new RegExp(pattern, 'i');
    return { test: (value) => regex.test(value) };
  }
  const regex = RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE);
  return { test: (value) => regex.matcher(value).find() };
}

/** Carries PostgreSQL's invalid_regular_expression code so both engines' refusals answer 400 alike. */
class InvalidRegex extends Error {
  override name = 'InvalidRegex';
  readonly code = '2201B';
}

const CACHE_SIZE = 64;

/** Registers `regexp(pattern, value)`: a case-insensitive search, NULL when the value is NULL. */
export function registerRegexp(database: BetterSqlite3.Database): void {
  const cache = new Map<string, Matcher>();
  database.function('regexp', { deterministic: true }, (pattern: unknown, value: unknown) => {
    const text =
      typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'bigint' ? String(value) : null;
    if (text === null || typeof pattern !== 'string') return null;
    let matcher = cache.get(pattern);
    if (matcher === undefined) {
      try {
        matcher = compile(pattern);
      } catch (error) {
        throw new InvalidRegex(error instanceof Error ? error.message : 'invalid regular expression');
      }
      if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      cache.set(pattern, matcher);
    }
    return matcher.test(text) ? 1 : 0;
  });
}
