import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { AuthStore } from './authStore';
import type { Session } from './token';

const AuthContext = createContext<AuthStore | null>(null);

export function AuthProvider({ store, children }: { store: AuthStore; children: ReactNode }) {
  useEffect(() => {
    const onStorage = () => store.syncFromStorage();
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [store]);
  return <AuthContext value={store}>{children}</AuthContext>;
}

export function useAuthStore(): AuthStore {
  const store = useContext(AuthContext);
  if (store === null) throw new Error('useAuthStore needs an AuthProvider');
  return store;
}

/** The logged-in session, or null when logged out. Re-renders on login, logout and expiry. */
export function useSession(): Session | null {
  const store = useAuthStore();
  return useSyncExternalStore(store.subscribe, store.getSession);
}
