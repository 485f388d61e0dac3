import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { formatViewHash, parseViewHash, type AlertsView } from './alertsView';

export interface AlertsViewControls {
  view: AlertsView;
  /** The search of `?q=`, or null. */
  q: string | null;
  update: (patch: Partial<AlertsView>) => void;
  /** Sets `?q=`; `patch` changes the hash in the same step (an indicator sets search and filter together). */
  setQuery: (q: string | null, patch?: Partial<AlertsView>) => void;
}

/** The alerts screen state read from and written to the URL; each change rewrites the hash in place. */
export function useAlertsView(): AlertsViewControls {
  const location = useLocation();
  const navigate = useNavigate();
  const view = useMemo(() => parseViewHash(location.hash), [location.hash]);
  const q = useMemo(() => {
    const value = new URLSearchParams(location.search).get('q');
    return value === null || value === '' ? null : value;
  }, [location.search]);

  const update = useCallback(
    (patch: Partial<AlertsView>) => {
      void navigate(
        { pathname: location.pathname, search: location.search, hash: formatViewHash({ ...view, ...patch }) },
        { replace: true },
      );
    },
    [navigate, location.pathname, location.search, view],
  );

  const setQuery = useCallback(
    (next: string | null, patch: Partial<AlertsView> = {}) => {
      const params = new URLSearchParams(location.search);
      if (next === null || next.trim() === '') params.delete('q');
      else params.set('q', next.trim());
      const search = params.toString();
      void navigate({
        pathname: location.pathname,
        search: search === '' ? '' : `?${search}`,
        hash: formatViewHash({ ...view, ...patch }),
      });
    },
    [navigate, location.pathname, location.search, view],
  );

  return { view, q, update, setQuery };
}
