import '../../shared/adminStyles';
import { withMessages } from '../../i18n/areas';
import { adminMessages } from '../../i18n/adminMessages';
import { BlackoutDialog } from './BlackoutDialog';
import { EMPTY_FIELDS, type BlackoutFields } from './blackoutForm';
import { blackoutsMessages } from './messages';

/** A group's place in the grouped alert list: the fields grouped by and its values (null: no value). */
export interface GroupKeys {
  keys: readonly { field: string; key: string | null }[];
  /** The list's environment tab, for a grouping without the environment. */
  environment: string | null;
}

/**
 * What a blackout for a group of the grouped alert list covers at first (docs/console/alert-screens.md#group-actions):
 * the fields a blackout has (environment, service, resource, event, group, origin, customer, tags) set to the group's
 * values, its parent's included; a severity, status or attribute grouped by has no blackout field and is left out, as
 * is the group without a value, whose field stays empty. Without the environment among them, the list's tab gives it.
 */
export function fieldsFromGroup({ keys, environment }: GroupKeys): BlackoutFields {
  const fields: BlackoutFields = { ...EMPTY_FIELDS, environment: environment ?? '', service: [], tags: [] };
  for (const { field, key } of keys) {
    if (key === null) continue;
    switch (field) {
      case 'environment':
      case 'resource':
      case 'event':
      case 'group':
      case 'origin':
        fields[field] = key;
        break;
      case 'customer':
        fields.customer = key;
        break;
      case 'service':
        fields.service = [key];
        break;
      case 'tag':
        fields.tags = [key];
        break;
    }
  }
  return fields;
}

function BlackoutFromGroup({ group, onClose }: { group: GroupKeys; onClose: () => void }) {
  return <BlackoutDialog blackout={null} prefill={fieldsFromGroup(group)} onClose={onClose} />;
}

/** The new-blackout dialog prefilled from a group, loaded (with its texts) only when asked for. */
export default withMessages([adminMessages, blackoutsMessages], BlackoutFromGroup);
