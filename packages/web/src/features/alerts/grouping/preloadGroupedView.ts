import type { i18n as I18n } from 'i18next';
import { loadAreas } from '../../../i18n/areas';
import { parseViewHash } from '../alertsView';
import { alertsMessages } from '../messages';

/** The grouped view's code: one place imports it, so that the build lists what it needs in one place too. */
export const loadGroupedResults = () => import('./GroupedResults');

/**
 * docs/console/alert-screens.md#grouped-view: a console opened on a grouped list starts loading the grouped view's code
 * and texts before anything is drawn, so that they arrive while the configuration, the first render and the groups'
 * request take their turns, instead of after them. A failure here is left to the view, which loads them again.
 */
export function preloadGroupedView(location: Pick<Location, 'pathname' | 'hash'>, i18n: I18n): void {
  if (!/\/alerts\/?$/.test(location.pathname) || parseViewHash(location.hash).groupBy.length === 0) return;
  loadGroupedResults().catch(() => undefined);
  import('./groupedApi').catch(() => undefined);
  loadAreas(i18n, i18n.language, [alertsMessages]).catch(() => undefined);
}
