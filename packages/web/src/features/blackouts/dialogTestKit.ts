import type { ClientConfig } from '@alerta/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { startFakeClock, stopFakeClock, until as untilOnce } from '../../test/fakeClock';
import { API, makeToken } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { recordRequests, server, type RecordedRequest } from '../../test/server';
import { blackoutAnswer } from './testData';

/** The shared steps of the blackout dialog's tests, which run on a fixed clock (see {@link onFixedClock}). */

// Time matters in the dialog (default start and end, UTC conversion, the count's pause), so the clock is fixed and
// moved by hand: Friday 20 November 2026, 10:07:30 UTC.
export const NOW = new Date('2026-11-20T10:07:30.000Z');
export const HOUR = 3600_000;

let requests: RecordedRequest[] = [];

export const posts = () => requests.filter((r) => r.method === 'POST' && r.url.pathname === '/blackout');
export const puts = () => requests.filter((r) => r.method === 'PUT');
export const counts = () => requests.filter((r) => r.url.pathname === '/alerts/count');

/** Fixes the clock at {@link NOW} around each test of the file, and records its requests. */
export function onFixedClock(): void {
  // The screen and the dialog are lazy chunks: loaded once here, not inside the first test's time.
  beforeAll(async () => {
    await import('./BlackoutsScreen');
    await import('../../shared/ConfirmDeleteDialog');
  }, 60_000);
  beforeEach(() => {
    startFakeClock();
    vi.setSystemTime(NOW);
    requests = recordRequests();
  });
  afterEach(() => stopFakeClock());
}

/** {@link untilOnce}, given three times as long: these tests share a busy two-core machine. */
export async function until(check: () => void, stepMs = 0): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await untilOnce(check, stepMs);
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

/** What the browser's date and time inputs show for `date` in the local time zone. */
export function local(date: Date | string | number): { date: string; time: string } {
  const d = new Date(date);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    time: `${pad(d.getHours())}:${pad(d.getMinutes())}`,
  };
}

export function answerPrefs(prefs: Record<string, unknown>) {
  server.use(
    http.get(`${API}/user/me/attributes`, () => HttpResponse.json({ status: 'ok', total: 1, attributes: { prefs } })),
  );
}

export function serveLists(rows: unknown[] = []) {
  server.use(
    http.get(`${API}/blackouts`, () => HttpResponse.json(blackoutAnswer(rows))),
    http.get(`${API}/environments`, () =>
      HttpResponse.json({ status: 'ok', environments: [{ environment: 'Staging', count: 2 }], total: 1 }),
    ),
    http.get(`${API}/services`, () =>
      HttpResponse.json({ status: 'ok', services: [{ environment: 'Production', service: 'Web', count: 1 }] }),
    ),
    http.get(`${API}/alerts/tags`, () =>
      HttpResponse.json({ status: 'ok', tags: [{ environment: 'Production', tag: 'linux', count: 1 }] }),
    ),
    http.get(`${API}/customers`, () =>
      HttpResponse.json({ status: 'ok', customers: [{ id: 'c1', match: 'acme.example', customer: 'Acme' }], total: 1 }),
    ),
    http.get(`${API}/alerts/count`, () => HttpResponse.json({ status: 'ok', total: 3 })),
    http.post(`${API}/blackout`, () => HttpResponse.json({ status: 'ok', id: 'new' }, { status: 201 })),
    http.put(`${API}/blackout/:id`, () => HttpResponse.json({ status: 'ok' })),
  );
}

export async function openNew(config: ClientConfig = {}) {
  renderApp('/blackouts', {
    token: makeToken({ scope: 'admin read write' }),
    config: { environments: ['Production', 'Development'], ...config },
  });
  await until(() => expect(screen.getByRole('button', { name: 'New blackout' })).toBeInTheDocument());
  fireEvent.click(screen.getByRole('button', { name: 'New blackout' }));
  await until(() => expect(screen.getByRole('dialog', { name: 'New blackout' })).toBeInTheDocument(), 10);
  return screen.getByRole('dialog', { name: 'New blackout' });
}

export const input = (dialog: HTMLElement, name: string | RegExp) =>
  within(dialog).getByLabelText<HTMLInputElement>(name, { selector: 'input, select' });
export const change = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

/** Adds values to a tags field the way a user does: in the field, type, then Enter. */
export function addValues(field: HTMLElement, ...values: string[]) {
  act(() => field.focus());
  for (const value of values) {
    change(field, value);
    fireEvent.keyDown(field, { key: 'Enter' });
  }
  act(() => field.blur());
}
