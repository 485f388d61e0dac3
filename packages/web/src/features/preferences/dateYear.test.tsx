import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeAlert, makeToken } from '../../test/fixtures';
import { alertsScenario, meScenario } from '../../test/mocks';
import { renderApp } from '../../test/renderApp';
import { DATE_FORMATS, TIME_FORMATS } from '../settings/options';
import { formatDate, loadDateExtras, showsYear, withYear } from './dateFormat';

// Noon in the middle of the year: no time zone puts it in another year. The dates below are weeks from a new year too.
const NOW = '2026-06-15T12:00:00.000Z';
const THIS_YEAR = '2026-03-10T12:00:00.000Z';
const LAST_YEAR = '2025-11-26T12:00:00.000Z';
const NEXT_YEAR = '2027-11-26T12:00:00.000Z';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(NOW));
});
afterEach(() => {
  vi.useRealTimers();
});

// Every format Settings offers (docs/console/account-screens.md#settings), medium, long and time: a format added there
// is checked here too.
const FORMATS = [...DATE_FORMATS, ...TIME_FORMATS];

describe('the year in dates', () => {
  it('knows which formats write the year', () => {
    expect(FORMATS.filter((format) => !showsYear(format))).toEqual([
      'ddd D MMM HH:mm',
      'LT',
      'LTS',
      'hh:mm:ss.SSS A',
      'HH:mm',
      'HH:mm:ss',
      'HH:mm:ss.SSS',
      'HH:mm:ss.SSS Z',
    ]);
    expect(showsYear('[Year] HH:mm')).toBe(false);
  });

  it('adds the year after the date, or in front of a time', () => {
    expect(withYear('ddd D MMM HH:mm')).toBe('ddd D MMM, YYYY HH:mm');
    expect(withYear('MM/DD HH:mm')).toBe('MM/DD, YYYY HH:mm');
    expect(withYear('HH:mm')).toBe('D MMM YYYY, HH:mm');
    expect(withYear('[Day] D HH:mm')).toBe('[Day] D, YYYY HH:mm');
    expect(withYear('LL')).toBe('LL');
  });

  it.each(FORMATS)('shows the year of a date outside this year in "%s", local and UTC', async (format) => {
    await loadDateExtras();
    for (const utc of [false, true]) {
      for (const iso of [LAST_YEAR, NEXT_YEAR]) {
        const year = iso.slice(0, 4);
        expect(formatDate(iso, format, utc, 'ddd D MMM HH:mm'), `${format} ${iso} utc=${utc}`).toContain(year);
      }
      // A date of this year keeps the format as it is.
      const same = formatDate(THIS_YEAR, format, utc, 'ddd D MMM HH:mm');
      if (!showsYear(format)) expect(same, `${format} utc=${utc}`).not.toContain('2026');
    }
  });

  it('shows the short medium date of last year with its year, and this year without', () => {
    expect(formatDate(LAST_YEAR, 'ddd D MMM HH:mm', false, 'ddd D MMM HH:mm')).toMatch(/^Wed 26 Nov, 2025 \d\d:\d\d$/);
    expect(formatDate(THIS_YEAR, 'ddd D MMM HH:mm', false, 'ddd D MMM HH:mm')).toMatch(/^Tue 10 Mar \d\d:\d\d$/);
  });

  it('counts the year where the date is shown: UTC or the browser time zone', async () => {
    await loadDateExtras();
    // The first minute of 2026 in UTC is still 2025 west of Greenwich, and already 2026 east of it.
    const newYear = '2026-01-01T00:00:30.000Z';
    const localYear = new Date(newYear).getFullYear();
    expect(formatDate(newYear, 'HH:mm', true, 'HH:mm')).toBe('00:00');
    const local = formatDate(newYear, 'HH:mm', false, 'HH:mm');
    if (localYear === 2026) expect(local).toMatch(/^\d\d:\d\d$/);
    else expect(local).toMatch(/^31 Dec 2025, \d\d:\d\d$/);
  });
});

describe('the year on screen', () => {
  it('shows the year on the alert detail for dates of another year, and not for this year', async () => {
    meScenario.prefs({ dates: { longDate: 'ddd D MMM HH:mm', mediumDate: 'ddd D MMM HH:mm' } });
    const alert = makeAlert({
      createTime: LAST_YEAR,
      receiveTime: THIS_YEAR,
      lastReceiveTime: NEXT_YEAR,
      history: [],
    });
    alertsScenario.list([alert]);
    renderApp(`/alert/${alert.id}`, { token: makeToken() });
    await screen.findByRole('heading', { name: 'web01 · NodeDown' });
    const valueOf = (term: string) => {
      const dt = screen.getAllByRole('term').find((element) => element.textContent === term);
      return dt?.nextElementSibling?.querySelector('time')?.textContent ?? '';
    };
    // The preferences arrive after the first draw.
    await vi.waitFor(() => expect(valueOf('Created')).toMatch(/^Wed 26 Nov, 2025 \d\d:\d\d \(/));
    expect(valueOf('Received')).toMatch(/^Tue 10 Mar \d\d:\d\d \(/);
    expect(valueOf('Last received')).toMatch(/^Fri 26 Nov, 2027 \d\d:\d\d \(in a year\)$/);
    expect(within(screen.getByRole('tabpanel')).queryByText(/2026/)).toBeNull();
  });
});
