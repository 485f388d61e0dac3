import type { ClientConfig } from '@alerta/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { advance, startFakeClock, stopFakeClock, until } from '../../test/fakeClock';
import { makeAlert, makeToken } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { recordRequests, server, type RecordedRequest } from '../../test/server';
import { alertsScenario, meScenario, refusal } from '../../test/mocks';

// docs/console/behaviour.md#states-and-actions "Auto-refresh" and docs/console/behaviour.md#constants: the next load is
// scheduled once a load has finished, after the user's interval, else the config's, else 5000 ms; a filter change
// starts the wait again; the list holds still while the user is busy.

let requests: RecordedRequest[] = [];
/** When (fake clock) the last answer to GET /alerts came. */
let lastAnswerAt = 0;
const listRequests = () => requests.filter((r) => r.url.pathname === '/alerts');
const listLoads = () => listRequests().length;
const countLoads = () => requests.filter((r) => r.url.pathname === '/environments').length;

/** Each answer lists one alert named after the load it answers: load-1, load-2… */
function answerNumberedAlerts(delayMs = 0) {
  alertsScenario.answer((_url, n) => [makeAlert({ resource: `load-${n}` })]);
  // The fake clock drives a slow answer too.
  alertsScenario.slow(delayMs);
}

function answerPrefs(prefs: Record<string, unknown>) {
  meScenario.prefs(prefs);
}

/** Waits until the answer to load `n` is on screen (so the screen has reacted to it); the fake clock stays put. */
const shown = (n: number) => until(() => expect(screen.getByText(`load-${n}`)).toBeInTheDocument());

/** Opens /alerts and waits until the first page is on screen. */
async function openAlerts(config: ClientConfig = {}) {
  const app = renderApp('/alerts', { token: makeToken(), config });
  await shown(1);
  return app;
}

/** Checks that the next load comes `ms` after the last answer to GET /alerts, not 50 ms sooner nor 50 ms later. */
async function expectNextLoadAfter(ms: number) {
  const before = listLoads();
  await advance(lastAnswerAt + ms - 50 - Date.now());
  expect(listLoads()).toBe(before);
  await advance(100);
  await until(() => expect(listLoads()).toBe(before + 1));
  await shown(before + 1);
}

beforeEach(() => {
  startFakeClock();
  requests = recordRequests();
  server.events.on('response:mocked', ({ request }) => {
    if (new URL(request.url).pathname === '/alerts') lastAnswerAt = Date.now();
  });
});

afterEach(() => {
  stopFakeClock();
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
});

describe('auto-refresh interval', () => {
  it('uses the configured interval', async () => {
    answerNumberedAlerts();
    await openAlerts({ refresh_interval: 12_000 });
    expect(screen.getByText('Refreshing every 12 s')).toBeInTheDocument();
    await expectNextLoadAfter(12_000);
  });

  it("prefers the user's own interval to the config's", async () => {
    answerNumberedAlerts();
    answerPrefs({ refreshInterval: 2000 });
    await openAlerts({ refresh_interval: 60_000 });
    await expectNextLoadAfter(2000);
  });

  it('falls back on 5000 ms, load after load', async () => {
    answerNumberedAlerts();
    await openAlerts();
    await expectNextLoadAfter(5000);
    await expectNextLoadAfter(5000);
    await expectNextLoadAfter(5000);
  });

  it('reloads the environment counts with the list', async () => {
    answerNumberedAlerts();
    await openAlerts({ refresh_interval: 5000 });
    expect(countLoads()).toBe(1);
    await expectNextLoadAfter(5000);
    await until(() => expect(countLoads()).toBe(2));
  });
});

describe('auto-refresh scheduling', () => {
  it('counts the interval from the end of a load, not from its start', async () => {
    answerNumberedAlerts(3000);
    renderApp('/alerts', { token: makeToken(), config: { refresh_interval: 5000 } });
    await until(() => expect(listLoads()).toBe(1));
    await advance(3000);
    await shown(1);
    // 5 s after the request went out, but only 2 s after its answer came.
    await advance(2100);
    expect(listLoads()).toBe(1);
    await advance(2850);
    expect(listLoads()).toBe(1);
    await advance(100);
    await until(() => expect(listLoads()).toBe(2));
  });

  it('starts the wait again when the filter changes', async () => {
    answerNumberedAlerts();
    await openAlerts({ refresh_interval: 5000 });
    await advance(3000);
    fireEvent.click(screen.getByRole('switch', { name: 'Watched only' }));
    await until(() => expect(listLoads()).toBe(2));
    expect(listRequests()[1]?.url.searchParams.get('q')).toBe('tags:"watch:alice@example.com"');
    await shown(2);
    // The first wait (due 5 s after the first load) is gone; the next load is due 5 s after the filtered one.
    await expectNextLoadAfter(5000);
  });

  it('stops asking after the server refuses the query, until the filter changes', async () => {
    alertsScenario.answer((url, n) =>
      url.searchParams.has('q') ? [makeAlert({ resource: `load-${n}` })] : refusal(400, 'bad query'),
    );
    renderApp('/alerts', { token: makeToken(), config: { refresh_interval: 5000 } });
    await until(() => expect(screen.getByText('The alerts could not be loaded.')).toBeInTheDocument());
    await advance(20_000);
    expect(listLoads()).toBe(1);
    fireEvent.click(screen.getByRole('switch', { name: 'Watched only' }));
    await shown(2);
    await expectNextLoadAfter(5000);
  });

  it('keeps trying while the server fails', async () => {
    alertsScenario.failing(503, 'database is down');
    renderApp('/alerts', { token: makeToken(), config: { refresh_interval: 5000 } });
    // The query's own two retries come first.
    await until(() => expect(screen.getByText('The alerts could not be loaded.')).toBeInTheDocument(), 1);
    expect(listLoads()).toBe(3);
    await advance(lastAnswerAt + 4950 - Date.now());
    expect(listLoads()).toBe(3);
    await advance(100);
    // The next load, with its own retries.
    await until(() => expect(listLoads()).toBe(6), 1);
  });
});

describe('auto-refresh pauses', () => {
  it('pauses while alerts are selected, and catches up once the selection is cleared', async () => {
    answerNumberedAlerts();
    await openAlerts({ refresh_interval: 5000 });
    fireEvent.click(screen.getByRole('checkbox', { name: /Select load-1/ }));
    expect(screen.getByText('Refreshing paused while alerts are selected')).toBeInTheDocument();
    await advance(20_000);
    expect(listLoads()).toBe(1);
    fireEvent.keyDown(document, { key: 'Escape' });
    // Long overdue: the next load comes at once.
    await shown(2);
    expect(screen.getByText('Refreshing every 5 s')).toBeInTheDocument();
    await expectNextLoadAfter(5000);
  });

  it('pauses while the profile card is open', async () => {
    answerNumberedAlerts();
    await openAlerts({ refresh_interval: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Account menu for alice@example.com' }));
    expect(screen.getByRole('dialog', { name: 'Account menu for alice@example.com' })).toBeInTheDocument();
    expect(screen.getByText('Refreshing paused while a dialog or menu is open')).toBeInTheDocument();
    await advance(20_000);
    expect(listLoads()).toBe(1);
    await until(() => expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await shown(2);
  });

  it("pauses while the alerts screen's menu is open", async () => {
    answerNumberedAlerts();
    await openAlerts({ refresh_interval: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'More options' }));
    await until(() => expect(screen.getByText('Refreshing paused while a dialog or menu is open')).toBeInTheDocument());
    await advance(20_000);
    expect(listLoads()).toBe(1);
  });

  it('pauses while the browser tab is hidden', async () => {
    answerNumberedAlerts();
    await openAlerts({ refresh_interval: 5000 });
    const setVisibility = (state: DocumentVisibilityState) =>
      act(() => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, value: state });
        document.dispatchEvent(new Event('visibilitychange'));
      });
    setVisibility('hidden');
    expect(screen.getByText('Refreshing paused while the tab is hidden')).toBeInTheDocument();
    await advance(20_000);
    expect(listLoads()).toBe(1);
    setVisibility('visible');
    await shown(2);
  });

  it('pauses and resumes at the press of a button', async () => {
    answerNumberedAlerts();
    await openAlerts({ refresh_interval: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Pause refreshing' }));
    expect(screen.getByText('Refreshing paused')).toBeInTheDocument();
    await advance(20_000);
    expect(listLoads()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Resume refreshing' }));
    await shown(2);
    await expectNextLoadAfter(5000);
  });

  it('keeps the time already waited when the pause was short', async () => {
    answerNumberedAlerts();
    await openAlerts({ refresh_interval: 5000 });
    await advance(1000);
    fireEvent.click(screen.getByRole('button', { name: 'Pause refreshing' }));
    await advance(1000);
    fireEvent.click(screen.getByRole('button', { name: 'Resume refreshing' }));
    // Still due 5 s after the load, that is 3 s from now.
    await expectNextLoadAfter(5000);
  });
});
