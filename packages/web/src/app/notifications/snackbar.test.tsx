import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, makeToken } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { server } from '../../test/server';
import { NotificationStore } from './notificationStore';

describe('snackbar', () => {
  it('says so when the API does not answer', async () => {
    server.use(http.get(`${API}/alerts`, () => HttpResponse.error()));
    const { user } = renderApp('/alerts', { token: makeToken(), config: { refresh_interval: 60_000 } });

    const status = screen.getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('Problem connecting to the API, retrying…'));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(status).toBeEmptyDOMElement();
  });
});

describe('NotificationStore', () => {
  it('shows messages in order and does not queue the same text twice', () => {
    const store = new NotificationStore();
    store.push('first', 'error');
    store.push('second');
    store.push('first', 'error');
    expect(store.current()).toMatchObject({ text: 'first', kind: 'error', timeoutMs: 5000 });
    const first = store.current();
    if (first) store.dismiss(first.id);
    expect(store.current()).toMatchObject({ text: 'second', timeoutMs: 3000 });
  });
});
