import { screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { API, makeToken } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { server } from '../../test/server';
import { alertsScenario } from '../../test/mocks';

describe('language and colour preferences', () => {
  afterEach(() => {
    dayjs.locale('en');
  });

  it("switches the console to the user's language and dark mode once preferences load", async () => {
    alertsScenario.list([]);
    server.use(
      http.get(`${API}/user/me/attributes`, () =>
        HttpResponse.json({ status: 'ok', total: 1, attributes: { prefs: { languagePref: 'de', isDark: true } } }),
      ),
    );
    renderApp('/alerts', { token: makeToken() });
    expect(await screen.findByText('Keine Daten vorhanden')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Hauptnavigation' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Alarme | Alerta'));
    expect(document.documentElement.lang).toBe('de');
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
  });
});
