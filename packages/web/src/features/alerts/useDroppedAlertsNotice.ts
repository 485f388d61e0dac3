import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBanners } from '../../app/shell/Banner';

const BANNER_KEY = 'alerts.dropped';

/**
 * Says so when the list left out alerts it could not read (see lenientAlert.ts): a banner for the operator, who would
 * otherwise not know the list is incomplete, and a console warning for whoever looks into it. Gone once they read again.
 */
export function useDroppedAlertsNotice(dropped: number | undefined): void {
  const { t } = useTranslation();
  const banners = useBanners();
  const count = dropped ?? 0;
  // Translated only when there is something to say: this runs with every answer that changes the list.
  const text = count === 0 ? '' : t('alerts.dropped', { count });
  useEffect(() => {
    if (count === 0) {
      banners.close(BANNER_KEY);
      return;
    }
    console.warn(
      count === 1
        ? 'Alert list: 1 alert could not be read and was left out.'
        : `Alert list: ${count} alerts could not be read and were left out.`,
    );
    banners.show({ key: BANNER_KEY, text, kind: 'warning' });
  }, [banners, count, text]);
}
