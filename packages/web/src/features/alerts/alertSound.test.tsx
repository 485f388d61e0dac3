import type { Alert, ClientConfig } from '@alerta/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeAlert, makeToken } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { DEFAULT_SOUND_URL } from './useAlertSound';
import { alertsScenario, meScenario } from '../../test/mocks';

/** Every play() call, with the sound it was asked to play. */
function mockPlay(result: () => Promise<void> = () => Promise.resolve()) {
  const played: string[] = [];
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    played.push(this.src);
    return result();
  });
  return played;
}

/** Serves one list per load, in order, then the last one again; tells how many loads there were. */
function serveLoads(loads: Alert[][], prefs: Record<string, unknown> = { isMute: false }) {
  meScenario.prefs({ refreshInterval: 60, ...prefs });
  alertsScenario.answer((_url, n) => loads[Math.min(n - 1, loads.length - 1)] ?? []);
  return () => alertsScenario.served();
}

async function renderAfterLoads(loads: number, calls: () => number, config: ClientConfig = {}) {
  renderApp('/alerts', { token: makeToken(), config });
  // The next load is asked for only once the answer to this one has been taken in (docs/console/behaviour.md#states-and-actions
  // "Auto-refresh"), so its request proves the screen has dealt with that answer.
  await waitFor(() => expect(calls()).toBeGreaterThanOrEqual(loads + 1));
}

const first = makeAlert({ resource: 'first' });

describe('alert sound', () => {
  it('plays once when a refresh brings a new open alert that is not a repeat', async () => {
    const played = mockPlay();
    const fresh = makeAlert({ resource: 'fresh', repeat: false, status: 'open' });
    const calls = serveLoads([[first], [first], [first, fresh]]);
    renderApp('/alerts', { token: makeToken() });
    expect(await screen.findByRole('row', { name: /first/ })).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /fresh/ })).toBeInTheDocument();
    await waitFor(() => expect(played).toHaveLength(1));
    expect(played[0]).toBe(new URL(DEFAULT_SOUND_URL, document.baseURI).href);
    // Further refreshes with the same alerts do not play it again.
    const after = calls();
    await waitFor(() => expect(calls()).toBeGreaterThanOrEqual(after + 2));
    expect(played).toHaveLength(1);
  });

  it('stays silent on the first load, however many open alerts it has', async () => {
    const played = mockPlay();
    const calls = serveLoads([[first, makeAlert({ resource: 'second' })]]);
    await renderAfterLoads(3, calls);
    expect(screen.getByRole('row', { name: /second/ })).toBeInTheDocument();
    expect(played).toEqual([]);
  });

  it('stays silent for new alerts that are repeats or not open', async () => {
    const played = mockPlay();
    const calls = serveLoads([
      [first],
      [first, makeAlert({ resource: 'repeated', repeat: true })],
      [first, makeAlert({ resource: 'acked', status: 'ack' })],
      [first, makeAlert({ resource: 'closed', status: 'closed' })],
    ]);
    await renderAfterLoads(5, calls);
    expect(played).toEqual([]);
  });

  it('stays silent when sounds are muted, as they are by default', async () => {
    const played = mockPlay();
    const calls = serveLoads([[first], [first, makeAlert({ resource: 'fresh' })]], {});
    await renderAfterLoads(3, calls);
    expect(screen.getByRole('row', { name: /fresh/ })).toBeInTheDocument();
    expect(played).toEqual([]);
  });

  it('stays silent when the user muted sounds', async () => {
    const played = mockPlay();
    const calls = serveLoads([[first], [first, makeAlert({ resource: 'fresh' })]], { isMute: true });
    await renderAfterLoads(3, calls);
    expect(played).toEqual([]);
  });

  it("plays the server's sound before the user's, and a refused autoplay is not an error", async () => {
    // The browser refuses to play before the user has interacted with the page.
    const played = mockPlay(() => Promise.reject(new DOMException('play() needs a user gesture', 'NotAllowedError')));
    const calls = serveLoads([[first], [first, makeAlert({ resource: 'fresh' })]], {
      isMute: false,
      audioURL: 'https://sounds.example.com/mine.ogg',
    });
    await renderAfterLoads(3, calls, { audio: { new: 'https://alerta.example.com/audio/new.ogg' } });
    expect(played).toEqual(['https://alerta.example.com/audio/new.ogg']);
  });

  it("plays the user's sound when the server names none", async () => {
    const played = mockPlay();
    const calls = serveLoads([[first], [first, makeAlert({ resource: 'fresh' })]], {
      isMute: false,
      audioURL: 'https://sounds.example.com/mine.ogg',
    });
    await renderAfterLoads(3, calls, { audio: { new: null } });
    expect(played).toEqual(['https://sounds.example.com/mine.ogg']);
  });
});
