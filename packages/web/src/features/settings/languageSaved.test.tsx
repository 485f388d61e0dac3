import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { makeToken } from '../../test/fixtures';
import { meScenario } from '../../test/mocks';
import { renderApp } from '../../test/renderApp';
import de from './messages/de.json';
import en from './messages/en.json';
import fr from './messages/fr.json';
import tr from './messages/tr.json';

const MESSAGES = { en, fr, de, tr };

afterEach(() => {
  dayjs.locale('en');
});

describe('confirming a change of language', () => {
  it.each([
    ['en', 'fr'],
    ['en', 'de'],
    ['en', 'tr'],
    ['de', 'en'],
  ] as const)('from %s to %s says "saved" in the new language', async (from, to) => {
    meScenario.prefs({ languagePref: from });
    const { user } = renderApp('/settings', { token: makeToken() });
    const select = await screen.findByRole(
      'combobox',
      { name: MESSAGES[from]['settings.language'] },
      { timeout: 10_000 },
    );
    await user.selectOptions(select, to);
    expect(await screen.findByText(MESSAGES[to]['settings.saved'], {})).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES[from]['settings.saved'])).toBeNull();
    expect(document.documentElement.lang).toBe(to);
  });
});
