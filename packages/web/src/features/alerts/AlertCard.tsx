import { memo, Suspense, useState, type CSSProperties } from 'react';
import { severityLabel, statusLabel } from '../../i18n/enumLabels';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { lazyChunk } from '../../app/lazyChunk';
import { isAcked, isWatchedBy } from '../../shared/alertStatus';
import { useNow } from '../../shared/clock';
import { MoreIcon, WatchIcon } from '../../shared/icons';
import { selectBox, type AlertRowProps } from './AlertRow';
import classes from './AlertsTable.module.css';

/** A card's height plus the gap under it, for the windowing of long pages (the stylesheet sets the same). */
export const CARD_HEIGHT = 124;

// The row menu and its positioning code load on the first tap of a card's ⋯ button.
const CardMenu = lazyChunk(() => import('./CardMenu'));

export type AlertCardProps = Omit<AlertRowProps, 'columns' | 'withActions' | 'actions'>;

/** How long ago, in the largest whole unit: "5 min", "3 h", "2 d" in the user's language. */
export function ageParts(seconds: number): { value: number; unit: 'second' | 'minute' | 'hour' | 'day' } {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return { value: s, unit: 'second' };
  if (s < 3600) return { value: Math.floor(s / 60), unit: 'minute' };
  if (s < 86400) return { value: Math.floor(s / 3600), unit: 'hour' };
  return { value: Math.floor(s / 86400), unit: 'day' };
}

function Age({ since }: { since: string }) {
  const { i18n } = useTranslation();
  const now = useNow();
  const { value, unit } = ageParts((now - Date.parse(since)) / 1000);
  const text = new Intl.NumberFormat(i18n.language, { style: 'unit', unit, unitDisplay: 'short' }).format(value);
  return <time dateTime={since}>{text}</time>;
}

/** The ⋯ button of a card: the row's actions as a menu, loaded on the first tap. */
function CardMenuButton(props: Omit<AlertCardProps, 'first' | 'context' | 'selected' | 'multiSelect'>) {
  const { alert, t } = props;
  const [wanted, setWanted] = useState(false);
  const label = t('alerts.rowMenu', { resource: alert.resource, event: alert.event });
  const trigger = (
    <button
      type="button"
      className={classes.cardMenu}
      aria-label={label}
      title={label}
      aria-haspopup="menu"
      onClick={(event) => {
        event.stopPropagation();
        setWanted(true);
      }}
    >
      {MoreIcon()}
    </button>
  );
  if (!wanted) return trigger;
  return (
    <Suspense fallback={trigger}>
      <CardMenu {...props} label={label} />
    </Suspense>
  );
}

function AlertCardView(props: AlertCardProps) {
  const { t, alert, first, context, selected, multiSelect, onRowClick, username } = props;
  const color = context.severityColors[alert.severity];
  const band = { '--card-band': color ?? 'var(--mantine-color-gray-5)' } as CSSProperties;
  const watched = isWatchedBy(alert, username);
  const place = [alert.environment, alert.service.join(', ')].filter((part) => part !== '').join(' / ');
  // docs/console/alert-screens.md#rows-hold-still: a card whose alert has left stays, faded and inert, with no menu.
  const gone = props.gone === true;
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- Enter and Space are handled once for every card by the list (AlertsTable.tsx)
    <div
      role="row"
      className={gone ? `${classes.card} ${classes.gone}` : classes.card}
      style={band}
      inert={gone}
      data-gone={gone ? '' : undefined}
      data-alert-id={gone ? undefined : alert.id}
      data-acked={isAcked(alert.status) ? '' : undefined}
      data-selected={selected ? '' : undefined}
      aria-selected={multiSelect ? selected : undefined}
      tabIndex={first ? 0 : -1}
      onClick={(event) => onRowClick(alert, event)}
    >
      {/* The label makes the whole 44 px square the checkbox's target; a tap there does not open the alert. */}
      <div role="gridcell" className={classes.cardCheckCell}>
        {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- the box inside is the control and has its own keys; the label only widens its target */}
        <label className={classes.cardCheck} onClick={(event) => event.stopPropagation()}>
          {selectBox(props)}
        </label>
      </div>
      <div role="gridcell" className={classes.cardBody}>
        <div className={classes.cardTitle}>
          {alert.resource} ·{' '}
          <Link
            to={`/alert/${encodeURIComponent(alert.id)}`}
            onClick={(event) => event.stopPropagation()}
            style={{ color: 'inherit' }}
          >
            {alert.event}
          </Link>
        </div>
        <div className={classes.cardText} title={alert.text}>
          {alert.text}
        </div>
        <div className={classes.cardMeta}>
          <span className={classes.cardSeverity}>{severityLabel(t, alert.severity)}</span>
          {place !== '' && <span>{place}</span>}
          <Age since={alert.lastReceiveTime} />
          <span>
            {statusLabel(t, alert.status)}
            {watched && (
              <span role="img" aria-label={t('alerts.watched')} className={classes.cardWatched}>
                {WatchIcon()}
              </span>
            )}
          </span>
        </div>
      </div>
      {(props.canWrite || props.canDelete) && !gone && (
        <div role="gridcell" className={classes.cardMenuCell}>
          <CardMenuButton {...props} />
        </div>
      )}
    </div>
  );
}

/** One alert as a card on a phone; like a table row, it draws again only when its alert or selection changes. */
export const AlertCard = memo(AlertCardView);
