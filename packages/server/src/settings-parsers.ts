import { z } from 'zod';

/**
 * Parsers for settings given as environment variables. Every parser accepts `undefined` (the variable is unset) and
 * turns it into the default; an empty string counts as unset too, so `FOO=` in a shell file means "use the default".
 */

type Raw = string | undefined;

const unset = (raw: Raw): raw is undefined => raw === undefined || raw.trim() === '';

const TRUE_WORDS = ['yes', 'on', 'true', 't', '1', 'y'];
const FALSE_WORDS = ['no', 'off', 'false', 'f', '0', 'n'];

export function bool(fallback: boolean) {
  return z
    .string()
    .optional()
    .transform((raw, ctx): boolean => {
      if (unset(raw)) return fallback;
      const word = raw.trim().toLowerCase();
      if (TRUE_WORDS.includes(word)) return true;
      if (FALSE_WORDS.includes(word)) return false;
      ctx.addIssue({ code: 'custom', message: 'expected a boolean (yes/on/true/t/1 or no/off/false/f/0)' });
      return z.NEVER;
    });
}

export function int(fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER) {
  return z
    .string()
    .optional()
    .transform((raw, ctx): number => {
      if (unset(raw)) return fallback;
      const text = raw.trim();
      const value = Number(text);
      if (!/^-?\d+$/.test(text) || value < min || value > max) {
        ctx.addIssue({ code: 'custom', message: `expected an integer between ${min} and ${max}` });
        return z.NEVER;
      }
      return value;
    });
}

export function str(fallback: string) {
  return z
    .string()
    .optional()
    .transform((raw): string => (unset(raw) ? fallback : raw.trim()));
}

/** A password kept exactly as given, spaces included: trimming would change it. Unset or empty is ''. */
export function secret() {
  return z
    .string()
    .optional()
    .transform((raw): string => raw ?? '');
}

/** A string whose absence is `null` (the reference shows these as null in GET /config). */
export function optStr() {
  return z
    .string()
    .optional()
    .transform((raw): string | null => (unset(raw) ? null : raw.trim()));
}

export function oneOf<const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) {
  return z
    .string()
    .optional()
    .transform((raw, ctx): T[number] => {
      if (unset(raw)) return fallback;
      const found = values.find((v) => v.toLowerCase() === raw.trim().toLowerCase());
      if (found === undefined) {
        ctx.addIssue({ code: 'custom', message: `expected one of ${values.join(', ')}` });
        return z.NEVER;
      }
      return found;
    });
}

/** A list: a JSON array of strings, or comma-separated words (blanks dropped). */
export function list(fallback: readonly string[]) {
  return z
    .string()
    .optional()
    .transform((raw, ctx): string[] => {
      if (unset(raw)) return [...fallback];
      const text = raw.trim();
      if (text.startsWith('[')) {
        const parsed = z.array(z.string()).safeParse(parseJson(text));
        if (!parsed.success) {
          ctx.addIssue({ code: 'custom', message: 'expected a JSON array of strings or a comma-separated list' });
          return z.NEVER;
        }
        return parsed.data;
      }
      return text
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item.length > 0);
    });
}

/** A JSON value checked against a schema (used for the console's config objects). */
export function json<T>(schema: z.ZodType<T>, fallback: T, expected: string) {
  return z
    .string()
    .optional()
    .transform((raw, ctx): T => {
      if (unset(raw)) return structuredClone(fallback);
      const parsed = schema.safeParse(parseJson(raw.trim()));
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: `expected ${expected} as JSON` });
        return z.NEVER;
      }
      return parsed.data;
    });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Where the data lives, from DATABASE_URL. */
export type DatabaseTarget = { engine: 'sqlite'; file: string } | { engine: 'postgres'; url: string };

/**
 * Accepts `sqlite:relative/path`, `sqlite:///abs/path`, `sqlite::memory:`, a bare `*.sqlite`/`*.db` path, and
 * `postgres://` or `postgresql://` URLs. Returns undefined when the value is none of these.
 */
export function parseDatabaseUrl(raw: string): DatabaseTarget | undefined {
  const text = raw.trim();
  if (/^postgres(ql)?:\/\//i.test(text)) return { engine: 'postgres', url: text };
  if (text === 'sqlite::memory:' || text === ':memory:') return { engine: 'sqlite', file: ':memory:' };
  if (text.startsWith('sqlite://')) {
    // sqlite:///abs/path → /abs/path; sqlite://rel/path → rel/path
    const rest = text.slice('sqlite://'.length);
    return rest.length > 0 ? { engine: 'sqlite', file: rest } : undefined;
  }
  if (text.startsWith('sqlite:')) {
    const rest = text.slice('sqlite:'.length);
    return rest.length > 0 ? { engine: 'sqlite', file: rest } : undefined;
  }
  if (/\.(sqlite3?|db)$/i.test(text) && !text.includes('://')) return { engine: 'sqlite', file: text };
  return undefined;
}
