import type { i18n as I18n } from 'i18next';
import { describe, expect, it } from 'vitest';
import { areaCatalogue, catalogues, coreCatalogues } from './catalogues';
import { createI18n, SUPPORTED_LANGUAGES, type Language } from '.';

/** An i18next instance in `language` with the first bundle and the alerts area, English as the fallback. */
function withAlerts(language: Language): I18n {
  const i18n = createI18n(language, coreCatalogues[language]);
  i18n.addResourceBundle('en', 'translation', { ...areaCatalogue('alerts', 'en') }, true, true);
  i18n.addResourceBundle(language, 'translation', { ...areaCatalogue('alerts', language) }, true, true);
  return i18n;
}

describe('plural forms', () => {
  it('says one alert and three alerts in English', () => {
    const { t } = withAlerts('en');
    expect(t('alerts.done.ack', { count: 1 })).toBe('1 alert acknowledged');
    expect(t('alerts.done.ack', { count: 3 })).toBe('3 alerts acknowledged');
    expect(t('alerts.undone', { count: 1 })).toBe('Undone for 1 alert');
    expect(t('alerts.undone', { count: 3 })).toBe('Undone for 3 alerts');
    expect(t('alerts.grouping.toggle', { group: 'Web', count: 1 })).toBe('Web: 1 alert');
    expect(t('alerts.grouping.toggle', { group: 'Web', count: 3 })).toBe('Web: 3 alerts');
  });

  it('says one alert and three alerts in German', () => {
    const { t } = withAlerts('de');
    expect(t('alerts.done.close', { count: 1 })).toBe('1 Alarm geschlossen');
    expect(t('alerts.done.close', { count: 3 })).toBe('3 Alarme geschlossen');
    expect(t('alerts.grouping.toggle', { group: 'Web', count: 1 })).toBe('Web: 1 Alarm');
    expect(t('alerts.grouping.toggle', { group: 'Web', count: 3 })).toBe('Web: 3 Alarme');
  });

  it('agrees the French words with the number, a million included', () => {
    const { t } = withAlerts('fr');
    expect(t('alerts.done.close', { count: 1 })).toBe('1 alerte fermée');
    expect(t('alerts.done.close', { count: 3 })).toBe('3 alertes fermées');
    // French puts zero in the singular, and a million in a category of its own ("many").
    expect(t('alerts.done.close', { count: 0 })).toBe('0 alerte fermée');
    expect(t('alerts.done.close', { count: 1_000_000 })).toBe('1000000 alertes fermées');
  });

  it('keeps the noun singular after a number in Turkish', () => {
    const { t } = withAlerts('tr');
    expect(t('alerts.done.ack', { count: 1 })).toBe('1 alarm onaylandı');
    expect(t('alerts.done.ack', { count: 3 })).toBe('3 alarm onaylandı');
  });

  it.each(SUPPORTED_LANGUAGES)(
    'answers every plural message in %s from its own catalogue, whatever the count',
    (language) => {
      const { t } = withAlerts(language);
      const rules = new Intl.PluralRules(language);
      const names = new Set(
        Object.keys(catalogues.en)
          .filter((key) => key.endsWith('_other'))
          .map((key) => key.slice(0, -'_other'.length)),
      );
      expect(names.size).toBeGreaterThan(0);
      const values = { group: 'G', reason: 'R', done: 'D', total: 'T', shown: 'S', number: 'N' };
      for (const name of names) {
        for (const count of [0, 1, 2, 3, 5, 21, 1_000_000]) {
          const form = catalogues[language][`${name}_${rules.select(count)}`];
          expect(form, `${language} ${name} ${count}`).toBeDefined();
          const expected = (form ?? '').replace(/\{\{(\w+)\}\}/g, (_, variable: string) =>
            variable === 'count' ? String(count) : (values[variable as keyof typeof values] ?? `?${variable}`),
          );
          // t() takes any key the catalogues hold: the loop goes over them all, so the name is a plain string here.
          expect(t(name as 'alerts.done.ack', { ...values, count }), `${language} ${name} ${count}`).toBe(expected);
        }
      }
    },
  );
});
