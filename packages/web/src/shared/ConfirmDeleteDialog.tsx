import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Modal.css';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface ConfirmDeleteDialogProps {
  opened: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** docs/console/behaviour.md#validation: deleting asks first. */
export default function ConfirmDeleteDialog({ opened, onCancel, onConfirm }: ConfirmDeleteDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onCancel} title={t('alerts.confirmDeleteTitle')} centered>
      <Text>{t('alerts.confirmDelete')}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onCancel}>
          {t('alerts.cancel')}
        </Button>
        <Button color="red" onClick={onConfirm} data-autofocus>
          {t('alerts.action.delete')}
        </Button>
      </Group>
    </Modal>
  );
}
