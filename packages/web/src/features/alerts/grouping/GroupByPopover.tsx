import '@mantine/core/styles/Popover.css';
import {
  DEFAULT_GROUP_SORT,
  GROUP_BY_ATTRIBUTE_NAME,
  GROUP_BY_ATTRIBUTE_PREFIX,
  GROUP_SORTS,
  isGroupSort,
  type GroupSort,
} from '@alerta/contract';
import { ActionIcon, Button, Group, NativeSelect, Popover, Stack, TextInput } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { msg, type MessageKey } from '../../../i18n';
import { useMessages } from '../../../i18n/areas';
import { usePauseWhileOpen } from '../AlertsUiContext';
import type { AlertsGrouping } from '../alertsView';
import type { GroupByButtonProps } from './GroupByButton';
import { GroupIcon } from './GroupByButton';
import { alertsMessages } from '../messages';
import { attributeOf, FIELDS, fieldLabel } from './groupFields';

/** The choice standing for `attribute.<name>`, the name typed beside it. */
const ATTRIBUTE = 'attribute';

const SORT_LABELS: Readonly<Record<GroupSort, MessageKey>> = {
  severity: msg('alerts.grouping.sortSeverity'),
  count: msg('alerts.grouping.sortCount'),
  name: msg('alerts.grouping.sortName'),
};

/** One level of the form: a field ('' for none, ATTRIBUTE for an attribute) and the attribute's name. */
interface LevelChoice {
  field: string;
  attribute: string;
}

function choiceOf(field: string | undefined): LevelChoice {
  if (field === undefined) return { field: '', attribute: '' };
  const name = attributeOf(field);
  return name === null ? { field, attribute: '' } : { field: ATTRIBUTE, attribute: name };
}

/** The field a level stands for, or null for none. */
function fieldOf(choice: LevelChoice): string | null {
  if (choice.field === '') return null;
  return choice.field === ATTRIBUTE ? `${GROUP_BY_ATTRIBUTE_PREFIX}${choice.attribute.trim()}` : choice.field;
}

function attributeError(choice: LevelChoice, t: TFunction): string | null {
  if (choice.field !== ATTRIBUTE) return null;
  const name = choice.attribute.trim();
  if (name === '') return t('alerts.grouping.attributeRequired');
  return GROUP_BY_ATTRIBUTE_NAME.test(name) ? null : t('alerts.grouping.attributeInvalid');
}

function fieldChoices(t: TFunction, current: string): { value: string; label: string }[] {
  const listed = FIELDS.map((field) => ({ value: field, label: fieldLabel(t, field) }));
  // A field the address named that the form does not offer is kept, so applying leaves it as it was.
  const unknown = current === '' || current === ATTRIBUTE || FIELDS.some((f) => f === current) ? [] : [current];
  return [
    ...listed,
    ...unknown.map((field) => ({ value: field, label: field })),
    { value: ATTRIBUTE, label: t('alerts.grouping.attributeChoice') },
  ];
}

function GroupByForm({ grouping, onApply }: { grouping: AlertsGrouping; onApply: (next: AlertsGrouping) => void }) {
  const { t } = useTranslation();
  const [first, setFirst] = useState(() => choiceOf(grouping.groupBy[0]));
  const [second, setSecond] = useState(() => choiceOf(grouping.groupBy[1]));
  const [sort, setSort] = useState<GroupSort>(grouping.groupSort ?? DEFAULT_GROUP_SORT);
  const [touched, setTouched] = useState(false);
  const grouped = first.field !== '';
  const firstField = fieldOf(first);
  const secondField = grouped ? fieldOf(second) : null;
  const firstError = attributeError(first, t);
  const secondError = !grouped
    ? null
    : (attributeError(second, t) ??
      (secondField !== null && secondField === firstField ? t('alerts.grouping.sameTwice') : null));
  const shown = (error: string | null) => (touched ? (error ?? undefined) : undefined);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (firstError !== null || secondError !== null) return;
        const groupBy = [firstField, secondField].filter((field): field is string => field !== null);
        onApply({ groupBy, groupSort: groupBy.length === 0 || sort === DEFAULT_GROUP_SORT ? null : sort });
      }}
    >
      <Stack gap="xs">
        <NativeSelect
          label={t('alerts.grouping.first')}
          value={first.field}
          data={[{ value: '', label: t('alerts.grouping.noGrouping') }, ...fieldChoices(t, first.field)]}
          onChange={(event) => setFirst({ ...first, field: event.currentTarget.value })}
          data-autofocus
        />
        {first.field === ATTRIBUTE && (
          <TextInput
            label={t('alerts.grouping.firstAttribute')}
            value={first.attribute}
            onChange={(event) => setFirst({ ...first, attribute: event.currentTarget.value })}
            error={shown(firstError)}
            autoComplete="off"
            spellCheck={false}
          />
        )}
        <NativeSelect
          label={t('alerts.grouping.second')}
          value={grouped ? second.field : ''}
          disabled={!grouped}
          data={[{ value: '', label: t('alerts.grouping.noSecond') }, ...fieldChoices(t, second.field)]}
          onChange={(event) => setSecond({ ...second, field: event.currentTarget.value })}
          error={second.field === ATTRIBUTE ? undefined : shown(secondError)}
        />
        {grouped && second.field === ATTRIBUTE && (
          <TextInput
            label={t('alerts.grouping.secondAttribute')}
            value={second.attribute}
            onChange={(event) => setSecond({ ...second, attribute: event.currentTarget.value })}
            error={shown(secondError)}
            autoComplete="off"
            spellCheck={false}
          />
        )}
        <NativeSelect
          label={t('alerts.grouping.sort')}
          value={sort}
          disabled={!grouped}
          data={GROUP_SORTS.map((value) => ({ value, label: t(SORT_LABELS[value]) }))}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (isGroupSort(value)) setSort(value);
          }}
        />
        <Group justify="flex-end" gap="xs" mt={4}>
          {grouping.groupBy.length > 0 && (
            <Button variant="default" onClick={() => onApply({ groupBy: [], groupSort: null })}>
              {t('alerts.grouping.clear')}
            </Button>
          )}
          <Button type="submit">{t('alerts.grouping.apply')}</Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The grouping form under the toolbar button (docs/console/alert-screens.md#grouped-view): the first field (or none),
 * the second (or none), an attribute's name typed when grouping by an attribute, and the order of the groups. Applied
 * with Apply; Ungroup goes back to the flat list. The list does not refresh while the form is open.
 */
export default function GroupByPopover({ grouping, onChange }: GroupByButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  usePauseWhileOpen(open);
  // The form's texts arrive with its code, a moment after it (their own small chunk): it opens once they are there.
  const ready = useMessages(alertsMessages);
  const grouped = grouping.groupBy.length > 0;
  const label = grouped ? t('alerts.grouping.buttonActive') : t('alerts.grouping.button');
  return (
    <Popover
      opened={open && ready}
      onChange={setOpen}
      position="bottom-end"
      width={280}
      shadow="md"
      trapFocus
      returnFocus
      hideDetached={false}
    >
      <Popover.Target>
        <ActionIcon
          variant={grouped ? 'light' : 'subtle'}
          color={grouped ? 'blue' : 'gray'}
          size="lg"
          aria-label={label}
          title={label}
          onClick={() => setOpen((shown) => !shown)}
        >
          <GroupIcon />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        {ready && (
          <GroupByForm
            grouping={grouping}
            onApply={(next) => {
              setOpen(false);
              onChange(next);
            }}
          />
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
