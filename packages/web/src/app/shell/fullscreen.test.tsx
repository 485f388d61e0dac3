import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API, makeAlert, makeToken } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { server } from '../../test/server';
import { alertsScenario } from '../../test/mocks';

let fullscreenElement: Element | null = null;

/** jsdom has no Fullscreen API: a minimal one, where entering can be refused as a browser does without a gesture. */
function installFullscreen({ refuse = false }: { refuse?: boolean } = {}) {
  fullscreenElement = null;
  const change = () => document.dispatchEvent(new Event('fullscreenchange'));
  const request = vi.fn(() => {
    if (refuse) return Promise.reject(new TypeError('Permissions check failed'));
    fullscreenElement = document.documentElement;
    change();
    return Promise.resolve();
  });
  const exit = vi.fn(() => {
    fullscreenElement = null;
    change();
    return Promise.resolve();
  });
  Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, value: true });
  Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => fullscreenElement });
  Object.defineProperty(document, 'exitFullscreen', { configurable: true, value: exit });
  Object.defineProperty(document.documentElement, 'requestFullscreen', { configurable: true, value: request });
  return { request, exit };
}

afterEach(() => {
  for (const key of ['fullscreenEnabled', 'fullscreenElement', 'exitFullscreen']) Reflect.deleteProperty(document, key);
  Reflect.deleteProperty(document.documentElement, 'requestFullscreen');
});

function serveAlerts(alerts = [makeAlert({ resource: 'wall01' })]) {
  alertsScenario.list(alerts);
  server.use(
    http.get(`${API}/alert/:id`, () => HttpResponse.json({ status: 'ok', total: 1, alert: alerts[0] })),
    http.get(`${API}/alert/:id/notes`, () => HttpResponse.json({ status: 'ok', notes: [], total: 0 })),
  );
}

describe('full screen toggle', () => {
  it('enters and leaves full screen, its label saying which', async () => {
    const { request, exit } = installFullscreen();
    serveAlerts();
    const { user } = renderApp('/alerts', { token: makeToken() });
    await user.click(await screen.findByRole('button', { name: 'Full screen' }));
    expect(request).toHaveBeenCalledTimes(1);
    await user.click(await screen.findByRole('button', { name: 'Exit full screen' }));
    expect(exit).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('button', { name: 'Full screen' })).toBeInTheDocument();
  });

  it('follows full screen left another way (Escape)', async () => {
    installFullscreen();
    serveAlerts();
    const { user } = renderApp('/alerts', { token: makeToken() });
    await user.click(await screen.findByRole('button', { name: 'Full screen' }));
    expect(await screen.findByRole('button', { name: 'Exit full screen' })).toBeInTheDocument();
    fullscreenElement = null;
    fireEvent(document, new Event('fullscreenchange'));
    expect(await screen.findByRole('button', { name: 'Full screen' })).toBeInTheDocument();
  });

  it('is not offered where the browser has no full screen', async () => {
    serveAlerts();
    renderApp('/alerts', { token: makeToken() });
    await screen.findByRole('button', { name: 'Refresh' });
    expect(screen.queryByRole('button', { name: 'Full screen' })).not.toBeInTheDocument();
  });
});

describe('kiosk mode', () => {
  it('asks for full screen as it starts', async () => {
    const { request } = installFullscreen();
    serveAlerts();
    renderApp('/alerts?kiosk=1', { token: makeToken() });
    expect(await screen.findByRole('row', { name: /wall01/ })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    await waitFor(() => expect(request).toHaveBeenCalledTimes(1));
  });

  it('asks again on the first click when the browser wanted a gesture, and only once', async () => {
    const { request } = installFullscreen({ refuse: true });
    serveAlerts();
    const { user } = renderApp('/alerts?kiosk', { token: makeToken() });
    await screen.findByRole('row', { name: /wall01/ });
    await waitFor(() => expect(request).toHaveBeenCalledTimes(1));
    await user.click(screen.getByRole('heading', { name: 'Alerts' }));
    expect(request).toHaveBeenCalledTimes(2);
    await user.click(screen.getByRole('heading', { name: 'Alerts' }));
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('stays on when an alert is opened and the list is back', async () => {
    serveAlerts();
    const { user, location } = renderApp('/alerts?kiosk=yes', { token: makeToken() });
    await user.click(await screen.findByText('wall01'));
    await waitFor(() => expect(location().pathname).toMatch(/^\/alert\//));
    const back = await screen.findByRole('button', { name: 'Back to the list' });
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    await user.click(back);
    await waitFor(() => expect(location().pathname).toBe('/alerts'));
    expect(await screen.findByRole('row', { name: /wall01/ })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });

  it('is turned off by kiosk=0', async () => {
    serveAlerts();
    const { context } = renderApp('/alerts?kiosk', { token: makeToken() });
    await screen.findByRole('row', { name: /wall01/ });
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    await context.router.navigate('/alerts?kiosk=0');
    expect(await screen.findByRole('banner')).toBeInTheDocument();
    await context.router.navigate('/alerts');
    expect(await screen.findByRole('banner')).toBeInTheDocument();
  });
});
