import { ActionIcon } from '@mantine/core';
import { memo, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyChunk } from '../../../app/lazyChunk';
import { icon } from '../../../shared/icons';
import type { AlertsGrouping } from '../alertsView';

// The grouping form and its positioning code load on the first click.
const GroupByPopover = lazyChunk(() => import('./GroupByPopover'));

/** Three stacked bars: the list in groups. */
export const GroupIcon = () =>
  icon(
    <>
      <rect x="3" y="4" width="18" height="5" rx="1" />
      <path d="M6 13h15M6 17h15M6 21h15M3 13v8" />
    </>,
  );

export interface GroupByButtonProps {
  grouping: AlertsGrouping;
  onChange: (grouping: AlertsGrouping) => void;
}

interface GroupByTriggerProps {
  grouped: boolean;
  expanded: boolean;
  onClick?: () => void;
}

/** The toolbar button: light while the list is grouped, its name saying so. */
function GroupByTrigger({ grouped, expanded, onClick }: GroupByTriggerProps) {
  const { t } = useTranslation();
  const label = grouped ? t('alerts.grouping.buttonActive') : t('alerts.grouping.button');
  return (
    <ActionIcon
      variant={grouped ? 'light' : 'subtle'}
      color={grouped ? 'blue' : 'gray'}
      size="lg"
      aria-label={label}
      title={label}
      aria-haspopup="dialog"
      aria-expanded={expanded}
      onClick={onClick}
    >
      <GroupIcon />
    </ActionIcon>
  );
}

/**
 * Group by (docs/console/alert-screens.md#grouped-view): none, one field or two, and the order of the groups. The
 * button is all the first load carries; the form comes with the first click.
 */
export const GroupByButton = memo(function GroupByButton({ grouping, onChange }: GroupByButtonProps) {
  const [wanted, setWanted] = useState(false);
  const grouped = grouping.groupBy.length > 0;
  const trigger = <GroupByTrigger grouped={grouped} expanded={false} onClick={() => setWanted(true)} />;
  if (!wanted) return trigger;
  return (
    <Suspense fallback={trigger}>
      <GroupByPopover grouping={grouping} onChange={onChange} />
    </Suspense>
  );
});
