import { ActionIcon, Badge, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api';
import { useAdminChange } from '../../shared/admin/adminActions';
import { RemoveMemberIcon } from './icons';
import { addMember, fetchMembers, removeMember, type GroupRow } from './groupsApi';
import { UserPicker } from './UserPicker';
import { queryKeys } from '../../api/queryKeys';
import { usePhoneLayout } from '../../shared/DataTable';
import { rowButtonClass } from '../../shared/admin/RowButton';

export interface MembersDialogProps {
  group: GroupRow;
  onClose: () => void;
}

/**
 * Add and remove a group's users (docs/console/admin-screens.md#groups); each change is made at once and said in a
 * snackbar.
 */
export function MembersDialog({ group, onClose }: MembersDialogProps) {
  const { t } = useTranslation();
  // docs/console/admin-screens.md#table-layout: a dialog fills a phone's screen.
  const phone = usePhoneLayout();
  const api = useApi();
  const headingId = useId();
  const members = useQuery({
    queryKey: queryKeys.admin.groupUsers(group.id),
    queryFn: ({ signal }) => fetchMembers(api, group.id, signal),
  });
  // docs/console/behaviour.md#errors: UserAddedGroup and UserRemovedGroup.
  const add = useAdminChange((userId: string) => addMember(api, group.id, userId), {
    success: t('groups.userAdded'),
    reportErrors: true,
  });
  const remove = useAdminChange((userId: string) => removeMember(api, group.id, userId), {
    success: t('groups.userRemoved'),
    reportErrors: true,
  });
  const list = members.data ?? [];

  return (
    <Modal
      fullScreen={phone}
      opened
      onClose={onClose}
      title={t('groups.membersOf', { name: group.name })}
      size={520}
      centered
      closeButtonProps={{ 'aria-label': t('admin.close') }}
    >
      <Stack gap="md">
        <UserPicker exclude={new Set(list.map((m) => m.id))} onPick={(id) => add.mutate(id)} />
        <div>
          <Title order={2} size="h5" id={headingId} mb="xs">
            {t('groups.usersInGroup')}
          </Title>
          {list.length === 0 ? (
            <Text size="sm" c="dimmed">
              {members.isPending ? t('admin.loading') : t('groups.noMembers')}
            </Text>
          ) : (
            <Stack component="ul" gap={4} aria-labelledby={headingId} m={0} p={0} style={{ listStyle: 'none' }}>
              {list.map((member) => {
                const name = member.name ?? member.login ?? member.id;
                return (
                  <Group component="li" key={member.id} justify="space-between" wrap="nowrap" gap="sm">
                    <div>
                      <Text size="sm" span>
                        {name}
                      </Text>{' '}
                      {member.login !== null && member.login !== name && (
                        <Text size="xs" c="dimmed" span>
                          {member.login}
                        </Text>
                      )}{' '}
                      {member.status === 'inactive' && (
                        <Badge size="xs" variant="outline" color="gray">
                          {t('groups.inactive')}
                        </Badge>
                      )}
                    </div>
                    <ActionIcon
                      variant="subtle"
                      className={rowButtonClass}
                      color="red"
                      aria-label={t('groups.removeOne', { name })}
                      loading={remove.isPending && remove.variables === member.id}
                      onClick={() => remove.mutate(member.id)}
                    >
                      <RemoveMemberIcon />
                    </ActionIcon>
                  </Group>
                );
              })}
            </Stack>
          )}
        </div>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('admin.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
