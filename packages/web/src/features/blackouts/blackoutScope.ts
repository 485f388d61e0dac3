import type { BlackoutRow } from './blackoutsApi';

/** The fields that say which alerts a blackout covers (docs/api/blackouts.md#fields), in the order the list says them. */
export const SCOPE_FIELDS = ['environment', 'service', 'resource', 'event', 'group', 'tags', 'origin'] as const;
export type ScopeField = (typeof SCOPE_FIELDS)[number];

export interface ScopePart {
  field: ScopeField;
  /** The field's value; the values of a list joined with commas. */
  value: string;
}

type Scope = Pick<BlackoutRow, ScopeField>;

/**
 * What a blackout covers, one part per field it sets (docs/console/admin-screens.md#blackout-list): the environment
 * always, then service, resource, event, group, tags and origin when given. Blank values are left out.
 */
export function scopeParts(blackout: Scope): ScopePart[] {
  const parts: ScopePart[] = [];
  for (const field of SCOPE_FIELDS) {
    const raw = blackout[field];
    const values = (Array.isArray(raw) ? raw : [raw]).filter(
      (value): value is string => typeof value === 'string' && value.trim() !== '',
    );
    if (values.length > 0) parts.push({ field, value: values.join(', ') });
  }
  return parts;
}
