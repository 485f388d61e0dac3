import { HISTORY_TYPES, type History } from '@alerta/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAlert, makeToken } from '../test/fixtures';
import { alertsScenario, meScenario } from '../test/mocks';
import { renderApp } from '../test/renderApp';
import { coreCatalogues } from './catalogues';
import { createI18n, SUPPORTED_LANGUAGES } from '.';
import {
  historyTypeLabel,
  LABELLED_HISTORY_TYPES,
  LABELLED_SEVERITIES,
  LABELLED_STATUSES,
  severityLabel,
  statusLabel,
  trendLabel,
} from './enumLabels';

/** A history entry of `type`, with values that are no catalogue words. */
const historyEntry = (type: string, minute: number): History => ({
  id: `zq${String(minute).padStart(2, '0')}-0000-0000`,
  href: '',
  event: 'zqEvent',
  severity: null,
  status: null,
  value: null,
  text: `zq entry ${minute}`,
  type,
  updateTime: new Date(Date.UTC(2026, 10, 20, 10, minute)).toISOString(),
  user: null,
  timeout: null,
});

describe('words for fixed values', () => {
  it.each(SUPPORTED_LANGUAGES.filter((language) => language !== 'en'))(
    'has a word of its own in %s for every status and severity of the alarm model',
    (language) => {
      const t = createI18n(language, coreCatalogues[language]).t;
      const english = createI18n('en').t;
      for (const status of LABELLED_STATUSES) expect(statusLabel(t, status), status).not.toBe(status);
      for (const severity of LABELLED_SEVERITIES) {
        expect(severityLabel(t, severity), severity).not.toBe(severity);
        expect(severityLabel(english, severity), severity).not.toBe('');
      }
    },
  );

  it.each(SUPPORTED_LANGUAGES)('has a word in %s for every type of history entry the API writes', (language) => {
    const t = createI18n(language, coreCatalogues[language]).t;
    const english = createI18n('en').t;
    expect([...LABELLED_HISTORY_TYPES].sort()).toEqual([...HISTORY_TYPES].sort());
    for (const type of HISTORY_TYPES) {
      const word = historyTypeLabel(t, type);
      expect(word, type).not.toBe(type);
      expect(word, type).not.toBe('');
      expect(word, type).not.toMatch(/^detail\./);
      if (language !== 'en')
        expect(Object.hasOwn(coreCatalogues[language], `detail.history.type.${type}`), type).toBe(true);
      expect(historyTypeLabel(english, type), type).not.toBe(type);
    }
    // A type the API does not document shows as it came; an entry without one is of an unknown type.
    expect(historyTypeLabel(t, 'zqCustom')).toBe('zqCustom');
    expect(historyTypeLabel(t, 'constructor')).toBe('constructor');
    expect(historyTypeLabel(t, '')).toBe(t('detail.history.unknownType'));
    expect(historyTypeLabel(t, 'unknown')).toBe(t('detail.history.unknownType'));
  });

  it('shows a value outside the lists as it came', () => {
    const t = createI18n('de', coreCatalogues.de).t;
    expect(statusLabel(t, 'ACKED')).toBe('ACKED');
    expect(severityLabel(t, 'toString')).toBe('toString');
    expect(trendLabel(t, 'moreSevere')).toBe('Schwerer');
    expect(trendLabel(t, 'sideways')).toBe('sideways');
  });

  it('names the statuses of the filter sheet in the language of the console', async () => {
    meScenario.prefs({ languagePref: 'de' });
    alertsScenario.list([makeAlert()]);
    const { user } = renderApp('/alerts', { token: makeToken() });
    await user.click(await screen.findByRole('button', { name: 'Filter' }));
    const sheet = await screen.findByRole('dialog', { name: 'Filter' });
    // The default statuses, open and ack, as chosen pills.
    expect(within(sheet).getAllByText('Offen')[0]).toBeVisible();
    expect(within(sheet).getAllByText('Bestätigt')[0]).toBeVisible();
    expect(within(sheet).queryByText('open')).toBeNull();
    expect(within(sheet).queryByText('ack')).toBeNull();
  });

  it('names the statuses of the reports filter in the language of the console', async () => {
    meScenario.prefs({ languagePref: 'de' });
    const { user } = renderApp('/reports', { token: makeToken() });
    await user.click(await screen.findByRole('combobox', { name: 'Status' }));
    const list = await screen.findByRole('listbox', { name: 'Status', hidden: true });
    const options = within(list)
      .getAllByRole('option', { hidden: true })
      .map((option) => option.textContent);
    // Open and acknowledged are chosen already, so the list offers the others.
    expect(options).toEqual([
      'Zugewiesen',
      'Zurückgestellt',
      'Im Wartungsfenster',
      'Geschlossen',
      'Abgelaufen',
      'Unbekannt',
    ]);
  });

  it('names the severities of the reports filter in the language of the console, keeping their names in requests', async () => {
    meScenario.prefs({ languagePref: 'de' });
    const { user, location } = renderApp('/reports', { token: makeToken() });
    await user.click(await screen.findByRole('combobox', { name: 'Schweregrad' }));
    const list = await screen.findByRole('listbox', { name: 'Schweregrad', hidden: true });
    const options = within(list)
      .getAllByRole('option', { hidden: true })
      .map((option) => option.textContent);
    expect(options).toEqual(expect.arrayContaining(['Kritisch', 'Schwer', 'Unbekannt']));
    expect(options).not.toContain('critical');
    await user.click(within(list).getByRole('option', { name: 'Kritisch', hidden: true }));
    await waitFor(() => expect(new URLSearchParams(location().search).getAll('severity')).toEqual(['critical']));
  });

  it('shows status, severity and trend in the alert list as words of the console language', async () => {
    meScenario.prefs({ languagePref: 'de' });
    alertsScenario.list([
      makeAlert({ resource: 'zq-one', status: 'shelved', severity: 'minor', trendIndication: 'lessSevere' }),
    ]);
    renderApp('/alerts', {
      token: makeToken(),
      config: { columns: ['severity', 'status', 'resource', 'trendIndication', 'previousSeverity'] },
    });
    const row = await screen.findByRole('row', { name: /zq-one/ });
    await within(row).findByText('Zurückgestellt', {});
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(
      expect.arrayContaining(['Gering', 'Zurückgestellt', 'zq-one', 'Weniger schwer', 'Unbestimmt']),
    );
  });

  it('shows the type of each history entry as a word of the console language', async () => {
    meScenario.prefs({ languagePref: 'de' });
    const types = ['new', 'ack', 'note', 'zqCustom', ''];
    const alert = makeAlert({ history: types.map((type, minute) => historyEntry(type, minute)) });
    alertsScenario.list([alert]);
    const { user } = renderApp(`/alert/${alert.id}`, { token: makeToken() });
    await user.click(await screen.findByRole('tab', { name: 'Verlauf' }));
    const table = screen.getByRole('table', { name: 'Verlauf des Alarms' });
    const header = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    const typeColumn = header.indexOf('Typ');
    expect(typeColumn).toBeGreaterThan(-1);
    const shown = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[typeColumn]?.textContent);
    // Newest first.
    expect(shown).toEqual(['unbekannt', 'zqCustom', 'Notiz', 'Bestätigt', 'Ausgelöst']);
  });

  it('names a status filter chip by the status word of the console language', async () => {
    meScenario.prefs({ languagePref: 'de' });
    alertsScenario.list([makeAlert()]);
    renderApp('/alerts#status:closed,ack', { token: makeToken() });
    const chips = await screen.findByRole('list', { name: 'Aktive Filter' });
    await waitFor(() =>
      expect(
        within(chips)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(expect.arrayContaining(['Status: Geschlossen', 'Status: Bestätigt'])),
    );
    expect(within(chips).queryByText(/closed|ack\b/)).toBeNull();
  });
});
