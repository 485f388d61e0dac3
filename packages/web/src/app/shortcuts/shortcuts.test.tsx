import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAlert, makeToken } from '../../test/fixtures';
import { alertsScenario, meScenario } from '../../test/mocks';
import { renderApp } from '../../test/renderApp';

describe('keyboard shortcuts', () => {
  it('lists the shortcuts on ? and closes the list with Escape', async () => {
    alertsScenario.list([makeAlert()]);
    const { user } = renderApp('/alerts', { token: makeToken() });
    await screen.findByRole('table', { name: 'Alert list' });
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const rows = within(dialog)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['/', 'Move to the search box of the alert list (outside a text field)'],
      ['↑ ↓', 'Move between the rows of the alert table'],
      ['Enter', 'Open the alert of the focused row; send a form'],
      ['Space', 'Select or unselect the focused row'],
      ['Shift + Space', 'Select the rows from the last one picked to the focused one'],
      ['Esc', 'Close the open dialog or menu; else clear the selection of the alert list'],
      ['?', 'Show this list (outside a text field)'],
    ]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull());
  });

  it('leaves ? alone in a text field', async () => {
    alertsScenario.list([]);
    const { user } = renderApp('/alerts', { token: makeToken() });
    const search = await screen.findByRole('searchbox', { name: 'Search alerts' });
    await user.click(search);
    await user.keyboard('why?');
    expect(search).toHaveValue('why?');
    await screen.findByText('No data available');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lists them in the language of the console, on any screen', async () => {
    meScenario.prefs({ languagePref: 'fr' });
    const { user } = renderApp('/settings', { token: makeToken() });
    await screen.findByRole('heading', { level: 1, name: 'Réglages' });
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Raccourcis clavier' });
    expect(within(dialog).getByText("Afficher cette liste (hors d'un champ de saisie)")).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Fermer la liste des raccourcis' })).toBeInTheDocument();
    expect(within(dialog).getAllByText('Espace')).toHaveLength(2);
  });
});
