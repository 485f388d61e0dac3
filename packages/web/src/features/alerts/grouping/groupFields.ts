import { GROUP_BY_ATTRIBUTE_PREFIX, GROUP_BY_FIELDS, type GroupByField } from '@alerta/contract';
import type { TFunction } from 'i18next';
import { msg, type MessageKey } from '../../../i18n';
import { CLAUSE_FIELD_NAMES } from '../filterChips';

/** The word for each field grouped by: the chips' names, with a singular for the tags. */
const FIELD_LABELS: Readonly<Record<GroupByField, MessageKey>> = {
  ...CLAUSE_FIELD_NAMES,
  tag: msg('alerts.grouping.tagField'),
};

export const FIELDS: readonly GroupByField[] = GROUP_BY_FIELDS;

function isListedField(field: string): field is GroupByField {
  return (GROUP_BY_FIELDS as readonly string[]).includes(field);
}

/** The attribute's name when `field` is `attribute.<name>`, else null. */
export function attributeOf(field: string): string | null {
  return field.startsWith(GROUP_BY_ATTRIBUTE_PREFIX) ? field.slice(GROUP_BY_ATTRIBUTE_PREFIX.length) : null;
}

/** A field grouped by, in words: "Service", "Attribute region"; an unknown one as it is. */
export function fieldLabel(t: TFunction, field: string): string {
  if (isListedField(field)) return t(FIELD_LABELS[field]);
  const name = attributeOf(field);
  return name === null ? field : t('alerts.grouping.attributeField', { name });
}

/** The fields grouped by, in words, top level first: "Service › Resource". */
export function groupingLabel(t: TFunction, groupBy: readonly string[]): string {
  return groupBy.map((field) => fieldLabel(t, field)).join(' › ');
}
