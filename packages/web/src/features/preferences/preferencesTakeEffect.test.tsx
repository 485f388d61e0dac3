import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API, makeAlert, makeToken } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { recordRequests, server } from '../../test/server';
import { formatDate, hasLocalizedTokens, loadDateExtras } from './dateFormat';
import { storeAttributes } from './testPreferences';
import { alertsScenario } from '../../test/mocks';

// A zone 5½ hours from UTC, so local and UTC times differ in every assertion whatever the machine's zone.
const previousZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Asia/Kolkata';
});
afterAll(() => {
  process.env.TZ = previousZone;
});
afterEach(() => {
  dayjs.locale('en');
});

const TOKEN = makeToken();

function serveAlerts(alerts = [makeAlert({ value: 'a long value', text: 'a long description' })]) {
  const requests = recordRequests();
  alertsScenario.list(alerts);
  return requests;
}

const lastReceived = async () => {
  const table = await screen.findByRole('table', { name: 'Alert list' });
  return within(table).findByText((_, element) => element?.tagName === 'TIME');
};

describe('preferences across the console', () => {
  it('shows the alert list in UTC once the user chooses it in Settings, and in local time before', async () => {
    storeAttributes();
    serveAlerts();
    const { user } = renderApp('/alerts', { token: TOKEN });
    // makeAlert's last receive time is 10:05 UTC: 15:35 in Kolkata.
    expect(await lastReceived()).toHaveTextContent('Fri 20 Nov 15:35');

    await user.click(screen.getByRole('link', { name: 'Settings' }));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Show dates and times in' }), 'utc');
    await screen.findByText('Settings saved.');
    await user.click(screen.getByRole('link', { name: 'Alerts' }));
    await waitFor(async () => expect(await lastReceived()).toHaveTextContent('Fri 20 Nov 10:05'));
  });

  it('asks for the chosen page size and draws the value and description columns at the chosen widths', async () => {
    storeAttributes({ prefs: { rowsPerPage: 50, valueWidth: 150, textWidth: 600, showNotesIcon: true } });
    const requests = serveAlerts();
    renderApp('/alerts', { token: TOKEN });
    const table = await screen.findByRole('table', { name: 'Alert list' });
    await within(table).findByText('a long value');
    const list = requests.filter((r) => r.url.pathname === '/alerts');
    expect(list.map((r) => r.url.searchParams.get('page-size'))).toEqual(['50']);
    expect(list[0]?.url.searchParams.get('show-history')).toBe('true');
    expect(within(table).getByText('a long value')).toHaveStyle({ maxWidth: '150px' });
    expect(within(table).getByText('a long description')).toHaveStyle({ maxWidth: '600px' });
  });

  it("draws the alert table in the user's font, else the config's", async () => {
    storeAttributes({ prefs: { font: { 'font-family': 'Verdana', 'font-size': '18px' } } });
    serveAlerts();
    renderApp('/alerts', {
      token: TOKEN,
      config: { font: { 'font-family': 'Arial', 'font-size': '12px', 'font-weight': 300 } },
    });
    const table = await screen.findByRole('table', { name: 'Alert list' });
    await waitFor(() => expect(table).toHaveStyle({ fontFamily: 'Verdana', fontSize: '18px', fontWeight: '300' }));
  });

  it("shows the alert's details and history in the user's formats, in UTC when chosen", async () => {
    storeAttributes({
      prefs: { timezone: 'utc', dates: { longDate: 'YYYY-MM-DD HH:mm Z', mediumDate: 'LT' } },
    });
    const alert = makeAlert({
      history: [
        {
          id: 'h1-0000-0000',
          href: '',
          event: 'NodeDown',
          severity: 'major',
          status: 'open',
          value: null,
          text: 'opened',
          type: 'new',
          updateTime: '2026-11-20T10:00:00.000Z',
          user: null,
          timeout: 86400,
        },
      ],
    });
    server.use(
      http.get(`${API}/alert/${alert.id}`, () => HttpResponse.json({ status: 'ok', total: 1, alert })),
      http.get(`${API}/alert/${alert.id}/notes`, () => HttpResponse.json({ status: 'ok', notes: [], total: 0 })),
    );
    const { user } = renderApp(`/alert/${alert.id}`, { token: TOKEN });
    expect(await screen.findByText(/^2026-11-20 10:05 \+00:00/)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'History' }));
    // LT, a locale-aware format, once its plugin has loaded.
    const history = await screen.findByRole('table', { name: 'Alert history' });
    expect(await within(history).findByText('10:00 AM')).toBeInTheDocument();
  });
});

describe('formatDate', () => {
  it('finds locale-aware tokens outside literal text only', () => {
    expect(hasLocalizedTokens('LL')).toBe(true);
    expect(hasLocalizedTokens('l hh:mm:ss.SSS A')).toBe(true);
    expect(hasLocalizedTokens('ddd D MMM HH:mm')).toBe(false);
    expect(hasLocalizedTokens('YYYY-MM-DD[T]HH:mm:ss.SSS[Z]')).toBe(false);
    expect(hasLocalizedTokens('[Lundi] HH:mm')).toBe(false);
  });

  it('shows an unreadable date as it came, local times with their offset, and UTC as +00:00', async () => {
    expect(formatDate('not a date', 'HH:mm', false, 'HH:mm')).toBe('not a date');
    expect(formatDate('2026-11-20T10:05:00.000Z', 'HH:mm Z', false, 'HH:mm')).toBe('15:35 +05:30');
    await loadDateExtras();
    expect(formatDate('2026-11-20T10:05:00.000Z', 'HH:mm Z', true, 'HH:mm')).toBe('10:05 +00:00');
    expect(formatDate('2026-11-20T10:05:00.000Z', '[LT] LTS', true, 'HH:mm')).toBe('LT 10:05:00 AM');
  });
});
