import type { Alert } from '@alerta/contract';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../api/queryKeys';
import { API, makeAlert, makeToken } from '../../test/fixtures';
import { server } from '../../test/server';
import type { Preferences } from '../preferences';
import { hookProviders } from './hookTestProviders';
import { DEFAULT_SOUND_URL, useAlertSound, useSoundSwitch, type LoadedAlerts } from './useAlertSound';

/** Every play() call, with the sound it was asked to play. */
function mockPlay() {
  const played: string[] = [];
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    played.push(this.src);
    return Promise.resolve();
  });
  return played;
}

/** The providers, signed in as user-1 with these preferences already loaded (so nothing is fetched). */
function signedIn(prefs: Preferences, audio?: string) {
  const providers = hookProviders({
    token: makeToken(),
    ...(audio === undefined ? {} : { config: { audio: { new: audio } } }),
  });
  providers.context.queryClient.setQueryData(queryKeys.userAttributes.of('user-1'), { attributes: { prefs } });
  return providers;
}

const loaded = (alerts: Alert[], isPlaceholderData = false): LoadedAlerts => ({ data: { alerts }, isPlaceholderData });

function renderSound(prefs: Preferences, first: LoadedAlerts, scope: unknown = 'Production', audio?: string) {
  const { wrapper } = signedIn(prefs, audio);
  return renderHook(({ list, scope }) => useAlertSound(list, scope), { wrapper, initialProps: { list: first, scope } });
}

const old = makeAlert({ resource: 'old' });
const fresh = makeAlert({ resource: 'fresh', status: 'open', repeat: false });

describe('useAlertSound', () => {
  it('plays once when a load brings a new open alert that is not a repeat', () => {
    const played = mockPlay();
    const { rerender } = renderSound({ isMute: false }, loaded([old]));
    expect(played).toHaveLength(0);
    rerender({ list: loaded([old, fresh]), scope: 'Production' });
    expect(played).toEqual([new URL(DEFAULT_SOUND_URL, document.baseURI).href]);
    // The same alerts again: no new one, no sound.
    rerender({ list: loaded([old, fresh]), scope: 'Production' });
    expect(played).toHaveLength(1);
  });

  it("plays the server's sound when it names one", () => {
    const played = mockPlay();
    const { rerender } = renderSound(
      { isMute: false, audioURL: 'https://example.com/mine.wav' },
      loaded([old]),
      'a',
      'https://example.com/server.wav',
    );
    rerender({ list: loaded([old, fresh]), scope: 'a' });
    expect(played).toEqual(['https://example.com/server.wav']);
  });

  it('is silent for the first load of another filter, and for a stand-in answer', () => {
    const played = mockPlay();
    const { rerender } = renderSound({ isMute: false }, loaded([old]), 'Production');
    rerender({ list: loaded([old, fresh]), scope: 'Development' });
    rerender({ list: loaded([old, fresh, makeAlert({ resource: 'stand-in' })], true), scope: 'Development' });
    expect(played).toHaveLength(0);
  });

  it('is silent for repeats, alerts that are not open, and while muted', () => {
    const played = mockPlay();
    const repeat = makeAlert({ resource: 'again', status: 'open', repeat: true });
    const acked = makeAlert({ resource: 'acked', status: 'ack', repeat: false });
    const { rerender } = renderSound({ isMute: false }, loaded([old]));
    rerender({ list: loaded([old, repeat, acked]), scope: 'Production' });
    expect(played).toHaveLength(0);

    const muted = renderSound({}, loaded([old]));
    muted.rerender({ list: loaded([old, fresh]), scope: 'Production' });
    expect(played).toHaveLength(0);
  });
});

describe('useSoundSwitch', () => {
  it('is off unless the user turned it on', () => {
    expect(renderHook(() => useSoundSwitch(), { wrapper: signedIn({}).wrapper }).result.current.soundOn).toBe(false);
    expect(
      renderHook(() => useSoundSwitch(), { wrapper: signedIn({ isMute: false }).wrapper }).result.current.soundOn,
    ).toBe(true);
  });

  it("saves the opposite in the user's preferences, and shows the saved value", async () => {
    let stored: Preferences = { isMute: false };
    const saved: unknown[] = [];
    server.use(
      http.put(`${API}/user/me/attributes`, async ({ request }) => {
        const body = (await request.json()) as { attributes: { prefs: Preferences } };
        saved.push(body);
        stored = { ...stored, ...body.attributes.prefs };
        return HttpResponse.json({ status: 'ok' });
      }),
      http.get(`${API}/user/me/attributes`, () => HttpResponse.json({ status: 'ok', attributes: { prefs: stored } })),
    );
    const { result } = renderHook(() => useSoundSwitch(), { wrapper: signedIn(stored).wrapper });
    expect(result.current.soundOn).toBe(true);

    act(() => result.current.onToggleSound?.());

    await waitFor(() => expect(result.current.soundOn).toBe(false));
    expect(saved).toEqual([{ attributes: { prefs: { isMute: true } } }]);
  });

  it('offers no switch to a visitor, who has no preferences to keep', () => {
    const { wrapper } = hookProviders();
    expect(renderHook(() => useSoundSwitch(), { wrapper }).result.current).toEqual({
      soundOn: false,
      onToggleSound: undefined,
    });
  });
});
