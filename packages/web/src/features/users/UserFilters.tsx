import { Chip, Group, MultiSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type UserStatus = 'active' | 'inactive';

export interface UserFiltersProps {
  statuses: readonly UserStatus[];
  onStatuses: (statuses: UserStatus[]) => void;
  roles: readonly string[];
  onRoles: (roles: string[]) => void;
  /** The role names to choose from; undefined while they load or when they cannot be read. */
  roleChoices: readonly string[] | undefined;
}

const isStatus = (value: string): value is UserStatus => value === 'active' || value === 'inactive';

/**
 * The list's filters (docs/console/admin-screens.md#users): which statuses to show, and users holding any of the chosen
 * roles.
 */
export function UserFilters(props: UserFiltersProps) {
  const { t } = useTranslation();
  // Chosen roles stay listed even if no permission names them.
  const choices = [...new Set([...(props.roleChoices ?? []), ...props.roles])];
  return (
    <>
      <Chip.Group multiple value={[...props.statuses]} onChange={(chosen) => props.onStatuses(chosen.filter(isStatus))}>
        <Group gap={6} role="group" aria-label={t('users.status')} pb={6}>
          <Chip value="active" size="sm">
            {t('users.active')}
          </Chip>
          <Chip value="inactive" size="sm">
            {t('users.inactive')}
          </Chip>
        </Group>
      </Chip.Group>
      <MultiSelect
        label={t('users.roles')}
        placeholder={props.roles.length === 0 ? t('users.anyRole') : undefined}
        data={choices}
        value={[...props.roles]}
        onChange={props.onRoles}
        searchable
        clearable
        nothingFoundMessage={t('users.noRoles')}
        miw={180}
        maw={360}
      />
    </>
  );
}
