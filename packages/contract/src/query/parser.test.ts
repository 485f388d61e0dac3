import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type QueryNode, QueryParseError } from './ast.js';
import { ALERT_QUERY_FIELDS, BLACKOUT_QUERY_FIELDS, HEARTBEAT_QUERY_FIELDS, type QueryFieldTable } from './fields.js';
import { parseQuery } from './parser.js';
import { printQuery } from './print.js';
import { regexProblem } from './regex.js';

/** The tree without positions, written compactly: fields as `name:`, operators as (AND ...) lists. */
function shape(node: QueryNode): string {
  switch (node.kind) {
    case 'or':
    case 'and':
      return `(${node.kind.toUpperCase()} ${node.operands.map(shape).join(' ')})`;
    case 'not':
      return `(NOT ${shape(node.operand)})`;
    case 'exists':
      return `exists:${node.key}`;
    case 'match': {
      const field = node.field.kind === 'column' ? node.field.name : `@${node.field.key}`;
      return `${field}:${JSON.stringify(node.value)}`;
    }
  }
}

const term = (field: string, text: string): string => `${field}:${JSON.stringify({ kind: 'term', text })}`;
const parsed = (text: string, defaultField?: string): string => shape(parseQuery(text, { defaultField }));

function parseError(text: string): QueryParseError {
  try {
    parseQuery(text);
  } catch (error) {
    if (error instanceof QueryParseError) return error;
    throw error;
  }
  throw new Error(`expected ${text} not to parse`);
}

describe('parseQuery (docs/api/query-language.md)', () => {
  it('reads a word as a term of the default field', () => {
    assert.equal(parsed('disk'), term('text', 'disk'));
    assert.equal(parsed('disk', 'resource'), term('resource', 'disk'));
    assert.equal(parsed('disk', 'attributes.region'), '@region:{"kind":"term","text":"disk"}');
  });

  it('ORs adjacent terms and chains of any length', () => {
    const [a, b, c] = [term('text', 'a'), term('text', 'b'), term('text', 'c')];
    assert.equal(parsed('a b c'), `(OR ${a} ${b} ${c})`);
    assert.equal(parsed('a OR b || c'), `(OR ${a} ${b} ${c})`);
    assert.equal(parsed('a AND b && c'), `(AND ${a} ${b} ${c})`);
  });

  it('binds NOT tighter than AND, and AND tighter than OR', () => {
    const [a, b, c] = [term('text', 'a'), term('text', 'b'), term('text', 'c')];
    assert.equal(parsed('a OR b AND c'), `(OR ${a} (AND ${b} ${c}))`);
    assert.equal(parsed('a AND b OR c'), `(OR (AND ${a} ${b}) ${c})`);
    assert.equal(parsed('NOT a AND b'), `(AND (NOT ${a}) ${b})`);
    assert.equal(parsed('!a || b'), `(OR (NOT ${a}) ${b})`);
    assert.equal(parsed('a NOT b'), `(AND ${a} (NOT ${b}))`);
    assert.equal(parsed('(a OR b) AND c'), `(AND (OR ${a} ${b}) ${c})`);
    assert.equal(parsed('NOT (a OR (b AND NOT c))'), `(NOT (OR ${a} (AND ${b} (NOT ${c}))))`);
  });

  it('accepts camelCase and snake_case field names and attributes', () => {
    assert.equal(parsed('lastReceiveId:abc'), term('lastReceiveId', 'abc'));
    assert.equal(parsed('last_receive_id:abc'), term('lastReceiveId', 'abc'));
    assert.equal(parsed('duplicate_count:3'), term('duplicateCount', '3'));
    assert.equal(parsed('tag:x'), term('tags', 'x'));
    assert.equal(parsed('attributes.region:eu'), '@region:{"kind":"term","text":"eu"}');
    assert.equal(parsed('_.region:eu'), '@region:{"kind":"term","text":"eu"}');
    assert.equal(parsed('_exists_:region'), 'exists:region');
  });

  it('applies a field to a parenthesised group', () => {
    assert.equal(
      parsed('resource:(web01 OR db AND NOT x)'),
      `(OR ${term('resource', 'web01')} (AND ${term('resource', 'db')} (NOT ${term('resource', 'x')})))`,
    );
  });

  it('reads phrases, wildcards, regular expressions, ranges and comparisons', () => {
    assert.equal(parsed('"disk full"'), 'text:{"kind":"phrase","text":"disk full"}');
    assert.equal(parsed('qu?ck'), 'text:{"kind":"wildcard","pattern":"qu?ck"}');
    assert.equal(parsed('bro\\*'), term('text', 'bro*'));
    assert.equal(parsed('event:/^node(Down|Up)$/'), 'event:{"kind":"regex","pattern":"^node(Down|Up)$"}');
    assert.equal(parsed('/a\\/b/'), 'text:{"kind":"regex","pattern":"a/b"}');
    const range = (lower: unknown, upper: unknown) => JSON.stringify({ kind: 'range', lower, upper });
    assert.equal(
      parsed('timeout:[10 TO 20]'),
      `timeout:${range({ value: '10', inclusive: true }, { value: '20', inclusive: true })}`,
    );
    assert.equal(
      parsed('timeout:{10 TO 20]'),
      `timeout:${range({ value: '10', inclusive: false }, { value: '20', inclusive: true })}`,
    );
    assert.equal(parsed('timeout:[* TO 20}'), `timeout:${range(null, { value: '20', inclusive: false })}`);
    assert.equal(
      parsed('createTime:[2026-01-01T00:00:00.000Z TO *]'),
      `createTime:${range({ value: '2026-01-01T00:00:00.000Z', inclusive: true }, null)}`,
    );
    assert.equal(parsed('timeout:>=5'), `timeout:${range({ value: '5', inclusive: true }, null)}`);
    assert.equal(parsed('timeout:<5'), `timeout:${range(null, { value: '5', inclusive: false })}`);
  });

  it('reports the position and reason of an error', () => {
    const unknown = parseError('resource:a AND colour:red');
    assert.equal(unknown.position, 15);
    assert.match(unknown.message, /unknown field 'colour' \(at char 15\)/);
    assert.match(parseError('(a OR b').reason, /expected '\)'/);
    assert.match(parseError('a AND').reason, /expected a term/);
    assert.match(parseError('"open').reason, /unterminated/);
    assert.match(parseError('/(a+)+/').reason, /nested quantifiers/);
    assert.match(parseError(`/${'a'.repeat(300)}/`).reason, /longer than 256/);
    assert.match(parseError('/[/').reason, /invalid regular expression/);
    assert.match(parseError('x:[1 TO 2]').reason, /unknown field 'x'/);
    assert.match(parseError('timeout:[1 2]').reason, /expected 'TO'/);
    assert.match(parseError('a)').reason, /unexpected input/);
    assert.match(parseError('').reason, /empty query/);
    assert.equal(parseError('ab\u0000').position, 2);
    assert.match(parseError('('.repeat(100) + 'a' + ')'.repeat(100)).reason, /nested too deeply/);
    assert.throws(() => parseQuery('a', { defaultField: 'nope' }), /unknown default field 'nope'/);
  });

  it('prints a tree back to text that parses to the same tree', () => {
    for (const text of [
      'a b AND NOT c',
      'resource:(web OR "db 1") AND _exists_:region',
      'event:/x\\/y/ OR timeout:{1 TO *] OR bro*',
      'attributes.region:eu AND NOT AND\\:x',
      '\\/path \\!bang \\&&x',
    ]) {
      const tree = parseQuery(text);
      assert.equal(shape(parseQuery(printQuery(tree))), shape(tree), text);
    }
  });
});

describe('parseQuery with the fields of blackouts and heartbeats', () => {
  const shapeIn = (fields: QueryFieldTable, text: string, defaultField?: string): string =>
    shape(parseQuery(text, { fields, defaultField }));
  const failsIn = (fields: QueryFieldTable, text: string, reason: RegExp): void => {
    assert.throws(
      () => parseQuery(text, { fields }),
      (error) => error instanceof QueryParseError && reason.test(error.reason),
    );
  };

  it('searches text in a blackout and the origin in a heartbeat when no field is named', () => {
    assert.equal(shapeIn(BLACKOUT_QUERY_FIELDS, 'disk'), term('text', 'disk'));
    assert.equal(shapeIn(HEARTBEAT_QUERY_FIELDS, 'web'), term('origin', 'web'));
    assert.equal(shapeIn(HEARTBEAT_QUERY_FIELDS, 'web', 'type'), term('type', 'web'));
  });

  it('accepts camelCase, snake_case and tag, and refuses fields of other records', () => {
    assert.equal(
      shapeIn(BLACKOUT_QUERY_FIELDS, 'start_time:>x'),
      `startTime:${JSON.stringify({ kind: 'range', lower: { value: 'x', inclusive: false }, upper: null })}`,
    );
    assert.equal(shapeIn(BLACKOUT_QUERY_FIELDS, 'user:ann'), term('user', 'ann'));
    assert.equal(shapeIn(BLACKOUT_QUERY_FIELDS, 'tag:a'), term('tags', 'a'));
    assert.equal(shapeIn(HEARTBEAT_QUERY_FIELDS, 'receive_time:2026'), term('receiveTime', '2026'));
    assert.equal(shapeIn(HEARTBEAT_QUERY_FIELDS, 'latency:5'), term('latency', '5'));
    assert.equal(shapeIn(HEARTBEAT_QUERY_FIELDS, '_.region:eu'), '@region:{"kind":"term","text":"eu"}');
    assert.equal(shapeIn(HEARTBEAT_QUERY_FIELDS, '_exists_:region'), 'exists:region');
    failsIn(BLACKOUT_QUERY_FIELDS, 'severity:major', /unknown field 'severity'/);
    failsIn(BLACKOUT_QUERY_FIELDS, 'attributes.region:eu', /unknown field 'attributes.region'/);
    failsIn(BLACKOUT_QUERY_FIELDS, '_exists_:region', /unknown field '_exists_'/);
    failsIn(HEARTBEAT_QUERY_FIELDS, 'text:x', /unknown field 'text'/);
    failsIn(ALERT_QUERY_FIELDS, 'priority:1', /unknown field 'priority'/);
    assert.throws(
      () => parseQuery('a', { fields: BLACKOUT_QUERY_FIELDS, defaultField: 'severity' }),
      /unknown default field/,
    );
  });

  it('leaves the alert fields as they were', () => {
    assert.equal(shapeIn(ALERT_QUERY_FIELDS, 'duplicate_count:3'), shape(parseQuery('duplicate_count:3')));
    assert.equal(shapeIn(ALERT_QUERY_FIELDS, 'x'), term('text', 'x'));
  });
});

describe('regexProblem', () => {
  it('lets ordinary patterns through and refuses back-references and nested quantifiers', () => {
    assert.equal(regexProblem('^web\\d+$'), undefined);
    assert.equal(regexProblem('(ab)+c*'), undefined);
    assert.equal(regexProblem('[(]+'), undefined);
    assert.match(regexProblem('(a*)*') ?? '', /nested/);
    assert.match(regexProblem('((a)+)+') ?? '', /nested/);
    assert.match(regexProblem('(a)\\1') ?? '', /back-references/);
  });

  it('refuses what JavaScript, RE2 and PostgreSQL would read differently', () => {
    assert.equal(regexProblem('^a{2,3}\\.[^\\d]\\/(?:x|y)$'), undefined);
    assert.match(regexProblem('\\p{L}') ?? '', /unsupported escape/);
    assert.match(regexProblem('(?=a)') ?? '', /only \(\?:/);
    assert.match(regexProblem('(?<n>a)') ?? '', /only \(\?:/);
    assert.match(regexProblem('a{') ?? '', /literal '\{'/);
    assert.match(regexProblem('a{1,300}') ?? '', /above 255/);
    assert.match(regexProblem('[]a]') ?? '', /character class/);
    assert.match(regexProblem('[\\D]') ?? '', /unsupported escape/);
    assert.match(regexProblem('a\u0000') ?? '', /invalid character/);
  });
});
