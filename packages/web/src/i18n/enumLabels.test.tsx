import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAlert, makeToken } from '../test/fixtures';
import { alertsScenario, meScenario } from '../test/mocks';
import { renderApp } from '../test/renderApp';
import { coreCatalogues } from './catalogues';
import { createI18n, SUPPORTED_LANGUAGES } from '.';
import { LABELLED_SEVERITIES, LABELLED_STATUSES, severityLabel, statusLabel, trendLabel } from './enumLabels';

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
    await user.click(await screen.findByRole('button', { name: 'Filter' }, { timeout: 5000 }));
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
    await user.click(await screen.findByRole('combobox', { name: 'Status' }, { timeout: 5000 }));
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

  it('shows status, severity and trend in the alert list as words of the console language', async () => {
    meScenario.prefs({ languagePref: 'de' });
    alertsScenario.list([
      makeAlert({ resource: 'zq-one', status: 'shelved', severity: 'minor', trendIndication: 'lessSevere' }),
    ]);
    renderApp('/alerts', {
      token: makeToken(),
      config: { columns: ['severity', 'status', 'resource', 'trendIndication', 'previousSeverity'] },
    });
    const row = await screen.findByRole('row', { name: /zq-one/ }, { timeout: 5000 });
    await within(row).findByText('Zurückgestellt', {}, { timeout: 5000 });
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(
      expect.arrayContaining(['Gering', 'Zurückgestellt', 'zq-one', 'Weniger schwer', 'Unbestimmt']),
    );
  });
});
