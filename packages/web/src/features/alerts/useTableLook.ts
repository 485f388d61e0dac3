import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppConfig } from '../../config/appConfig';
import { severityColorsOf } from '../../shared/configLists';
import {
  DEFAULT_TEXT_WIDTH,
  DEFAULT_VALUE_WIDTH,
  tableFont,
  useDateFormat,
  type Preferences,
  type TableFont,
} from '../preferences';
import type { CellContext } from './columns';

export interface TableLook {
  /** What every cell needs to draw itself: colours, date format, widths, the notes icon. */
  context: CellContext;
  /** The table's font (docs/console/account-screens.md#settings): the user's, else the config's. */
  font: TableFont;
}

/**
 * How the alert table looks, from the config and the user's preferences. Both values keep their identity while what
 * they hold is unchanged, so a refresh of the list does not redraw every cell.
 */
export function useTableLook(config: AppConfig, prefs: Preferences): TableLook {
  const formatDate = useDateFormat();
  const { t } = useTranslation();
  const context: CellContext = useMemo(
    () => ({
      t,
      severityColors: severityColorsOf(config),
      formatDate,
      showNotesIcon: prefs.showNotesIcon === true,
      valueWidth: prefs.valueWidth ?? DEFAULT_VALUE_WIDTH,
      textWidth: prefs.textWidth ?? DEFAULT_TEXT_WIDTH,
    }),
    [config, prefs, formatDate, t],
  );
  const { family, size, weight } = tableFont(prefs, config);
  const font = useMemo(() => ({ family, size, weight }), [family, size, weight]);
  return { context, font };
}
