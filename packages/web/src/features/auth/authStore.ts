import { TOKEN_STORAGE_KEY, isExpired, sessionFromToken, type Session } from './token';

type Listener = () => void;

/** setTimeout's longest delay (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Holds the login token (docs/console/behaviour.md#states-and-actions "Auth"). Lives outside React so the API client
 * can read the token and log out on a 401; React subscribes through useSyncExternalStore.
 */
export class AuthStore {
  private readonly storage: Storage;
  private readonly listeners = new Set<Listener>();
  private token: string | null;
  private session: Session | null;
  private expiryTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(storage: Storage) {
    this.storage = storage;
    this.token = this.readStoredToken();
    this.session = sessionFromToken(this.token, Date.now());
    this.scheduleExpiry();
  }

  /** Drops the session when its token expires, so the UI shows the logged-out state without a reload. */
  private scheduleExpiry(): void {
    if (this.expiryTimer !== undefined) clearTimeout(this.expiryTimer);
    this.expiryTimer = undefined;
    const exp = this.session?.claims.exp;
    if (exp === undefined) return;
    const delay = Math.min(exp * 1000 - Date.now(), MAX_TIMER_MS);
    this.expiryTimer = setTimeout(
      () => {
        const session = sessionFromToken(this.token, Date.now());
        if (session === null && this.session !== null) {
          this.session = null;
          this.emit();
        } else {
          this.scheduleExpiry();
        }
      },
      Math.max(delay, 0),
    );
  }

  private readStoredToken(): string | null {
    try {
      return this.storage.getItem(TOKEN_STORAGE_KEY);
    } catch {
      return null;
    }
  }

  /** The current session (a stable snapshot for React); null once the token has expired. */
  getSession = (): Session | null => this.session;

  /** The token to send, only while it is still valid. */
  getToken = (): string | null => {
    if (this.session === null) return null;
    // The claims were read once when the token arrived; every request only checks the clock against them.
    return isExpired(this.session.claims, Date.now()) ? null : this.session.token;
  };

  isLoggedIn = (): boolean => this.getToken() !== null;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  login(token: string): void {
    this.set(token);
  }

  logout(): void {
    this.set(null);
  }

  /** Another tab logged in or out: follow it. */
  syncFromStorage(): void {
    const stored = this.readStoredToken();
    if (stored === this.token) return;
    this.token = stored;
    this.session = sessionFromToken(stored, Date.now());
    this.scheduleExpiry();
    this.emit();
  }

  private set(token: string | null): void {
    this.token = token;
    this.session = sessionFromToken(token, Date.now());
    this.scheduleExpiry();
    try {
      if (token === null) this.storage.removeItem(TOKEN_STORAGE_KEY);
      else this.storage.setItem(TOKEN_STORAGE_KEY, token);
    } catch {
      // Storage may be unavailable (private mode); the session still lasts for this page.
    }
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
