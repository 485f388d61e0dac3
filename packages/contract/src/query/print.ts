import type { QueryField, QueryNode, QueryValue, RangeBound } from './ast.js';

const quote = (text: string): string => `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

/** Characters that must be escaped in a bare word so it reads back as the same word. */
const SPECIAL = /[\s()[\]{}":\\?*]/;

function printWord(text: string): string {
  if (text === '') return '""';
  let out = '';
  for (const c of text) out += SPECIAL.test(c) ? `\\${c}` : c;
  // A word must not read as an operator, a regex, a comparison or a field name.
  if (/^(?:[/<>!]|&&|\|\||(?:AND|OR|NOT)$)/.test(out)) out = `\\${out}`;
  return out;
}

function printWildcard(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const c = pattern[i] as string;
    if (c === '\\') {
      out += `\\${pattern[i + 1] ?? ''}`;
      i += 1;
    } else if (c === '?' || c === '*') out += c;
    else out += SPECIAL.test(c) ? `\\${c}` : c;
  }
  return /^(?:[/<>!]|&&|\|\|)/.test(out) ? `\\${out}` : out;
}

/** `\x` pairs stay as they are; a bare `/` is escaped so it does not end the regex. */
function printRegexBody(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const c = pattern[i] as string;
    if (c === '\\') {
      out += c + (pattern[i + 1] ?? '');
      i += 1;
    } else out += c === '/' ? '\\/' : c;
  }
  return out;
}

const printBound = (bound: RangeBound | null): string => (bound === null ? '*' : quote(bound.value));

function printValue(value: QueryValue): string {
  switch (value.kind) {
    case 'term':
      return printWord(value.text);
    case 'phrase':
      return quote(value.text);
    case 'wildcard':
      return printWildcard(value.pattern);
    case 'regex':
      return `/${printRegexBody(value.pattern)}/`;
    case 'range': {
      const open = value.lower === null || value.lower.inclusive ? '[' : '{';
      const close = value.upper === null || value.upper.inclusive ? ']' : '}';
      return `${open}${printBound(value.lower)} TO ${printBound(value.upper)}${close}`;
    }
  }
}

const printField = (field: QueryField): string => (field.kind === 'column' ? field.name : `attributes.${field.key}`);

/** Writes a query back as text that parses to the same tree (positions aside). Every field is spelled out. */
export function printQuery(node: QueryNode): string {
  switch (node.kind) {
    case 'or':
      return `(${node.operands.map(printQuery).join(' OR ')})`;
    case 'and':
      return `(${node.operands.map(printQuery).join(' AND ')})`;
    case 'not':
      return `NOT ${printQuery(node.operand)}`;
    case 'exists':
      return `_exists_:${quote(node.key)}`;
    case 'match':
      return `${printField(node.field)}:${printValue(node.value)}`;
  }
}
