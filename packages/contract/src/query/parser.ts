import { type QueryField, type QueryNode, QueryParseError, type QueryValue, type RangeBound } from './ast.js';
import { ALERT_QUERY_FIELDS, type QueryFieldTable, resolveQueryField } from './fields.js';
import { regexProblem } from './regex.js';

/** Longest query accepted, and deepest nesting of parentheses and NOTs. */
export const MAX_QUERY_LENGTH = 4096;
const MAX_DEPTH = 64;

export interface ParseOptions {
  /**
   * `q.df`: the field of terms that name none (docs/api/query-language.md); the table's default (`text` for alerts)
   * when absent.
   */
  defaultField?: string | undefined;
  /** The fields the query may name: the alert fields unless a list of another record says otherwise. */
  fields?: QueryFieldTable | undefined;
}

/** Characters that end a bare word. */
const WORD_END = new Set([' ', '\t', '\n', '\r', '\f', '\v', '(', ')', '[', ']', '{', '}', '"', ':']);
const isSpace = (c: string | undefined): boolean => c !== undefined && /\s/.test(c);

class Parser {
  private pos = 0;
  private depth = 0;

  constructor(
    private readonly text: string,
    private readonly fields: QueryFieldTable,
  ) {}

  fail(reason: string, at = this.pos): never {
    throw new QueryParseError(at, reason);
  }

  private skipSpace(): void {
    while (isSpace(this.text[this.pos])) this.pos += 1;
  }

  private peekChar(): string | undefined {
    return this.text[this.pos];
  }

  atEnd(): boolean {
    this.skipSpace();
    return this.pos >= this.text.length;
  }

  /** The operator keyword at the cursor, if one stands there on its own. */
  private peekOperator(): 'AND' | 'OR' | 'NOT' | undefined {
    this.skipSpace();
    const rest = this.text.slice(this.pos);
    if (rest.startsWith('&&')) return 'AND';
    if (rest.startsWith('||')) return 'OR';
    if (rest.startsWith('!')) return 'NOT';
    const match = /^(AND|OR|NOT)(?=$|[\s()])/.exec(rest);
    return match?.[1] as 'AND' | 'OR' | 'NOT' | undefined;
  }

  private takeOperator(op: 'AND' | 'OR' | 'NOT'): void {
    const rest = this.text.slice(this.pos);
    const symbol = { AND: '&&', OR: '||', NOT: '!' }[op];
    this.pos += rest.startsWith(symbol) ? symbol.length : op.length;
  }

  private enter(): void {
    this.depth += 1;
    if (this.depth > MAX_DEPTH) this.fail('query nested too deeply');
  }

  /** or := and ((OR | adjacency) and)* */
  parseOr(field: QueryField): QueryNode {
    const start = this.pos;
    const operands = [this.parseAnd(field)];
    for (;;) {
      const op = this.peekOperator();
      if (op === 'OR') {
        this.takeOperator('OR');
      } else if (op === undefined) {
        // Adjacent terms are ORed (docs/api/query-language.md); stop at the end of a group or of the query.
        if (this.atEnd() || this.peekChar() === ')') break;
      } else {
        break;
      }
      operands.push(this.parseAnd(field));
    }
    return operands.length === 1 ? (operands[0] as QueryNode) : { kind: 'or', operands, start, end: this.pos };
  }

  /** and := not ((AND | NOT-as-AND-NOT) not)* */
  private parseAnd(field: QueryField): QueryNode {
    const start = this.pos;
    const operands = [this.parseNot(field)];
    for (;;) {
      const op = this.peekOperator();
      if (op === 'AND') {
        this.takeOperator('AND');
        operands.push(this.parseNot(field));
      } else if (op === 'NOT') {
        // `a NOT b` means a AND NOT b (docs/api/query-language.md).
        operands.push(this.parseNot(field));
      } else {
        break;
      }
    }
    return operands.length === 1 ? (operands[0] as QueryNode) : { kind: 'and', operands, start, end: this.pos };
  }

  private parseNot(field: QueryField): QueryNode {
    this.skipSpace();
    const start = this.pos;
    if (this.peekOperator() === 'NOT') {
      this.takeOperator('NOT');
      this.enter();
      const operand = this.parseNot(field);
      this.depth -= 1;
      return { kind: 'not', operand, start, end: this.pos };
    }
    return this.parsePrimary(field);
  }

  private parseGroup(field: QueryField): QueryNode {
    const open = this.pos;
    this.pos += 1;
    this.enter();
    if (this.atEnd() || this.peekChar() === ')') this.fail('expected a term', this.pos);
    const inner = this.parseOr(field);
    this.skipSpace();
    if (this.peekChar() !== ')') this.fail(`expected ')' to close the '(' at char ${open}`);
    this.pos += 1;
    this.depth -= 1;
    return inner;
  }

  private parsePrimary(field: QueryField): QueryNode {
    this.skipSpace();
    const start = this.pos;
    const c = this.peekChar();
    if (c === undefined) this.fail('expected a term');
    if (c === '(') return this.parseGroup(field);
    if (c === ')') this.fail("unexpected ')'");
    if (this.peekOperator() !== undefined)
      this.fail(`expected a term, found '${this.text.slice(this.pos, this.pos + 3)}'`);
    const fieldName = /^([A-Za-z_][\w.-]*):/.exec(this.text.slice(this.pos));
    if (fieldName?.[1] !== undefined) {
      const name = fieldName[1];
      this.pos += fieldName[0].length;
      if (name === '_exists_') {
        if (!this.fields.attributes) this.fail(`unknown field '${name}'`, start);
        const key = this.readBare();
        if (key === '') this.fail('expected an attribute name after _exists_:');
        return { kind: 'exists', key, start, end: this.pos };
      }
      const named = resolveQueryField(name, this.fields);
      if (named === undefined) this.fail(`unknown field '${name}'`, start);
      if (this.peekChar() === '(') return this.parseGroup(named);
      if (isSpace(this.peekChar()) || this.peekChar() === undefined) this.fail(`expected a value after '${name}:'`);
      return { kind: 'match', field: named, value: this.parseValue(), start, end: this.pos };
    }
    return { kind: 'match', field, value: this.parseValue(), start, end: this.pos };
  }

  private parseValue(): QueryValue {
    const c = this.peekChar();
    if (c === '"') return { kind: 'phrase', text: this.readQuoted() };
    if (c === '/') return { kind: 'regex', pattern: this.readRegex() };
    if (c === '[' || c === '{') return this.readRange();
    if (c === '>' || c === '<') return this.readComparison();
    const at = this.pos;
    const { text, pattern, wildcard } = this.readWord();
    if (text === '') this.fail(c === undefined ? 'expected a value' : `unexpected '${c}'`, at);
    return wildcard ? { kind: 'wildcard', pattern } : { kind: 'term', text };
  }

  /**
   * A bare word; backslash escapes the next character. `text` is the word as written, `pattern` keeps `?` and `*`
   * as wildcards and escapes literal `\\`, `?` and `*`.
   */
  private readWord(): { text: string; pattern: string; wildcard: boolean } {
    let text = '';
    let pattern = '';
    let wildcard = false;
    while (this.pos < this.text.length) {
      const c = this.text[this.pos] as string;
      if (WORD_END.has(c)) break;
      if (c === '\\') {
        const next = this.text[this.pos + 1];
        if (next === undefined) this.fail('nothing to escape after \\');
        text += next;
        pattern += next === '?' || next === '*' || next === '\\' ? `\\${next}` : next;
        this.pos += 2;
        continue;
      }
      if (c === '?' || c === '*') wildcard = true;
      text += c;
      pattern += c;
      this.pos += 1;
    }
    return { text, pattern, wildcard };
  }

  /** A range bound or comparison value: a quoted string, or characters up to a space or a closing bracket. */
  private readBare(stop: ReadonlySet<string> = new Set([')', ']', '}'])): string {
    if (this.peekChar() === '"') return this.readQuoted();
    const start = this.pos;
    while (this.pos < this.text.length && !isSpace(this.text[this.pos]) && !stop.has(this.text[this.pos] as string)) {
      this.pos += 1;
    }
    return this.text.slice(start, this.pos);
  }

  private readQuoted(): string {
    const open = this.pos;
    this.pos += 1;
    let text = '';
    while (this.pos < this.text.length) {
      const c = this.text[this.pos] as string;
      if (c === '"') {
        this.pos += 1;
        return text;
      }
      if (c === '\\' && this.pos + 1 < this.text.length) {
        text += this.text[this.pos + 1];
        this.pos += 2;
        continue;
      }
      text += c;
      this.pos += 1;
    }
    return this.fail('unterminated quoted phrase', open);
  }

  private readRegex(): string {
    const open = this.pos;
    this.pos += 1;
    let pattern = '';
    while (this.pos < this.text.length) {
      const c = this.text[this.pos] as string;
      if (c === '/') {
        this.pos += 1;
        const problem = regexProblem(pattern);
        if (problem !== undefined) this.fail(problem, open);
        return pattern;
      }
      if (c === '\\' && this.text[this.pos + 1] === '/') {
        pattern += '/';
        this.pos += 2;
        continue;
      }
      if (c === '\\' && this.pos + 1 < this.text.length) {
        pattern += c + (this.text[this.pos + 1] as string);
        this.pos += 2;
        continue;
      }
      pattern += c;
      this.pos += 1;
    }
    return this.fail('unterminated regular expression', open);
  }

  private readRange(): QueryValue {
    const open = this.pos;
    const lowerInclusive = this.text[this.pos] === '[';
    this.pos += 1;
    this.skipSpace();
    const lowerQuoted = this.peekChar() === '"';
    const lower = this.readBare();
    this.skipSpace();
    if (!/^TO(?=\s)/.test(this.text.slice(this.pos))) this.fail("expected 'TO' in range");
    this.pos += 2;
    this.skipSpace();
    const upperQuoted = this.peekChar() === '"';
    const upper = this.readBare();
    this.skipSpace();
    const close = this.peekChar();
    if (close !== ']' && close !== '}') this.fail(`expected ']' or '}' to close the range at char ${open}`);
    this.pos += 1;
    if ((lower === '' && !lowerQuoted) || (upper === '' && !upperQuoted)) this.fail('range bound missing', open);
    const bound = (value: string, quoted: boolean, inclusive: boolean): RangeBound | null =>
      value === '*' && !quoted ? null : { value, inclusive };
    return {
      kind: 'range',
      lower: bound(lower, lowerQuoted, lowerInclusive),
      upper: bound(upper, upperQuoted, close === ']'),
    };
  }

  private readComparison(): QueryValue {
    const op = /^[<>]=?/.exec(this.text.slice(this.pos))?.[0] ?? '';
    this.pos += op.length;
    const quoted = this.peekChar() === '"';
    const value = this.readBare();
    if (value === '' && !quoted) this.fail(`expected a value after '${op}'`);
    const bound = { value, inclusive: op.endsWith('=') };
    return op.startsWith('>')
      ? { kind: 'range', lower: bound, upper: null }
      : { kind: 'range', lower: null, upper: bound };
  }
}

/**
 * Parses a `q=` query (docs/api/query-language.md, with any number of terms and NOT > AND > OR). Throws
 * QueryParseError.
 */
export function parseQuery(text: string, options: ParseOptions = {}): QueryNode {
  if (text.length > MAX_QUERY_LENGTH) throw new QueryParseError(MAX_QUERY_LENGTH, 'query too long');
  // Databases refuse text with NUL characters; refusing them here keeps that a parse error.
  const nul = text.indexOf('\0');
  if (nul >= 0) throw new QueryParseError(nul, 'invalid character');
  const fields = options.fields ?? ALERT_QUERY_FIELDS;
  const defaultName = options.defaultField ?? fields.defaultField;
  const field = resolveQueryField(defaultName, fields);
  if (field === undefined) throw new QueryParseError(0, `unknown default field '${defaultName}'`);
  const parser = new Parser(text, fields);
  if (parser.atEnd()) throw new QueryParseError(0, 'empty query');
  const node = parser.parseOr(field);
  if (!parser.atEnd()) parser.fail('unexpected input');
  return node;
}
