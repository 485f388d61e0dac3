import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { API, errorEnvelope, makeAlert, makeToken } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { recordRequests, server } from '../../test/server';
import { storeAttributes } from '../preferences/testPreferences';
import { alertsScenario } from '../../test/mocks';

const TOKEN = makeToken();

function puts(requests: ReturnType<typeof recordRequests>) {
  return requests.filter((r) => r.method === 'PUT' && r.url.pathname === '/user/me/attributes').map((r) => r.body);
}

type Step = [act: () => Promise<void>, prefs: unknown];

/** Takes each step and checks that it sent one PUT with exactly its preferences. */
async function expectSaves(requests: ReturnType<typeof recordRequests>, steps: Step[]) {
  for (const [index, [act, prefs]] of steps.entries()) {
    await act();
    await waitFor(() => expect(puts(requests)).toHaveLength(index + 1));
    expect(puts(requests)[index]).toEqual({ attributes: { prefs } });
  }
}

async function openSettings(config = {}) {
  const rendered = renderApp('/settings', { token: TOKEN, config });
  await screen.findByRole('heading', { name: 'Settings', level: 1 });
  await screen.findByRole('switch', { name: 'Dark theme' });
  return rendered;
}

describe('settings screen', () => {
  afterEach(() => {
    dayjs.locale('en');
  });

  it('saves each appearance and date change with exactly its own key, says so, and shows it at once', async () => {
    const store = storeAttributes({ queries: [{ text: 'mine', q: 'resource:web01' }] });
    const requests = recordRequests();
    const { user } = await openSettings();
    const choose = (name: string, value: string) => () =>
      user.selectOptions(screen.getByRole('combobox', { name }), value);
    await expectSaves(requests, [
      [
        // Said once the server has it; the message shows for 3 s, and the same message is not queued twice meanwhile.
        async () => {
          await user.click(screen.getByRole('switch', { name: 'Dark theme' }));
          expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
        },
        { isDark: true },
      ],
      [() => user.click(screen.getByRole('switch', { name: 'Play a sound for new alerts' })), { isMute: false }],
      [choose('Long date format', 'YYYY-MM-DD HH:mm:ss.SSS Z'), { dates: { longDate: 'YYYY-MM-DD HH:mm:ss.SSS Z' } }],
      [choose('Medium date format', 'll'), { dates: { mediumDate: 'll' } }],
      [choose('Short time format', 'HH:mm:ss'), { dates: { shortTime: 'HH:mm:ss' } }],
      [choose('Show dates and times in', 'utc'), { timezone: 'utc' }],
    ]);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Dark theme' })).toBeChecked());
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(screen.getByRole('switch', { name: 'Play a sound for new alerts' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Show dates and times in' })).toHaveValue('utc');
    expect(store.current).toEqual({
      queries: [{ text: 'mine', q: 'resource:web01' }],
      prefs: {
        isDark: true,
        isMute: false,
        dates: { longDate: 'YYYY-MM-DD HH:mm:ss.SSS Z', mediumDate: 'll', shortTime: 'HH:mm:ss' },
        timezone: 'utc',
      },
    });
  });

  it('saves each alert list and blackout change in the units the preferences keep', async () => {
    const store = storeAttributes();
    const requests = recordRequests();
    const { user } = await openSettings();
    const choose = (name: string, value: string) => () =>
      user.selectOptions(screen.getByRole('combobox', { name }), value);
    await expectSaves(requests, [
      [
        () => user.click(screen.getByRole('switch', { name: 'Always show every environment I may see' })),
        { showAllowedEnvs: true },
      ],
      [() => user.click(screen.getByRole('switch', { name: 'Show a notes icon' })), { showNotesIcon: true }],
      [choose('Font', 'Verdana'), { font: { 'font-family': 'Verdana' } }],
      [choose('Rows per page', '50'), { rowsPerPage: 50 }],
      [choose('Width of the Value column', '150'), { valueWidth: 150 }],
      [choose('Width of the Description column', '800'), { textWidth: 800 }],
      [choose('Refresh the list every', '30'), { refreshInterval: 30000 }],
      [choose('Acknowledgement timeout', '240'), { ackTimeout: 14400 }],
      [choose('Acknowledgement timeout', '0'), { ackTimeout: 0 }],
      [choose('Shelve timeout', '1440'), { shelveTimeout: 86400 }],
      [
        () => user.click(screen.getByRole('switch', { name: 'Start new blackout periods immediately' })),
        { blackoutStartNow: false },
      ],
      [choose('Default length of a blackout period', '8'), { blackoutPeriod: 28800 }],
    ]);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('50'));
    expect(screen.getByRole('combobox', { name: 'Acknowledgement timeout' })).toHaveDisplayValue('No timeout');
    expect(screen.getByRole('combobox', { name: 'Shelve timeout' })).toHaveDisplayValue('24 hours');
    expect(screen.getByRole('combobox', { name: 'Default length of a blackout period' })).toHaveDisplayValue('8 hours');
    expect(screen.getByRole('switch', { name: 'Start new blackout periods immediately' })).not.toBeChecked();
    expect(store.current).toEqual({
      prefs: {
        showAllowedEnvs: true,
        showNotesIcon: true,
        font: { 'font-family': 'Verdana' },
        rowsPerPage: 50,
        valueWidth: 150,
        textWidth: 800,
        refreshInterval: 30000,
        ackTimeout: 0,
        shelveTimeout: 86400,
        blackoutStartNow: false,
        blackoutPeriod: 28800,
      },
    });
  });

  it("shows the config's values until the user chooses, and each date format as the time now looks in it", async () => {
    storeAttributes();
    await openSettings({
      refresh_interval: 10000,
      timeouts: { ack: 7200, shelve: 14400 },
      blackouts: { duration: 7200 },
      dates: { longDate: 'YYYY-MM-DD HH:mm:ss.SSS Z', mediumDate: 'ddd D MMM HH:mm', shortTime: 'HH:mm' },
      font: { 'font-family': 'Arial, sans-serif', 'font-size': '15px', 'font-weight': 400 },
    });
    expect(screen.getByRole('switch', { name: 'Dark theme' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Play a sound for new alerts' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Start new blackout periods immediately' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Language of the console' })).toHaveDisplayValue('English');
    expect(screen.getByRole('combobox', { name: 'Refresh the list every' })).toHaveDisplayValue('10 seconds');
    expect(screen.getByRole('combobox', { name: 'Acknowledgement timeout' })).toHaveDisplayValue('2 hours');
    expect(screen.getByRole('combobox', { name: 'Shelve timeout' })).toHaveDisplayValue('4 hours');
    expect(screen.getByRole('combobox', { name: 'Default length of a blackout period' })).toHaveDisplayValue('2 hours');
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveDisplayValue('20 rows');
    expect(screen.getByRole('combobox', { name: 'Width of the Value column' })).toHaveDisplayValue('50 px');
    expect(screen.getByRole('combobox', { name: 'Width of the Description column' })).toHaveDisplayValue('400 px');
    expect(screen.getByRole('combobox', { name: 'Show dates and times in' })).toHaveValue('local');
    expect(screen.getByRole('combobox', { name: 'Font' })).toHaveDisplayValue('Arial, sans-serif (default)');
    expect(screen.getByRole('slider', { name: 'Font size' })).toHaveAttribute('aria-valuenow', '15');
    expect(screen.getByRole('slider', { name: 'Font weight' })).toHaveAttribute('aria-valuenow', '400');

    const now = dayjs();
    const long = screen.getByRole('combobox', { name: 'Long date format' });
    expect(long).toHaveValue('YYYY-MM-DD HH:mm:ss.SSS Z');
    expect(
      within(long).getByRole('option', {
        name: /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} [+-]\d\d:\d\d \(YYYY-MM-DD HH:mm:ss\.SSS Z\)$/,
      }),
    ).toBeInTheDocument();
    // A locale-aware format is previewed once its plugin has loaded, never as raw tokens.
    await waitFor(() =>
      expect(
        within(screen.getByRole('combobox', { name: 'Medium date format' })).getByRole('option', {
          name: `${now.format('MMMM D, YYYY')} (LL)`,
        }),
      ).toBeInTheDocument(),
    );
    expect(
      within(screen.getByRole('combobox', { name: 'Short time format' })).getByRole('option', {
        name: /^\d\d:\d\d \(HH:mm\)$/,
      }),
    ).toBeInTheDocument();
  });

  it('saves the font size once the slider rests, and the alert table takes it', async () => {
    storeAttributes();
    const requests = recordRequests();
    alertsScenario.list([makeAlert()]);
    const { user } = await openSettings();
    const size = screen.getByRole('slider', { name: 'Font size' });
    size.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(size).toHaveAttribute('aria-valuenow', '16');
    // One save for the three steps, after the slider has rested.
    expect(puts(requests)).toEqual([]);
    await waitFor(
      () => expect(puts(requests)).toEqual([{ attributes: { prefs: { font: { 'font-size': '16px' } } } }]),
      {
        timeout: 10_000,
      },
    );
    const weight = screen.getByRole('slider', { name: 'Font weight' });
    weight.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    await waitFor(() => expect(puts(requests)).toHaveLength(2));
    expect(puts(requests)[1]).toEqual({ attributes: { prefs: { font: { 'font-weight': 700 } } } });

    await user.click(screen.getByRole('link', { name: 'Alerts' }));
    const table = await screen.findByRole('table', { name: 'Alert list' });
    expect(table).toHaveStyle({ fontSize: '16px', fontWeight: '700' });
  });

  it('resets every preference, keeping the saved searches, and the console follows', async () => {
    const store = storeAttributes({
      prefs: { isDark: true, rowsPerPage: 100, timezone: 'utc', languagePref: 'de' },
      queries: [{ text: 'mine', q: 'x' }],
    });
    const requests = recordRequests();
    const { user } = renderApp('/settings', { token: TOKEN });
    // The user's language first: German.
    // The German catalogues load first, which can take a while on a busy machine.
    expect(await screen.findByRole('heading', { name: 'Einstellungen', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark'));
    expect(screen.getByRole('combobox', { name: 'Zeilen pro Seite' })).toHaveValue('100');

    await user.click(screen.getByRole('button', { name: 'Auf Standard zurücksetzen' }));
    // Confirmed in the language the user pressed the button in. Looked for first: the message stays 3 s, and the screen
    // drawn again in English can take longer than that on a busy machine.
    expect(await screen.findByText('Einstellungen auf Standard zurückgesetzt.')).toBeInTheDocument();
    // Back to the browser's language, English, and the light theme.
    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
    expect(puts(requests)).toEqual([{ attributes: { prefs: null } }]);
    expect(store.current).toEqual({ queries: [{ text: 'mine', q: 'x' }] });
    expect(screen.getByRole('switch', { name: 'Dark theme' })).not.toBeChecked();
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'light');
    expect(document.documentElement.lang).toBe('en');
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('20');
    expect(screen.getByRole('combobox', { name: 'Show dates and times in' })).toHaveValue('local');
  });

  it('switches the console to the language chosen, at once', async () => {
    storeAttributes();
    const requests = recordRequests();
    const { user } = await openSettings();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language of the console' }), 'fr');
    expect(await screen.findByRole('heading', { name: 'Réglages', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('switch', { name: 'Thème sombre' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Langue de la console' })).toHaveDisplayValue('Français');
    expect(document.documentElement.lang).toBe('fr');
    expect(puts(requests)).toEqual([{ attributes: { prefs: { languagePref: 'fr' } } }]);
  });

  it('puts back what the server kept when a save fails, and says why', async () => {
    storeAttributes({ prefs: { rowsPerPage: 10 } });
    server.use(
      http.put(`${API}/user/me/attributes`, () =>
        HttpResponse.json(errorEnvelope(500, 'database is away'), { status: 500 }),
      ),
    );
    const { user } = await openSettings();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '200');
    expect(await screen.findByText('Database is away (500)')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('10'));
    expect(screen.queryByText('Settings saved.')).not.toBeInTheDocument();
  });

  it('shows a flipped switch within the click, before the saved preferences come back', async () => {
    storeAttributes();
    await openSettings();
    const dark = screen.getByRole('switch', { name: 'Dark theme' });
    act(() => {
      fireEvent.click(dark);
    });
    // No timer has run yet: what the user sees comes from the click alone.
    expect(dark).toBeChecked();
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    expect(dark).toBeChecked();
  });

  it('puts a switch back when the server refuses the change', async () => {
    storeAttributes({ prefs: { isDark: false } });
    server.use(
      http.put(`${API}/user/me/attributes`, () =>
        HttpResponse.json(errorEnvelope(403, 'not allowed here'), { status: 403 }),
      ),
    );
    const { user } = await openSettings();
    await user.click(screen.getByRole('switch', { name: 'Dark theme' }));
    expect(await screen.findByText('Not allowed here (403)')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Dark theme' })).not.toBeChecked());
  });

  it('tells a visitor without an account that settings need a login, and asks the server nothing', async () => {
    const requests = recordRequests();
    renderApp('/settings', { config: { auth_required: false } });
    expect(await screen.findByText('Log in to choose your settings')).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(requests.some((r) => r.url.pathname === '/user/me/attributes')).toBe(false);
  });
});
