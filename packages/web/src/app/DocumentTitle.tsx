import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { isRouteHandle } from './routeHandle';

/** docs/console/plumbing.md#title-and-icon: `<route title> | Alerta`. */
export function DocumentTitle() {
  const { t } = useTranslation();
  const matches = useMatches();
  const handle = matches
    .map((match) => match.handle)
    .filter(isRouteHandle)
    .at(-1);
  const product = t('app.name');
  const title = handle === undefined ? product : `${t(handle.titleKey)} | ${product}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
