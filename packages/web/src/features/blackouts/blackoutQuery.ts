import type { Query } from '../../api';
import { trimmed, type BlackoutFields } from './blackoutForm';

/**
 * A quoted value of a `q=` term (docs/api/query-language.md). A quoted value on a list field (tags, service) is exact
 * membership on this server and on Alerta 9 alike; `\` and `"` are escaped the way our parser reads them.
 */
export function quoted(value: string): string {
  return `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/**
 * Terms joined two at a time, `((a AND b) AND c)`: Alerta's parser keeps only the first two of a longer flat chain
 * (docs/api/query-language.md, upstream #1884), so every level holds just two.
 */
export function joinPairs(terms: readonly string[], operator: 'AND' | 'OR'): string | undefined {
  if (terms.length === 0) return undefined;
  return terms.slice(1).reduce((left, term) => `(${left} ${operator} ${term})`, terms[0] ?? '');
}

/**
 * GET /alerts/count parameters for the open alerts a blackout would match now (docs/api/blackouts.md matching: every
 * field set must be equal, every service and tag held by the alert). Tags go in `q`, since `?tag=` fails on Alerta with
 * PostgreSQL (docs/api/alerts.md); `service=` matches an alert holding any of several, so with more than one the `q`
 * also asks for each.
 */
export function matchCountQuery(fields: BlackoutFields): Query {
  const f = trimmed(fields);
  const listTerms = [
    ...(f.service.length > 1 ? f.service.map((s) => `service:${quoted(s)}`) : []),
    ...f.tags.map((tag) => `tags:${quoted(tag)}`),
  ];
  const text = (value: string) => (value === '' ? undefined : value);
  return {
    status: 'open',
    environment: text(f.environment),
    service: f.service,
    resource: text(f.resource),
    event: text(f.event),
    group: text(f.group),
    origin: text(f.origin),
    customer: f.customer ?? undefined,
    q: joinPairs(listTerms, 'AND'),
  };
}

/** The fields an "any field" search looks in (GET /blackouts `q=`, docs/api/blackouts.md#routes). */
const ANY_FIELD = ['environment', 'resource', 'event', 'group', 'origin', 'text', 'user', 'service', 'tags'] as const;

/** A word our parser and Alerta's both read as a plain substring term; anything else is quoted. */
const PLAIN_WORD = /^[^\s=><(){}[\]^"~*?:\\/!+\-&|]+$/;

/** `q=` for text searched in every field of a blackout; undefined for no text. */
export function anyFieldQuery(text: string): string | undefined {
  const value = text.trim();
  if (value === '') return undefined;
  const plain = PLAIN_WORD.test(value) && !/^(AND|OR|NOT|TO)$/i.test(value);
  const term = plain ? value : quoted(value);
  return joinPairs(
    ANY_FIELD.map((field) => `${field}:${term}`),
    'OR',
  );
}
