import { BLACKOUT_QUERY_FIELDS, parseQuery, type QueryNode } from '@alerta/contract';
import { describe, expect, it } from 'vitest';
import { broadScope, defaultPeriod, defaultStart, EMPTY_FIELDS } from './blackoutForm';
import { anyFieldQuery, matchCountQuery } from './blackoutQuery';

/** Every `field:value` the parsed query holds, in order. */
function matches(node: QueryNode): string[] {
  switch (node.kind) {
    case 'and':
    case 'or':
      return node.operands.flatMap(matches);
    case 'not':
      return matches(node.operand);
    case 'exists':
      return [];
    case 'match': {
      const field = node.field.kind === 'column' ? node.field.name : node.field.key;
      const value = node.value.kind === 'term' || node.value.kind === 'phrase' ? node.value.text : node.value.kind;
      return [`${field}=${node.value.kind}:${value}`];
    }
  }
}

describe('the count of alerts a blackout would match', () => {
  it('asks for tags (and several services) in q, exact and two at a time, as our parser reads it', () => {
    const query = matchCountQuery({
      ...EMPTY_FIELDS,
      environment: ' Production ',
      service: ['Web', 'Shop'],
      tags: ['linux', 'rack "4"', 'c:\\temp'],
    });
    expect(query.q).toBe(
      '((((service:"Web" AND service:"Shop") AND tags:"linux") AND tags:"rack \\"4\\"") AND tags:"c:\\\\temp")',
    );
    const parsed = parseQuery(String(query.q));
    expect(parsed.kind).toBe('and');
    expect(matches(parsed)).toEqual([
      'service=phrase:Web',
      'service=phrase:Shop',
      'tags=phrase:linux',
      'tags=phrase:rack "4"',
      'tags=phrase:c:\\temp',
    ]);
    expect(query.environment).toBe('Production');
    expect(query.status).toBe('open');
  });

  it('leaves q out without tags and with one service, which service= matches exactly', () => {
    const query = matchCountQuery({ ...EMPTY_FIELDS, environment: 'Production', service: ['Web'], resource: '  ' });
    expect(query).toEqual({
      status: 'open',
      environment: 'Production',
      service: ['Web'],
      resource: undefined,
      event: undefined,
      group: undefined,
      origin: undefined,
      customer: undefined,
      q: undefined,
    });
  });
});

describe('the any-field search of the list', () => {
  it('looks in every field with a plain word, and quotes anything else', () => {
    const word = anyFieldQuery(' web ');
    expect(matches(parseQuery(String(word), { fields: BLACKOUT_QUERY_FIELDS }))).toEqual([
      'environment=term:web',
      'resource=term:web',
      'event=term:web',
      'group=term:web',
      'origin=term:web',
      'text=term:web',
      'user=term:web',
      'service=term:web',
      'tags=term:web',
    ]);
    const phrase = anyFieldQuery('disk full: /var');
    expect(matches(parseQuery(String(phrase), { fields: BLACKOUT_QUERY_FIELDS }))[0]).toBe(
      'environment=phrase:disk full: /var',
    );
    expect(matches(parseQuery(String(anyFieldQuery('OR')), { fields: BLACKOUT_QUERY_FIELDS }))[0]).toBe(
      'environment=phrase:OR',
    );
    expect(anyFieldQuery('   ')).toBeUndefined();
  });
});

describe('defaults of a new blackout', () => {
  const now = new Date('2026-11-20T10:07:30.500Z');

  it('starts now, to the minute, or at the next quarter hour', () => {
    expect(defaultStart(now, undefined).toISOString()).toBe('2026-11-20T10:07:00.000Z');
    expect(defaultStart(now, true).toISOString()).toBe('2026-11-20T10:07:00.000Z');
    expect(defaultStart(now, false).toISOString()).toBe('2026-11-20T10:15:00.000Z');
    expect(defaultStart(new Date('2026-11-20T10:45:00.000Z'), false).toISOString()).toBe('2026-11-20T10:45:00.000Z');
    expect(defaultStart(new Date('2026-11-20T23:50:00.000Z'), false).toISOString()).toBe('2026-11-21T00:00:00.000Z');
  });

  it('lasts the preferred period, else the configured one, else an hour', () => {
    expect(defaultPeriod(7200, 600)).toBe(7200);
    expect(defaultPeriod(null, 600)).toBe(600);
    expect(defaultPeriod(undefined, undefined)).toBe(3600);
    expect(defaultPeriod(0, 0)).toBe(3600);
  });
});

describe('broad blackouts', () => {
  it('names a blackout narrowed by nothing, or by its origin alone', () => {
    expect(broadScope(EMPTY_FIELDS)).toBe('wholeEnvironment');
    expect(broadScope({ ...EMPTY_FIELDS, origin: 'nagios' })).toBe('allFromOrigin');
    expect(broadScope({ ...EMPTY_FIELDS, origin: 'nagios', tags: ['x'] })).toBeNull();
    expect(broadScope({ ...EMPTY_FIELDS, group: ' ' })).toBe('wholeEnvironment');
    expect(broadScope({ ...EMPTY_FIELDS, service: ['Web'] })).toBeNull();
  });
});
