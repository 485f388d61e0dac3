import { API } from '../../test/fixtures';
import type { BlackoutRow } from './blackoutsApi';

/** A blackout as GET /blackouts gives it (docs/api/blackouts.md): an hour from an hour ago unless said otherwise. */
export function makeBlackout(overrides: Partial<BlackoutRow> = {}): BlackoutRow & Record<string, unknown> {
  const id = overrides.id ?? 'b0';
  const now = Date.now();
  return {
    id,
    href: `${API}/blackout/${id}`,
    priority: 1,
    environment: 'Production',
    service: [],
    resource: null,
    event: null,
    group: null,
    tags: [],
    origin: null,
    customer: null,
    startTime: new Date(now - 3600_000).toISOString(),
    endTime: new Date(now + 3600_000).toISOString(),
    duration: 7200,
    status: 'active',
    remaining: 3600,
    user: 'admin',
    createTime: new Date(now - 3600_000).toISOString(),
    text: '',
    ...overrides,
  };
}

export function blackoutAnswer(rows: readonly unknown[], total = rows.length) {
  return { status: 'ok', blackouts: rows, total, page: 1, pageSize: 20, pages: 1, more: false };
}
