import type { ClientConfig } from '@alerta/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeAlert, makeToken } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { recordRequests, server, type RecordedRequest } from '../../test/server';
import { alertsScenario, liveStream, meScenario, type LiveStreamMock } from '../../test/mocks';

// docs/console/behaviour.md#desktop-notifications: a desktop notification for a new open alert of a chosen severity
// that the alert list's filter finds, from the tab running the stream; never for repeats or changes, never muted.

const LIVE: ClientConfig = { stream: { path: '/alerts/stream' } };

/** The browser's Notification, as far as the console uses it. */
class FakeNotification {
  static permission: NotificationPermission = 'granted';
  static requestPermission = vi.fn(() => Promise.resolve(FakeNotification.permission));
  static shown: FakeNotification[] = [];
  onclick: (() => void) | null = null;
  closed = false;
  constructor(
    readonly title: string,
    readonly options: NotificationOptions = {},
  ) {
    FakeNotification.shown.push(this);
  }
  close() {
    this.closed = true;
  }
}

let requests: RecordedRequest[] = [];
const idLookups = () => requests.filter((r) => r.url.pathname === '/alerts' && r.url.searchParams.has('id'));

const NEW = makeAlert({
  id: 'new-critical',
  severity: 'critical',
  resource: 'db01',
  event: 'DiskFull',
  text: 'Disk is full',
});

function created(id: string, overrides: Record<string, unknown> = {}) {
  return {
    op: 'created',
    id,
    environment: 'Production',
    severity: 'critical',
    status: 'open',
    lastReceiveTime: '2026-03-14T09:00:00.000Z',
    updateTime: null,
    repeat: false,
    ...overrides,
  };
}

/** Opens the alert list with the stream live; GET /alerts with ids finds only `found`. */
async function openLive(found = [NEW]): Promise<LiveStreamMock & { app: ReturnType<typeof renderApp> }> {
  const mock = liveStream();
  server.use(mock.handler);
  alertsScenario.answer((url) =>
    url.searchParams.has('id')
      ? found.filter((alert) => url.searchParams.getAll('id').includes(alert.id))
      : [makeAlert({ resource: 'web01' })],
  );
  const app = renderApp('/alerts', { token: makeToken(), config: LIVE });
  await screen.findByText('web01');
  await mock.connection(1);
  mock.hello('1');
  await screen.findByRole('status', { name: /^Live: changes show/ });
  return { ...mock, app };
}

/** Lets a batch of changes, and any look-up it makes, run its course. */
async function settle() {
  await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
}

beforeEach(() => {
  FakeNotification.permission = 'granted';
  FakeNotification.shown = [];
  FakeNotification.requestPermission.mockClear();
  vi.stubGlobal('Notification', FakeNotification);
  requests = recordRequests();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('desktop notifications', () => {
  it('notify of a new open alert of a chosen severity that the filter finds, and of nothing else', async () => {
    meScenario.prefs({ notify: true });
    const mock = await openLive();
    mock.event('alerts', '2', {
      changes: [
        created('new-critical'),
        created('changed-one', { op: 'changed' }),
        created('a-repeat', { repeat: true }),
        created('too-minor', { severity: 'minor' }),
        created('acked', { status: 'ack' }),
        created('not-in-filter', { severity: 'major' }),
      ],
    });
    await waitFor(() => expect(FakeNotification.shown).toHaveLength(1));
    const [notification] = FakeNotification.shown;
    expect(notification?.title).toBe('Critical: db01 · DiskFull');
    expect(notification?.options.body).toBe('Disk is full');
    // The server was asked which of the candidates the list's filter finds.
    const [lookup] = idLookups();
    expect(lookup?.url.searchParams.getAll('id')).toEqual(['new-critical', 'not-in-filter']);
    expect(lookup?.url.searchParams.getAll('status')).toEqual(['open', 'ack']);
    await settle();
    expect(FakeNotification.shown).toHaveLength(1);
  });

  it('open the alert and bring the tab forward when clicked', async () => {
    meScenario.prefs({ notify: true });
    const focus = vi.spyOn(window, 'focus').mockImplementation(() => undefined);
    const mock = await openLive();
    mock.event('alerts', '2', { changes: [created('new-critical')] });
    await waitFor(() => expect(FakeNotification.shown).toHaveLength(1));
    act(() => FakeNotification.shown[0]?.onclick?.());
    await waitFor(() => expect(mock.app.location().pathname).toBe('/alert/new-critical'));
    expect(focus).toHaveBeenCalled();
    expect(FakeNotification.shown[0]?.closed).toBe(true);
  });

  it('follow the severities the user chose', async () => {
    meScenario.prefs({ notify: true, notifySeverities: ['minor'] });
    const minor = makeAlert({ id: 'minor-one', severity: 'minor', resource: 'app02', event: 'Slow', text: 'slow' });
    const mock = await openLive([NEW, minor]);
    mock.event('alerts', '2', { changes: [created('new-critical'), created('minor-one', { severity: 'minor' })] });
    await waitFor(() => expect(FakeNotification.shown.map((n) => n.title)).toEqual(['Minor: app02 · Slow']));
  });

  it.each([
    ['muted', { notify: true, isMute: true }, 'granted'],
    ['turned off', {}, 'granted'],
    ['refused by the browser', { notify: true }, 'denied'],
  ] as const)('stay quiet when %s', async (_case, prefs, permission) => {
    meScenario.prefs(prefs);
    FakeNotification.permission = permission;
    const mock = await openLive();
    mock.event('alerts', '2', { changes: [created('new-critical')] });
    await settle();
    expect(FakeNotification.shown).toHaveLength(0);
    expect(idLookups()).toHaveLength(0);
  });

  it('never come from a tab that only listens to the stream another tab runs', async () => {
    meScenario.prefs({ notify: true });
    // Another tab holds the lock: this one waits for it and hears the stream through the channel.
    const request = vi.fn(() => new Promise<never>(() => undefined));
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { locks: { request } }));
    const leader = new BroadcastChannel('alerta-live http://api.test');
    try {
      alertsScenario.answer((url) => (url.searchParams.has('id') ? [NEW] : [makeAlert({ resource: 'web01' })]));
      renderApp('/alerts', { token: makeToken(), config: LIVE });
      await screen.findByText('web01');
      await waitFor(() => expect(request).toHaveBeenCalled());
      leader.postMessage({ kind: 'state', state: 'live' });
      await screen.findByRole('status', { name: /^Live: changes show/ });
      const loads = requests.filter((r) => r.url.pathname === '/alerts').length;
      leader.postMessage({
        kind: 'event',
        event: { event: 'alerts', id: '2', data: { changes: [created('new-critical')] } },
      });
      // The list hears of the change and reloads; the notification is the other tab's to raise.
      await waitFor(() => expect(requests.filter((r) => r.url.pathname === '/alerts').length).toBe(loads + 1));
      await settle();
      expect(FakeNotification.shown).toHaveLength(0);
      expect(idLookups()).toHaveLength(0);
    } finally {
      leader.close();
    }
  });
});
