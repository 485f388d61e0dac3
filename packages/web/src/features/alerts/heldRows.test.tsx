import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryKeys } from '../../api/queryKeys';
import { makeAlert, makeToken } from '../../test/fixtures';
import { alertsScenario } from '../../test/mocks';
import { renderApp } from '../../test/renderApp';
import { advance, startFakeClock, stopFakeClock, until } from '../../test/fakeClock';

// docs/console/alert-screens.md#rows-hold-still

/** The list answers as the server would with the default filter: shelved and closed alerts leave it. */
function answerOpenOnly(): void {
  alertsScenario.answer(() => alertsScenario.alerts().filter((a) => a.status !== 'shelved' && a.status !== 'closed'));
}

const heldRow = (resource: string) =>
  [...document.querySelectorAll<HTMLElement>('[data-gone]')].find((el) => el.textContent.includes(resource));

const resources = (container: HTMLElement, selector: string) =>
  [...container.querySelectorAll<HTMLElement>(selector)].map((el) =>
    ['first', 'second', 'third', 'newcomer'].find((name) => el.textContent.includes(name)),
  );

describe('rows hold still under the pointer', () => {
  it('keeps a shelved row in place, faded and without buttons, until the pointer leaves the list', async () => {
    alertsScenario.list([
      makeAlert({ resource: 'first', status: 'open' }),
      makeAlert({ resource: 'second', status: 'open' }),
      makeAlert({ resource: 'third', status: 'open' }),
    ]);
    answerOpenOnly();
    const { user } = renderApp('/alerts', { token: makeToken(), config: { refresh_interval: 60_000 } });
    const row = await screen.findByRole('row', { name: /first/ });
    const body = row.closest('tbody');
    if (body === null) throw new Error('no table body');
    await user.hover(row);
    await user.click(within(row).getByRole('button', { name: 'Shelve' }));

    // The list has reloaded without it, but its row stays where it was.
    await waitFor(() => expect(heldRow('first')).toBeDefined());
    const held = heldRow('first');
    expect(held).toHaveAttribute('inert');
    expect(held?.querySelectorAll('button')).toHaveLength(0);
    expect(resources(body, 'tr')).toEqual(['first', 'second', 'third']);
    // The next row did not slide up under the pointer: it is still the second.
    expect(body.querySelectorAll('tr')[1]).toHaveTextContent('second');

    // The pointer was on a button that went with the row's buttons: it moves onto the list's body, then out.
    await user.hover(body);
    await user.unhover(body);
    await waitFor(() => expect(heldRow('first')).toBeUndefined());
    expect(resources(body, 'tr')).toEqual(['second', 'third']);
  });

  it('lets go once the pointer reaches anything outside the list, though the button it left was removed', async () => {
    alertsScenario.list([makeAlert({ resource: 'first', status: 'open' }), makeAlert({ resource: 'second' })]);
    answerOpenOnly();
    const { user } = renderApp('/alerts', { token: makeToken(), config: { refresh_interval: 60_000 } });
    const row = await screen.findByRole('row', { name: /first/ });
    await user.hover(row);
    await user.click(within(row).getByRole('button', { name: 'Shelve' }));
    await waitFor(() => expect(heldRow('first')).toBeDefined());

    // The button under the pointer went with the held row, so no leave reaches the list: the browser only reports
    // the pointer arriving on the page's heading.
    await user.hover(screen.getByRole('banner'));
    await waitFor(() => expect(heldRow('first')).toBeUndefined());
    expect(screen.queryByRole('row', { name: /first/ })).toBeNull();
  });

  it('keeps new alerts out while the pointer is over the list and shows them when it leaves', async () => {
    alertsScenario.list([makeAlert({ resource: 'first' }), makeAlert({ resource: 'second' })]);
    const { user, context } = renderApp('/alerts', { token: makeToken(), config: { refresh_interval: 60_000 } });
    const row = await screen.findByRole('row', { name: /second/ });
    const body = row.closest('tbody');
    if (body === null) throw new Error('no table body');
    await user.hover(row);

    const requestsBefore = alertsScenario.served();
    alertsScenario.list([
      makeAlert({ resource: 'newcomer' }),
      ...alertsScenario.alerts().filter((a) => a.resource !== 'first'),
    ]);
    await context.queryClient.refetchQueries({ queryKey: queryKeys.alerts.all, type: 'active' });
    await waitFor(() => expect(alertsScenario.served()).toBeGreaterThan(requestsBefore));
    // Same rows in the same places: no newcomer above the pointer, the first kept as it left.
    await waitFor(() => expect(heldRow('first')).toBeDefined());
    expect(resources(body, 'tr')).toEqual(['first', 'second']);

    await user.unhover(body);
    await waitFor(() => expect(resources(body, 'tr')).toEqual(['newcomer', 'second']));
  });

  it('draws the answer to a new search at once, though the pointer rests over the list', async () => {
    alertsScenario.list([makeAlert({ resource: 'first' }), makeAlert({ resource: 'second' })]);
    alertsScenario.answer((url) => {
      const q = url.searchParams.get('q') ?? '';
      return alertsScenario.alerts().filter((a) => q === '' || q.includes(a.resource));
    });
    const { user } = renderApp('/alerts', { token: makeToken(), config: { refresh_interval: 60_000 } });
    const row = await screen.findByRole('row', { name: /second/ });
    const body = row.closest('tbody');
    if (body === null) throw new Error('no table body');
    await user.hover(row);

    // The search is the user's own change: its answer is drawn as it is, with no row of the last one held.
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search alerts' }), { target: { value: 'resource:first' } });
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => expect(resources(body, 'tr')).toEqual(['first']));
    expect(heldRow('second')).toBeUndefined();
  });

  it('draws every answer as it comes when no pointer is over the list', async () => {
    alertsScenario.list([makeAlert({ resource: 'first' }), makeAlert({ resource: 'second' })]);
    const { context } = renderApp('/alerts', { token: makeToken(), config: { refresh_interval: 60_000 } });
    const row = await screen.findByRole('row', { name: /second/ });
    const body = row.closest('tbody');
    if (body === null) throw new Error('no table body');
    alertsScenario.list([makeAlert({ resource: 'newcomer' }), makeAlert({ resource: 'second' })]);
    await context.queryClient.refetchQueries({ queryKey: queryKeys.alerts.all, type: 'active' });
    await waitFor(() => expect(resources(body, 'tr')).toEqual(['newcomer', 'second']));
    expect(heldRow('first')).toBeUndefined();
  });
});

describe('cards hold still after a tap on a menu action', () => {
  const wide = window.matchMedia.bind(window);
  beforeEach(() => {
    window.matchMedia = (query: string) => ({
      ...wide(query),
      matches: query.includes('max-width') || query.includes('hover: none'),
    });
    startFakeClock();
  });
  afterEach(() => {
    stopFakeClock();
    window.matchMedia = wide;
  });

  it('keeps the card of a closed alert, faded and without its menu, for 8 s', async () => {
    alertsScenario.list([makeAlert({ resource: 'first' }), makeAlert({ resource: 'second' })]);
    answerOpenOnly();
    renderApp('/alerts', { token: makeToken(), config: { refresh_interval: 60_000 } });
    await until(() => expect(screen.getByRole('row', { name: /first/ })).toBeInTheDocument());
    const list = screen.getByRole('grid', { name: 'Alert list' });
    const card = screen.getByRole('row', { name: /first/ });
    fireEvent.click(within(card).getByRole('button', { name: 'Actions for first NodeDown' }));
    await until(() => expect(screen.getByRole('menuitem', { name: 'Close' })).toBeInTheDocument());
    fireEvent.click(screen.getByRole('menuitem', { name: 'Close' }));

    await until(() => expect(heldRow('first')).toBeDefined());
    expect(heldRow('first')).toHaveAttribute('inert');
    expect(heldRow('first')?.querySelectorAll('button')).toHaveLength(0);
    expect(resources(list, '[role="row"]')).toEqual(['first', 'second']);

    await advance(8000);
    await until(() => expect(heldRow('first')).toBeUndefined());
    expect(resources(list, '[role="row"]')).toEqual(['second']);
  });
});
