import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAlert, makeToken } from '../../test/fixtures';
import { alertsScenario, meScenario } from '../../test/mocks';
import { renderApp } from '../../test/renderApp';
import { menuActions } from './detailActions';

function definition(term: string): HTMLElement {
  const dt = screen.getAllByRole('term').find((element) => element.textContent === term);
  if (dt === undefined) throw new Error(`no term ${term}`);
  const dd = dt.nextElementSibling;
  if (!(dd instanceof HTMLElement)) throw new Error(`no value for ${term}`);
  return dd;
}

describe('alert detail actions', () => {
  it('offers watch and delete once, in the toolbar, and adding a note under the tabs', async () => {
    const alert = makeAlert({ status: 'open' });
    alertsScenario.list([alert]);
    renderApp(`/alert/${alert.id}`, { token: makeToken(), config: { actions: ['escalate', 'watch', 'Delete'] } });
    await screen.findByRole('heading', { name: 'web01 · NodeDown' });
    expect(screen.getAllByRole('button', { name: 'Watch' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Delete' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Add note' })).toHaveLength(1);
    const toolbar = screen.getByRole('heading', { name: 'web01 · NodeDown' }).parentElement!;
    expect(within(toolbar).getByRole('button', { name: 'Watch' })).toBeInTheDocument();
    expect(within(toolbar).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('leaves out of the More actions menu what the toolbar already offers', () => {
    expect(menuActions(['escalate', 'watch', 'Unwatch', 'delete', 'ack', 'shelve', 'runbookCheck'])).toEqual([
      'escalate',
      'runbookCheck',
    ]);
  });
});

describe('alert detail words', () => {
  it('shows the trend, status and severities as words of the chosen language', async () => {
    meScenario.prefs({ languagePref: 'de' });
    const alert = makeAlert({
      status: 'ack',
      severity: 'critical',
      previousSeverity: 'minor',
      trendIndication: 'moreSevere',
    });
    alertsScenario.list([alert]);
    renderApp(`/alert/${alert.id}`, { token: makeToken() });
    // The German catalogue loads once the preferences have said so.
    expect(await screen.findByText('Schweregrad', { selector: 'dt' })).toBeInTheDocument();
    expect(definition('Trend')).toHaveTextContent('Schwerer');
    expect(definition('Status')).toHaveTextContent(/^Bestätigt/);
    expect(definition('Schweregrad')).toHaveTextContent('Gering→geändert zuKritisch');
  });
});
