import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeToken } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { recordRequests, server, type RecordedRequest } from '../../test/server';
import { liveStream, meScenario } from '../../test/mocks';

// docs/console/account-screens.md#settings, docs/console/behaviour.md#desktop-notifications: notifications are turned on
// in Settings after the browser's permission, for the severities chosen (critical and major unless changed).

let requests: RecordedRequest[] = [];
const puts = () =>
  requests.filter((r) => r.method === 'PUT' && r.url.pathname === '/user/me/attributes').map((r) => r.body);

let permission: NotificationPermission = 'default';
let answer: NotificationPermission = 'granted';
const requestPermission = vi.fn(() => Promise.resolve(answer));

beforeEach(() => {
  permission = 'default';
  answer = 'granted';
  requestPermission.mockClear();
  vi.stubGlobal('Notification', {
    get permission() {
      return permission;
    },
    requestPermission,
  });
  requests = recordRequests();
  server.use(liveStream().handler);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openSettings(config = { stream: { path: '/alerts/stream' } }) {
  renderApp('/settings', { token: makeToken(), config });
  await screen.findByRole('switch', { name: 'Dark theme' });
}

const notifySwitch = () => screen.getByRole('switch', { name: 'Notify me of new alerts on the desktop' });

describe('desktop notification settings', () => {
  it('ask the browser first, then save the choice with the default severities', async () => {
    await openSettings();
    expect(screen.getByRole('region', { name: 'Desktop notifications' })).toBeInTheDocument();
    expect(notifySwitch()).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Critical' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Major' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Minor' })).not.toBeChecked();
    fireEvent.click(notifySwitch());
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(puts()[0]).toEqual({ attributes: { prefs: { notify: true, notifySeverities: ['critical', 'major'] } } });
    await waitFor(() => expect(notifySwitch()).toBeChecked());
  });

  it('say clearly when the browser refuses, and save nothing', async () => {
    answer = 'denied';
    await openSettings();
    fireEvent.click(notifySwitch());
    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent('Desktop notifications are not possible');
    expect(refusal).toHaveTextContent('The browser refuses notifications for this site.');
    await waitFor(() => expect(notifySwitch()).not.toBeChecked());
    expect(puts()).toEqual([]);
  });

  it('say so when the browser has no notifications at all', async () => {
    vi.stubGlobal('Notification', undefined);
    await openSettings();
    fireEvent.click(notifySwitch());
    expect(await screen.findByRole('alert')).toHaveTextContent('This browser cannot show desktop notifications.');
    expect(puts()).toEqual([]);
  });

  it('show a permission the browser has since withdrawn, and save the severities chosen', async () => {
    meScenario.prefs({ notify: true });
    permission = 'denied';
    await openSettings();
    await waitFor(() => expect(notifySwitch()).toBeChecked());
    expect(screen.getByRole('alert')).toHaveTextContent('The browser refuses notifications for this site.');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Minor' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toEqual({ attributes: { prefs: { notifySeverities: ['critical', 'major', 'minor'] } } });
  });

  it('turn off without asking anything', async () => {
    meScenario.prefs({ notify: true, notifySeverities: ['critical'] });
    permission = 'granted';
    await openSettings();
    await waitFor(() => expect(notifySwitch()).toBeChecked());
    fireEvent.click(notifySwitch());
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toEqual({ attributes: { prefs: { notify: false } } });
    expect(requestPermission).not.toHaveBeenCalled();
  });

  it('are not offered by a server without the live stream', async () => {
    await openSettings({} as { stream: { path: string } });
    expect(screen.queryByRole('region', { name: 'Desktop notifications' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: /Notify me/ })).not.toBeInTheDocument();
  });
});
