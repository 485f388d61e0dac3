import type { ClientConfig } from '@alerta/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { advance, startFakeClock, stopFakeClock, until } from '../../test/fakeClock';
import { makeAlert, makeToken } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { recordRequests, server, type RecordedRequest } from '../../test/server';
import { alertChange, alertsScenario, liveStream, type LiveStreamMock } from '../../test/mocks';

// docs/console/behaviour.md#live-updates: with a stream in GET /config the alert list reloads when the stream says
// something changed, at most 4 times a second, keeps its pause rules, and polls (and says so) while the stream is down.

const LIVE: ClientConfig = { stream: { path: '/alerts/stream' }, refresh_interval: 5000 };

let requests: RecordedRequest[] = [];
const listLoads = () => requests.filter((r) => r.url.pathname === '/alerts').length;
const countLoads = () => requests.filter((r) => r.url.pathname === '/environments').length;
const liveStatus = () => screen.queryByRole('status', { name: /^Live: changes show/ });
const pollingStatus = () => screen.queryByRole('status', { name: /^Polling: live updates are unavailable/ });

/**
 * Each answer lists one alert named after the load it answers: load-1, load-2… Waits for the n-th, moving the clock on
 * 10 ms at a time so that a batch of changes waiting for its moment gets it.
 */
const shown = (n: number) => until(() => expect(screen.getByText(`load-${n}`)).toBeInTheDocument(), 10);

/** Opens /alerts with the stream, lets it say hello, and waits for the read that follows (a stream from now). */
async function openLive(config: ClientConfig = LIVE): Promise<LiveStreamMock> {
  const mock = liveStream();
  server.use(mock.handler);
  alertsScenario.answer((_url, n) => [makeAlert({ id: `alert-${n}`, resource: `load-${n}` })]);
  renderApp('/alerts', { token: makeToken(), config });
  await shown(1);
  // The stream opens once the console has had nothing to load for a moment.
  await until(() => expect(mock.connections).toHaveLength(1), 50);
  mock.hello('1');
  await until(() => expect(liveStatus()).toBeInTheDocument(), 10);
  expect(liveStatus()).toHaveTextContent('Live');
  await shown(2);
  return mock;
}

beforeEach(() => {
  startFakeClock();
  requests = recordRequests();
});

afterEach(() => {
  stopFakeClock();
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
});

describe('live updates on the alert list', () => {
  it('opens the stream only once the first load is over and the console has been quiet a moment', async () => {
    const mock = liveStream();
    server.use(mock.handler);
    alertsScenario.answer((_url, n) => [makeAlert({ resource: `load-${n}` })]);
    const release = alertsScenario.hold();
    renderApp('/alerts', { token: makeToken(), config: LIVE });
    await until(() => expect(listLoads()).toBe(1));
    await advance(3_000);
    expect(mock.connections).toHaveLength(0);
    release();
    await shown(1);
    await advance(1_000);
    expect(mock.connections).toHaveLength(0);
    await advance(600);
    await until(() => expect(mock.connections).toHaveLength(1));
  });

  it('reloads the list and the tab counts when alerts change, without polling', async () => {
    const mock = await openLive();
    const counts = countLoads();
    // Polling would have loaded six times by now.
    await advance(30_000);
    expect(listLoads()).toBe(2);
    mock.event('alerts', '2', { changes: [alertChange('alert-2')] });
    await until(() => expect(listLoads()).toBe(3), 10);
    await shown(3);
    expect(countLoads()).toBe(counts + 1);
    // Heartbeat and blackout changes are not the list's business.
    mock.event('heartbeats', '3', { changes: [{ op: 'changed', id: 'h1' }] });
    await advance(1000);
    expect(listLoads()).toBe(3);
    // A burst the stream counts without naming a single alert (docs/api/stream.md#the-answer) reloads as well.
    mock.event('alerts', '4', { changes: [], omitted: 35 });
    await until(() => expect(listLoads()).toBe(4), 10);
  });

  it('still reads the list every minute as a safety net while live', async () => {
    await openLive();
    await advance(59_000);
    expect(listLoads()).toBe(2);
    await advance(2_000);
    await until(() => expect(listLoads()).toBe(3));
  });

  it('reloads at most 4 times a second however many events come, and misses none', async () => {
    const mock = await openLive();
    // The server's list moves on with every change.
    let version = 0;
    alertsScenario.answer(() => [makeAlert({ id: 'alert-v', resource: `version-${version}` })]);
    const before = listLoads();
    for (let i = 0; i < 100; i++) {
      version += 1;
      mock.event('alerts', String(10 + i), { changes: [alertChange('alert-v')] });
      await advance(10);
    }
    const inTheSecond = listLoads() - before;
    expect(inTheSecond).toBeGreaterThanOrEqual(1);
    expect(inTheSecond).toBeLessThanOrEqual(4);
    // The last changes are not lost: the next batch reads the list as it stands after them.
    await until(() => expect(screen.getByText('version-100')).toBeInTheDocument(), 50);
    const settled = listLoads();
    expect(settled - before).toBeLessThanOrEqual(6);
    await advance(2000);
    expect(listLoads()).toBe(settled);
  });

  it('holds changes while alerts are selected and applies them once the selection is cleared', async () => {
    const mock = await openLive();
    fireEvent.click(screen.getByRole('checkbox', { name: /Select load-2/ }));
    expect(screen.getByText('Refreshing paused while alerts are selected')).toBeInTheDocument();
    mock.event('alerts', '2', { changes: [alertChange('alert-9')] });
    await advance(2000);
    expect(listLoads()).toBe(2);
    fireEvent.keyDown(document, { key: 'Escape' });
    await shown(3);
    expect(listLoads()).toBe(3);
  });

  it('holds changes while the user paused refreshing, or a menu is open, and applies them on resume', async () => {
    const mock = await openLive();
    fireEvent.click(screen.getByRole('button', { name: 'Pause refreshing' }));
    mock.event('alerts', '2', { changes: [alertChange('alert-9')] });
    await advance(2000);
    expect(listLoads()).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: 'Resume refreshing' }));
    await shown(3);

    fireEvent.click(screen.getByRole('button', { name: 'More options' }));
    await until(() => expect(screen.getByText('Refreshing paused while a dialog or menu is open')).toBeInTheDocument());
    mock.event('alerts', '3', { changes: [alertChange('alert-9')] });
    await advance(2000);
    expect(listLoads()).toBe(3);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await shown(4);
  });

  it('holds changes while the tab is hidden and applies them when it is seen again', async () => {
    const mock = await openLive();
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    fireEvent(document, new Event('visibilitychange'));
    await until(() => expect(screen.getByText('Refreshing paused while the tab is hidden')).toBeInTheDocument());
    mock.event('alerts', '2', { changes: [alertChange('alert-9')] });
    await advance(2000);
    expect(listLoads()).toBe(2);
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    fireEvent(document, new Event('visibilitychange'));
    await shown(3);
  });

  it('reads everything again on resync', async () => {
    const mock = await openLive();
    const counts = countLoads();
    mock.event('resync', '40', { reason: 'too old' });
    await shown(3);
    expect(countLoads()).toBe(counts + 1);
  });

  it('polls and says so while the stream is down, then goes live again, resuming with Last-Event-ID', async () => {
    const mock = await openLive();
    mock.event('alerts', '5', { changes: [alertChange('alert-2')] });
    await shown(3);
    mock.refuse(503);
    mock.end();
    // One quiet reconnect (about a second), refused: the stream is down and the list polls every 5 s.
    await until(() => expect(pollingStatus()).toBeInTheDocument(), 100);
    expect(pollingStatus()).toHaveTextContent('Polling');
    expect(screen.getByText('Refreshing every 5 s')).toBeInTheDocument();
    const before = listLoads();
    await advance(5_000);
    await until(() => expect(listLoads()).toBe(before + 1));
    await advance(5_000);
    await until(() => expect(listLoads()).toBe(before + 2));
    // The server answers again: the next attempt (backing off) finds it.
    mock.refuse(null);
    await until(() => expect(mock.connections).toHaveLength(2), 500);
    expect(mock.connections[1]?.headers.get('Last-Event-ID')).toBe('5');
    expect(mock.connections[1]?.headers.get('Authorization')).toMatch(/^Bearer /);
    mock.hello('5');
    await until(() => expect(liveStatus()).toBeInTheDocument());
    expect(pollingStatus()).not.toBeInTheDocument();
    const afterLive = listLoads();
    await advance(30_000);
    expect(listLoads()).toBe(afterLive);
  });
});

describe('without a stream in GET /config', () => {
  it('polls exactly as before, shows no live indicator and never asks for a stream', async () => {
    alertsScenario.answer((_url, n) => [makeAlert({ resource: `load-${n}` })]);
    renderApp('/alerts', { token: makeToken(), config: { refresh_interval: 5000 } });
    await shown(1);
    expect(screen.getByText('Refreshing every 5 s')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: /^(Live|Connecting|Polling):/ })).not.toBeInTheDocument();
    await advance(5_000);
    await shown(2);
    await advance(5_000);
    await shown(3);
    expect(requests.some((r) => r.url.pathname.endsWith('/stream'))).toBe(false);
  });
});

describe('live updates under the pointer', () => {
  beforeEach(() => {
    stopFakeClock();
  });

  it('hold the rows still while the pointer is on the list: a new alert waits, a closed one stays until it leaves', async () => {
    const mock = liveStream();
    server.use(mock.handler);
    const first = makeAlert({ resource: 'first' });
    const second = makeAlert({ resource: 'second' });
    alertsScenario.list([first, second]);
    const { user } = renderApp('/alerts', { token: makeToken(), config: LIVE });
    const row = await screen.findByRole('row', { name: /second/ });
    await mock.connection(1);
    mock.hello('1');
    await screen.findByRole('status', { name: /^Live: changes show/ });
    const body = row.closest('tbody');
    if (body === null) throw new Error('no table body');
    await user.hover(row);

    alertsScenario.list([makeAlert({ resource: 'newcomer' }), second]);
    mock.event('alerts', '2', {
      changes: [alertChange('new', 'created'), { ...alertChange(first.id), status: 'closed' }],
    });
    // The list has been read again, but the rows under the pointer stay as they were.
    await waitFor(() => expect(document.querySelector('[data-gone]')).not.toBeNull());
    expect(screen.queryByRole('row', { name: /newcomer/ })).toBeNull();
    expect(body.querySelectorAll('tr')[0]).toHaveTextContent('first');

    await user.unhover(body);
    await screen.findByRole('row', { name: /newcomer/ });
    expect(screen.queryByRole('row', { name: /first/ })).toBeNull();
  });
});

describe('live updates on the other screens', () => {
  beforeEach(() => {
    stopFakeClock();
  });

  const reads = (path: string) => requests.filter((r) => r.url.pathname === path).length;
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** Opens `path` with the stream live, once the screen has read `readPath` and what follows hello has settled. */
  async function openLiveAt(path: string, readPath: string) {
    const mock = liveStream();
    server.use(mock.handler);
    renderApp(path, { token: makeToken(), config: LIVE });
    await mock.connection(1);
    mock.hello('1');
    await waitFor(() => expect(reads(readPath)).toBeGreaterThan(0));
    await pause(300);
    return { mock, before: reads(readPath) };
  }

  it('reload the alert detail when that alert changes, and not for another', async () => {
    const alert = makeAlert({ id: 'detail-1', text: 'before' });
    alertsScenario.list([alert]);
    const { mock, before } = await openLiveAt('/alert/detail-1', '/alert/detail-1');
    expect(await screen.findByText('before')).toBeInTheDocument();
    mock.event('alerts', '2', { changes: [alertChange('another')] });
    await pause(400);
    expect(reads('/alert/detail-1')).toBe(before);
    alertsScenario.list([{ ...alert, text: 'after' }]);
    mock.event('alerts', '3', { changes: [alertChange('detail-1')] });
    expect(await screen.findByText('after')).toBeInTheDocument();
    expect(reads('/alert/detail-1')).toBe(before + 1);
    expect(reads('/alert/detail-1/notes')).toBe(before + 1);
  });

  it('reload the alert detail, whichever it shows, when a burst leaves the changed alerts unnamed', async () => {
    const alert = makeAlert({ id: 'detail-2', text: 'before the burst' });
    alertsScenario.list([alert]);
    const { mock, before } = await openLiveAt('/alert/detail-2', '/alert/detail-2');
    expect(await screen.findByText('before the burst')).toBeInTheDocument();
    alertsScenario.list([{ ...alert, text: 'after the burst' }]);
    mock.event('alerts', '2', { changes: [alertChange('created-in-the-burst')], omitted: 40 });
    expect(await screen.findByText('after the burst')).toBeInTheDocument();
    expect(reads('/alert/detail-2')).toBe(before + 1);
  });

  it('reload the heartbeats when heartbeats change, not when blackouts do', async () => {
    const { mock, before } = await openLiveAt('/heartbeats', '/heartbeats');
    mock.event('blackouts', '2', { changes: [{ op: 'created', id: 'b1' }] });
    await pause(400);
    expect(reads('/heartbeats')).toBe(before);
    mock.event('heartbeats', '3', { changes: [{ op: 'changed', id: 'h1' }] });
    await waitFor(() => expect(reads('/heartbeats')).toBe(before + 1));
  });

  it('reload the blackouts when blackouts change', async () => {
    const { mock, before } = await openLiveAt('/blackouts', '/blackouts');
    mock.event('blackouts', '2', { changes: [{ op: 'deleted', id: 'b1' }] });
    await waitFor(() => expect(reads('/blackouts')).toBe(before + 1));
  });
});
