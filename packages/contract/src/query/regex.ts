/** Longest regular expression a client may send; longer ones are refused before they reach a database. */
export const MAX_REGEX_LENGTH = 256;

const QUANTIFIER_START = /^(?:[*+]|\{\d+,\d*\})/;

/** Escapes that mean the same in JavaScript, RE2 and PostgreSQL regular expressions. */
const PORTABLE_ESCAPE = /^[dDwWsSbBntrfv]$|^[^A-Za-z0-9]$/;
const REPETITION = /^\{(\d{1,3})(,(\d{0,3}))?\}/;
const MAX_REPETITION = 255;

/** Escapes, groups, classes and repetitions every engine we run on reads the same way. */
function portabilityProblem(pattern: string): string | undefined {
  let inClass = false;
  for (let i = 0; i < pattern.length; i += 1) {
    const c = pattern[i];
    if (c === '\\') {
      const next = pattern[i + 1] ?? '';
      if (/[1-9k]/.test(next)) return 'back-references are not supported';
      if (!PORTABLE_ESCAPE.test(next) || (inClass && /[DSWbB]/.test(next))) return `unsupported escape \\${next}`;
      i += 1;
    } else if (inClass) {
      if (c === ']') inClass = false;
    } else if (c === '[') {
      const rest = pattern.slice(i + 1);
      if (rest.startsWith(']') || rest.startsWith('^]')) return 'empty or ambiguous character class';
      if (rest.startsWith('^')) i += 1;
      inClass = true;
    } else if (c === '(' && pattern[i + 1] === '?' && pattern[i + 2] !== ':') {
      return 'only (?: groups are supported';
    } else if (c === '{') {
      const repetition = REPETITION.exec(pattern.slice(i));
      if (repetition === null) return "a literal '{' must be escaped";
      const counts = [repetition[1], repetition[3]].filter((n) => n !== undefined && n !== '').map(Number);
      if (counts.some((n) => n > MAX_REPETITION)) return `repetition counts above ${MAX_REPETITION}`;
      i += repetition[0].length - 1;
    } else if (c === '}') {
      return "a literal '}' must be escaped";
    }
  }
  return undefined;
}

/**
 * Why a client regular expression is refused, or undefined when it may run. Besides length and syntax, it refuses
 * back-references and quantified groups that contain quantifiers (`(a+)+`), the shapes that make a backtracking
 * engine take exponential time on a short input, and anything the engines would read differently.
 */
export function regexProblem(pattern: string): string | undefined {
  if (pattern.length > MAX_REGEX_LENGTH) return `regular expression longer than ${MAX_REGEX_LENGTH} characters`;
  if (pattern.includes('\0')) return 'invalid character';
  try {
    new RegExp(pattern, 'i');
  } catch {
    return 'invalid regular expression';
  }
  const portability = portabilityProblem(pattern);
  if (portability !== undefined) return portability;
  // For each open group: does it hold a quantifier?
  const groups: boolean[] = [];
  let inClass = false;
  for (let i = 0; i < pattern.length; i += 1) {
    const c = pattern[i];
    if (c === '\\') {
      i += 1;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === '(') groups.push(false);
    else if (c === ')') {
      const quantifiedInside = groups.pop() ?? false;
      const quantifiedAfter = QUANTIFIER_START.test(pattern.slice(i + 1));
      if (quantifiedInside && quantifiedAfter) return 'nested quantifiers are not supported';
      if ((quantifiedInside || quantifiedAfter) && groups.length > 0) groups[groups.length - 1] = true;
    } else if (QUANTIFIER_START.test(pattern.slice(i)) && groups.length > 0) {
      groups[groups.length - 1] = true;
    }
  }
  return undefined;
}

/** Escapes text so it matches itself in both JavaScript and PostgreSQL regular expressions. */
export function escapeRegex(text: string): string {
  return text.replace(/[\\^$.|?*+()[\]{}]/g, (c) => `\\${c}`);
}
