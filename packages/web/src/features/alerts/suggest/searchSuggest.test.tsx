import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { errorEnvelope, makeAlert, makeToken } from '../../../test/fixtures';
import { alertsScenario } from '../../../test/mocks';
import { renderApp } from '../../../test/renderApp';
import { recordRequests } from '../../../test/server';
import { fieldsStartingWith, partialQuery, replaceWord, wanted, wordAt, writeValue } from './searchSuggest';

// docs/console/alert-screens.md#search-suggestions

describe('what the search box suggests', () => {
  it('finds the word at the caret and what it asks for', () => {
    expect(wordAt('disk AND resource:we', 20)).toEqual({ start: 9, end: 20, text: 'resource:we' });
    expect(wordAt('(reso', 5)).toEqual({ start: 1, end: 5, text: 'reso' });
    expect(wanted(wordAt('reso', 4))).toEqual({ kind: 'fields', prefix: 'reso' });
    expect(wanted(wordAt('tags:"li', 8))).toEqual({ kind: 'values', field: 'tags', facet: 'tag', partial: 'li' });
    expect(wanted(wordAt('text:disk', 9))).toEqual({ kind: 'none' });
    expect(wanted(wordAt('a AND', 5))).toEqual({ kind: 'none' });
    expect(fieldsStartingWith('s')).toEqual(['service', 'severity', 'status']);
    expect(fieldsStartingWith('LAST')).toEqual(['lastReceiveTime', 'lastReceiveId']);
  });

  it('writes values and the partial query so the query language reads them back', () => {
    expect(writeValue('web01')).toBe('web01');
    expect(writeValue('disk full')).toBe('"disk full"');
    expect(writeValue('say "hi"')).toBe('"say \\"hi\\""');
    expect(writeValue('OR')).toBe('"OR"');
    expect(partialQuery('resource', '')).toBeNull();
    expect(partialQuery('resource', 'we')).toBe('resource:we*');
    expect(partialQuery('event', 'a:b*')).toBe('event:a\\:b\\**');
    expect(replaceWord('x resource:we y', wordAt('x resource:we y', 6), 'resource:web01 ')).toEqual({
      text: 'x resource:web01  y',
      caret: 17,
    });
  });
});

describe('search box suggestions', () => {
  it('suggests fields, then the values of the field with their counts, by keyboard', async () => {
    const requests = recordRequests();
    alertsScenario.list([
      makeAlert({ resource: 'web01' }),
      makeAlert({ resource: 'web01' }),
      makeAlert({ resource: 'web02' }),
      makeAlert({ resource: 'db01' }),
    ]);
    const { user, location } = renderApp('/alerts#environment:Production', { token: makeToken() });
    await screen.findByRole('row', { name: /db01/ });
    const box = screen.getByRole('searchbox', { name: 'Search alerts' });
    await user.type(box, 'reso');
    const fields = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(
      within(fields)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['resource:']);
    await waitFor(() => expect(box).toHaveAttribute('aria-controls', fields.id));

    await user.keyboard('{ArrowDown}');
    const option = within(fields).getByRole('option', { name: 'resource:' });
    expect(option).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(box).toHaveAttribute('aria-activedescendant', option.id));
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('resource:');
    // Enter took the suggestion: nothing was searched.
    expect(location().search).toBe('');

    await user.keyboard('we');
    const values = await screen.findByRole('listbox', { name: 'Suggestions' });
    await waitFor(() =>
      expect(
        within(values)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['web01 (2)', 'web02 (1)']),
    );
    const asked = requests.filter((r) => r.url.pathname === '/alerts/facets').at(-1)?.url.searchParams;
    expect(asked?.get('q')).toBe('resource:we*');
    expect(asked?.getAll('fields')).toEqual(['resource']);
    expect(asked?.get('environment')).toBe('Production');
    expect(asked?.get('limit')).toBe('20');

    await user.keyboard('{ArrowDown}{Enter}');
    expect(box).toHaveValue('resource:web01 ');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(new URLSearchParams(location().search).get('q')).toBe('resource:web01'));
  });

  it('closes with Escape and picks with a click', async () => {
    alertsScenario.list([makeAlert({ resource: 'web01' })]);
    const { user } = renderApp('/alerts', { token: makeToken() });
    const box = await screen.findByRole('searchbox', { name: 'Search alerts' });
    await user.type(box, 'sev');
    await screen.findByRole('option', { name: 'severity:' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    // The list comes back once the word changes.
    await user.keyboard('e');
    await user.click(await screen.findByRole('option', { name: 'severity:' }));
    expect(box).toHaveValue('severity:');
    expect(box).toHaveFocus();
  });

  it('suggests no values on a server without the facets route', async () => {
    alertsScenario.list([makeAlert({ resource: 'web01' })]);
    alertsScenario.facets(() => HttpResponse.json(errorEnvelope(404, 'Not Found'), { status: 404 }));
    const { user } = renderApp('/alerts', { token: makeToken() });
    const box = await screen.findByRole('searchbox', { name: 'Search alerts' });
    await user.type(box, 'resource:w');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Facets' })).not.toBeInTheDocument());
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.clear(box);
    await user.type(box, 'even');
    expect(await screen.findByRole('option', { name: 'event:' })).toBeInTheDocument();
  });
});
