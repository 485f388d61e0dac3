import { POPUP_RESULT } from './popupReturn';

/** docs/console/behaviour.md#calls: the sign-in popup's size. */
export const POPUP_WIDTH = 1020;
export const POPUP_HEIGHT = 618;
const POPUP_NAME = 'alerta-sign-in';
const POLL_MS = 250;
/** How long a closed popup may still have an answer on its way before it counts as closed by the user. */
const CLOSED_GRACE_MS = 500;

/** The popup was closed before it brought an answer. */
export class PopupClosedError extends Error {
  override readonly name = 'PopupClosedError';
  constructor() {
    super('The sign-in window was closed.');
  }
}

/** Window features of a popup centred over `win`. */
export function popupFeatures(win: Window): string {
  const left = Math.max(0, Math.round(win.screenX + (win.outerWidth - POPUP_WIDTH) / 2));
  const top = Math.max(0, Math.round(win.screenY + (win.outerHeight - POPUP_HEIGHT) / 2));
  return `width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top},popup=yes`;
}

/** Opens `url` in the sign-in popup; null when the browser blocked it. */
export function openPopup(url: string, win: Window = window): Window | null {
  const popup = win.open(url, POPUP_NAME, popupFeatures(win));
  popup?.focus();
  return popup;
}

interface Watch<T> {
  /** Reads an answer from a message event the opener received, or undefined when the event is not one. */
  fromMessage: (event: MessageEvent) => T | undefined;
  /** Reads an answer from the popup's address while it is on this site, or undefined. */
  fromLocation?: (location: Location) => T | undefined;
}

/**
 * Waits for the popup's answer: a message from it, or (for the OAuth2 popups) its own address once it is back on
 * this site. Rejects with {@link PopupClosedError} when the popup closes without one, and when `signal` aborts.
 * The popup is closed once an answer is there.
 */
export function waitForPopup<T>(popup: Window, watch: Watch<T>, signal: AbortSignal, win: Window = window): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let closedAt: number | undefined;
    const finish = (settle: () => void) => {
      win.removeEventListener('message', onMessage);
      clearInterval(timer);
      signal.removeEventListener('abort', onAbort);
      try {
        popup.close();
      } catch {
        // Nothing to do: it is gone already.
      }
      settle();
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source !== popup) return;
      const answer = watch.fromMessage(event);
      if (answer !== undefined) finish(() => resolve(answer));
    };
    const onAbort = () => finish(() => reject(new PopupClosedError()));
    const poll = () => {
      if (popup.closed) {
        // A message posted just before closing may still be on its way.
        closedAt ??= Date.now();
        if (Date.now() - closedAt >= CLOSED_GRACE_MS) finish(() => reject(new PopupClosedError()));
        return;
      }
      if (watch.fromLocation === undefined) return;
      let answer: T | undefined;
      try {
        answer = watch.fromLocation(popup.location);
      } catch {
        // Still at the identity provider: another origin, whose address cannot be read.
        return;
      }
      if (answer !== undefined) finish(() => resolve(answer));
    };
    win.addEventListener('message', onMessage);
    signal.addEventListener('abort', onAbort);
    const timer = setInterval(poll, POLL_MS);
  });
}

/** The query of the popup's return to the console: `?code&state` or `?error…&state`. */
export function oauthWatch(redirectUri: string, win: Window = window): Watch<URLSearchParams> {
  const expected = new URL(redirectUri);
  const answer = (search: string) => {
    const params = new URLSearchParams(search);
    return params.has('code') || params.has('error') ? params : undefined;
  };
  return {
    fromMessage: (event) => {
      if (event.origin !== win.location.origin) return undefined;
      const data: unknown = event.data;
      if (typeof data !== 'object' || data === null) return undefined;
      const { type, search } = data as { type?: unknown; search?: unknown };
      return type === POPUP_RESULT && typeof search === 'string' ? answer(search) : undefined;
    },
    fromLocation: (location) => {
      if (location.origin !== expected.origin || location.pathname !== expected.pathname) return undefined;
      return answer(location.search);
    },
  };
}

export type SamlAnswer = { status: 'ok'; token: string } | { status: 'error'; message: string };

/**
 * docs/console/plumbing.md#sign-in-providers: the API's SAML page posts `{status, token}`; only a message from the
 * API's origin counts.
 */
export function samlWatch(apiOrigin: string): Watch<SamlAnswer> {
  return {
    fromMessage: (event) => {
      if (event.origin !== apiOrigin) return undefined;
      const data: unknown = event.data;
      if (typeof data !== 'object' || data === null) return undefined;
      const { status, token, message } = data as { status?: unknown; token?: unknown; message?: unknown };
      if (status === 'ok' && typeof token === 'string' && token !== '') return { status, token };
      if (status === 'error') return { status, message: typeof message === 'string' ? message : '' };
      return undefined;
    },
  };
}
