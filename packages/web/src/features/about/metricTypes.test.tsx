import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, makeToken } from '../../test/fixtures';
import { meScenario } from '../../test/mocks';
import { renderApp } from '../../test/renderApp';
import { server } from '../../test/server';
import fr from './messages/fr.json';

const metric = (name: string, type: string) => ({ group: 'zq', name, title: `zq ${name}`, description: '', type });

describe('metric types on About', () => {
  it('are words of the console language, an unknown one as it came', async () => {
    meScenario.prefs({ languagePref: 'fr' });
    server.use(
      http.get(`${API}/management/manifest`, () => HttpResponse.json({ release: '9.1.0' })),
      http.get(`${API}/management/healthcheck`, () => new HttpResponse('OK')),
      http.get(`${API}/management/status`, () =>
        HttpResponse.json({
          application: 'alerta',
          version: '9.1.0',
          time: Date.parse('2026-05-01T12:34:56.000Z'),
          uptime: 1000,
          metrics: [
            { ...metric('a', 'gauge'), value: 1 },
            { ...metric('b', 'counter'), count: 2 },
            { ...metric('c', 'timer'), count: 3, totalTime: 6 },
            { ...metric('d', 'text'), value: 'x' },
            { ...metric('e', 'histogram'), value: 4 },
          ],
        }),
      ),
    );
    renderApp('/about', { token: makeToken({ scope: 'read:management read:alerts' }) });
    const metrics = await screen.findByRole('table', { name: fr['about.metricsCaption'] });
    const typeOf = (name: string) =>
      within(within(metrics).getByRole('row', { name: new RegExp(`^zq ${name}`) })).getAllByRole('cell')[1]
        ?.textContent;
    expect(await screen.findByText('zq a')).toBeInTheDocument();
    expect(['a', 'b', 'c', 'd', 'e'].map(typeOf)).toEqual(['Jauge', 'Compteur', 'Chronomètre', 'Texte', 'Histogram']);
  });
});
