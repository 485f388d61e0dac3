import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../api';
import { createI18n } from '../../i18n';
import { advance, startFakeClock, stopFakeClock } from '../../test/fakeClock';
import { makeToken } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { ChunkLoadError } from '../lazyChunk';
import { NotificationStore, capitalise, problemKind } from './notificationStore';
import { NotificationProvider, Snackbar } from './Snackbar';
import { snackbarKind, snackbarText } from './snackbarText';
import { alertsScenario } from '../../test/mocks';

const i18n = createI18n('en');

describe('snackbar in the console', () => {
  it('says so when the API does not answer', async () => {
    alertsScenario.offline();
    const { user } = renderApp('/alerts', { token: makeToken(), config: { refresh_interval: 60_000 } });

    const status = screen.getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('Problem connecting to the API, retrying…'));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(status).toBeEmptyDOMElement();
  });

  it("takes its colour from the status word of the server's answer", async () => {
    alertsScenario.reply(429, { status: 'warning', message: 'slow down, please' });
    renderApp('/alerts', { token: makeToken(), config: { refresh_interval: 60_000 } });
    const status = screen.getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('Slow down, please (429)'));
    expect(status.firstElementChild).toHaveAttribute('data-kind', 'warning');
  });
});

describe('NotificationStore', () => {
  it('shows messages in order and does not queue the same text twice', () => {
    const store = new NotificationStore();
    store.error('first');
    store.success('second');
    store.error('first');
    store.error('third');
    const texts: string[] = [];
    for (let shown = store.current(); shown !== undefined; shown = store.current()) {
      texts.push(shown.text);
      store.dismiss(shown.id);
    }
    expect(texts).toEqual(['First', 'Second', 'Third']);
  });

  it('does not queue a text again while it is on show, but does once it has gone', () => {
    const store = new NotificationStore();
    store.error('Server down');
    store.error('server down');
    expect(store.current()?.text).toBe('Server down');
    const shown = store.current();
    if (shown !== undefined) store.dismiss(shown.id);
    expect(store.current()).toBeUndefined();
    store.error('server down');
    expect(store.current()?.text).toBe('Server down');
  });

  it('gives good news OK and 3 s, and problems Close and 5 s', () => {
    const store = new NotificationStore();
    store.success('saved');
    store.error('broken');
    store.error('careful', 'warning');
    store.push('cancelled', 'info');
    const all = [];
    for (let shown = store.current(); shown !== undefined; shown = store.current()) {
      all.push(shown);
      store.dismiss(shown.id);
    }
    expect(all.map(({ text, kind, timeoutMs, action }) => ({ text, kind, timeoutMs, action }))).toEqual([
      { text: 'Saved', kind: 'success', timeoutMs: 3000, action: 'ok' },
      { text: 'Broken', kind: 'error', timeoutMs: 5000, action: 'close' },
      { text: 'Careful', kind: 'warning', timeoutMs: 5000, action: 'close' },
      { text: 'Cancelled', kind: 'info', timeoutMs: 5000, action: 'close' },
    ]);
  });

  it('capitalises the first letter only', () => {
    expect(capitalise('alert not found')).toBe('Alert not found');
    expect(capitalise('échec de la requête')).toBe('Échec de la requête');
    expect(capitalise('ABC def')).toBe('ABC def');
    expect(capitalise('')).toBe('');
  });

  it("turns the server's status word into a colour", () => {
    expect(problemKind('warning')).toBe('warning');
    expect(problemKind('info')).toBe('info');
    expect(problemKind('error')).toBe('error');
    expect(problemKind('ok')).toBe('error');
    expect(problemKind(undefined)).toBe('error');
  });
});

describe('snackbar text of a failure', () => {
  const t = i18n.t;

  it("is the server's message and code, coloured by its status word", () => {
    const error = new ApiError({ status: 409, code: 409, message: 'alert is already closed', kind: 'warning' });
    expect(snackbarText(error, t)).toBe('alert is already closed (409)');
    expect(snackbarKind(error)).toBe('warning');
  });

  it('says the API does not answer, or a part of the console did not load, in our words', () => {
    expect(snackbarText(new NetworkError('http://api.test/alerts', null), t)).toBe(
      'Problem connecting to the API, retrying…',
    );
    expect(snackbarText(new ChunkLoadError('timed out'), t)).toBe(
      'Part of the console could not be loaded. Check your connection and reload the page.',
    );
  });

  it('is the name and message of any other error', () => {
    expect(snackbarText(new TypeError('x is undefined'), t)).toBe('TypeError: x is undefined');
    expect(snackbarKind(new TypeError('x'))).toBe('error');
  });
});

describe('Snackbar timing', () => {
  beforeEach(startFakeClock);
  afterEach(stopFakeClock);

  function renderSnackbar() {
    const store = new NotificationStore();
    render(
      <MantineProvider>
        <I18nextProvider i18n={i18n}>
          <NotificationProvider store={store}>
            <Snackbar />
          </NotificationProvider>
        </I18nextProvider>
      </MantineProvider>,
    );
    return { store, status: screen.getByRole('status') };
  }

  it('shows an error for 5 s, then the next message for 3 s', async () => {
    const { store, status } = renderSnackbar();
    act(() => {
      store.error('the first problem');
      store.success('all saved');
    });
    expect(status).toHaveTextContent('The first problem');
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    await advance(4999);
    expect(status).toHaveTextContent('The first problem');
    await advance(1);
    expect(status).toHaveTextContent('All saved');
    expect(screen.getByRole('button', { name: 'OK' })).toBeInTheDocument();
    await advance(2999);
    expect(status).toHaveTextContent('All saved');
    await advance(1);
    expect(status).toBeEmptyDOMElement();
  });

  it('goes at once with its button, and the next one gets its full time', async () => {
    const { store, status } = renderSnackbar();
    act(() => {
      store.success('done');
      store.error('then this failed');
    });
    await advance(2000);
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(status).toHaveTextContent('Then this failed');
    await advance(4999);
    expect(status).toHaveTextContent('Then this failed');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(status).toBeEmptyDOMElement();
  });
});
