import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import utc from 'dayjs/plugin/utc';

// Loaded only once a user chooses UTC or a locale-aware format (LT, LL …), so the first screen does not carry them.
dayjs.extend(utc);
dayjs.extend(localizedFormat);

/** `iso` in `format`, in UTC or the browser's time zone; locale-aware tokens in the current language. */
export function formatDateWithExtras(iso: string, format: string, inUtc: boolean): string {
  return (inUtc ? dayjs.utc(iso) : dayjs(iso)).format(format);
}
