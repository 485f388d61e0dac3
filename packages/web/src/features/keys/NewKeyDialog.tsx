import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CopyKeyButton } from './CopyKeyButton';
import { usePhoneLayout } from '../../shared/DataTable';

/**
 * The key just created, shown once with a copy button (beyond docs/console/admin-screens.md#api-keys, where it only
 * appeared in the list), so it can be copied straight away; it also stays in the list.
 */
export function NewKeyDialog({ apiKey, onClose }: { apiKey: string; onClose: () => void }) {
  const { t } = useTranslation();
  // docs/console/admin-screens.md#table-layout: a dialog fills a phone's screen.
  const phone = usePhoneLayout();
  return (
    <Modal
      fullScreen={phone}
      opened
      onClose={onClose}
      title={t('keys.createdTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('admin.close') }}
    >
      <Stack gap="sm">
        <Text size="sm">{t('keys.createdHint')}</Text>
        <Group gap={4} wrap="nowrap">
          <Text ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>
            {apiKey}
          </Text>
          <CopyKeyButton value={apiKey} label={t('keys.copyKey')} />
        </Group>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {t('keys.done')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
