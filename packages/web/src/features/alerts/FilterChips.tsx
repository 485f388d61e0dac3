import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { statusLabel } from '../../i18n/enumLabels';
import { useDateFormat } from '../preferences';
import type { AlertsView } from './alertsView';
import { filterChips, type FilterChip } from './filterChips';
import classes from './FilterChips.module.css';

export interface FilterChipsProps {
  view: AlertsView;
  q: string | null;
  defaultStatus: readonly string[];
  onRemove: (chip: FilterChip) => void;
  onClearAll: () => void;
}

/** Seconds as stored in the URL (docs/console/alert-screens.md#date-ranges): positive is a moment, negative is ago. */
function momentOf(seconds: number): string {
  const ms = seconds < 0 ? Date.now() + seconds * 1000 : seconds * 1000;
  return new Date(ms).toISOString();
}

/**
 * The active filters as removable chips above the list (docs/console/alert-screens.md#filter-chips). The URL stays
 * the source of truth: each chip is read from it and removing one changes it.
 */
export const FilterChips = memo(function FilterChips({
  view,
  q,
  defaultStatus,
  onRemove,
  onClearAll,
}: FilterChipsProps) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const chips = filterChips(view, q, defaultStatus);
  if (chips.length === 0) return null;
  const valueOf = (chip: FilterChip): string => {
    const { value } = chip;
    if ('text' in value) return value.text;
    if ('status' in value) return statusLabel(t, value.status);
    if ('preset' in value) return t(value.preset);
    if ('not' in value) return t('alerts.chip.not', { value: value.not });
    const from = value.from === null ? '…' : formatDate(momentOf(value.from));
    const to = value.to === null ? '…' : formatDate(momentOf(value.to));
    return `${from} – ${to}`;
  };
  return (
    <ul className={classes.chips} aria-label={t('alerts.activeFilters')}>
      {chips.map((chip) => {
        const text = t('alerts.chip', { name: t(chip.nameKey), value: valueOf(chip) });
        return (
          <li key={chip.key} className={classes.chip}>
            <span className={classes.chipText} title={text}>
              {text}
            </span>
            <button
              type="button"
              className={classes.remove}
              aria-label={t('alerts.removeFilter', { filter: text })}
              title={t('alerts.removeFilter', { filter: text })}
              onClick={() => onRemove(chip)}
            >
              <svg width={14} height={14} viewBox="0 0 24 24" aria-hidden focusable={false}>
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth={2.5} strokeLinecap="round" />
              </svg>
            </button>
          </li>
        );
      })}
      {chips.length > 1 && (
        <li>
          <button type="button" className={classes.clearAll} onClick={onClearAll}>
            {t('alerts.clearFilters')}
          </button>
        </li>
      )}
    </ul>
  );
});
