/** Longest regular expression a client may send; longer ones are refused before they reach a database. */
export const MAX_REGEX_LENGTH = 256;

const QUANTIFIER_START = /^(?:[*+]|\{\d+,\d*\})/;

/**
 * Why a client regular expression is refused, or undefined when it may run. Besides length and syntax, it refuses
 * back-references and quantified groups that contain quantifiers (`(a+)+`), the shapes that make a backtracking
 * engine take exponential time on a short input.
 */
export function regexProblem(pattern: string): string | undefined {
  if (pattern.length > MAX_REGEX_LENGTH) return `regular expression longer than ${MAX_REGEX_LENGTH} characters`;
  try {
    new RegExp(pattern, 'i');
  } catch {
    return 'invalid regular expression';
  }
  // For each open group: does it hold a quantifier?
  const groups: boolean[] = [];
  let inClass = false;
  for (let i = 0; i < pattern.length; i += 1) {
    const c = pattern[i];
    if (c === '\\') {
      if (/[1-9k]/.test(pattern[i + 1] ?? '')) return 'back-references are not supported';
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
