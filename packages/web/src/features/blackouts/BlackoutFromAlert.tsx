import '../../shared/adminStyles';
import type { Alert } from '@alerta/contract';
import { withMessages } from '../../i18n/areas';
import { adminMessages } from '../../i18n/adminMessages';
import { BlackoutDialog } from './BlackoutDialog';
import { EMPTY_FIELDS, type BlackoutFields } from './blackoutForm';
import { blackoutsMessages } from './messages';

/** What a blackout for this alert covers at first: the alert's own fields, but no tags (they rarely identify it). */
export function fieldsFromAlert(alert: Alert): BlackoutFields {
  return {
    ...EMPTY_FIELDS,
    customer: alert.customer,
    environment: alert.environment,
    service: [...alert.service],
    resource: alert.resource,
    event: alert.event,
    group: alert.group,
    origin: alert.origin,
  };
}

function BlackoutFromAlert({ alert, onClose }: { alert: Alert; onClose: () => void }) {
  return <BlackoutDialog blackout={null} prefill={fieldsFromAlert(alert)} onClose={onClose} />;
}

/** The new-blackout dialog prefilled from an alert, loaded (with its texts) only when asked for. */
export default withMessages([adminMessages, blackoutsMessages], BlackoutFromAlert);
