import { useTranslation } from 'react-i18next';

/** How the settings' numbers read: rows, pixels and durations, a whole number of hours said in hours. */
export function useUnitLabels() {
  const { t } = useTranslation();
  const hours = (n: number) => (n === 1 ? t('settings.oneHour') : t('settings.hours', { n }));
  return {
    rows: (n: number) => t('settings.rows', { n }),
    pixels: (n: number) => t('settings.pixels', { n }),
    seconds: (n: number) => (n === 1 ? t('settings.oneSecond') : t('settings.seconds', { n })),
    minutes: (n: number) =>
      n === 0
        ? t('settings.noTimeout')
        : n % 60 === 0
          ? hours(n / 60)
          : n === 1
            ? t('settings.oneMinute')
            : t('settings.minutes', { n }),
    hours,
  };
}
