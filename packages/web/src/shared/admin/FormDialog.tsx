import { Alert as Callout, Button, Group, Modal, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errorMessage';
import { usePhoneLayout } from '../DataTable';

export interface FormDialogProps {
  opened: boolean;
  title: string;
  onClose: () => void;
  /** Called on Save (or Enter); the form checks its own fields first. */
  onSubmit: () => void;
  saving: boolean;
  /** The last save's failure, said above the buttons. */
  error: unknown;
  children: ReactNode;
  /** The save button's label; Save by default. */
  submitLabel?: string;
  size?: string | number;
}

/** A create or edit form in a dialog, with Cancel and Save (docs/console/admin-screens.md). */
export function FormDialog(props: FormDialogProps) {
  const { t } = useTranslation();
  // docs/console/admin-screens.md#table-layout: a dialog fills a phone's screen.
  const phone = usePhoneLayout();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <Modal
      fullScreen={phone}
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      size={props.size ?? 500}
      centered
      closeButtonProps={{ 'aria-label': t('admin.close') }}
    >
      <form onSubmit={onSubmit} noValidate autoComplete="off">
        <Stack gap="sm">
          {props.children}
          {props.error !== null && props.error !== undefined && (
            <Callout color="red" role="alert">
              {errorMessage(props.error, t)}
            </Callout>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={props.onClose}>
              {t('admin.cancel')}
            </Button>
            <Button type="submit" loading={props.saving}>
              {props.submitLabel ?? t('admin.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
