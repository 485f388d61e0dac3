import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Modal.css';
import { Button, Group, Modal, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { groupingLabel } from './grouping/groupFields';
import { withMessages } from '../../i18n/areas';
import { alertsMessages } from './messages';

export interface SaveSearchDialogProps {
  /** The search to save. */
  q: string;
  /** The list's grouping, saved with the search (docs/console/alert-screens.md#grouped-view). */
  groupBy: readonly string[];
  /** Names already taken: saving under one of them replaces that search. */
  names: readonly string[];
  /** Resolves to whether the search was stored. */
  onSave: (name: string) => Promise<boolean>;
  onClose: () => void;
}

/** Asks for a name, then saves the search among the user's saved searches. Loaded on the first click on the pin. */
function SaveSearchDialog({ q, groupBy, names, onSave, onClose }: SaveSearchDialogProps) {
  const { t } = useTranslation();
  const fields = groupingLabel(t, groupBy);
  const [name, setName] = useState(q === '' ? fields : q);
  const [busy, setBusy] = useState(false);
  const [touched, setTouched] = useState(false);
  const trimmed = name.trim();
  const replaces = names.includes(trimmed);
  return (
    <Modal opened onClose={onClose} title={t('searches.dialogTitle')} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (trimmed === '' || busy) return;
          setBusy(true);
          void onSave(trimmed).then((saved) => {
            setBusy(false);
            if (saved) onClose();
          });
        }}
      >
        {q !== '' && (
          <Text size="sm" mb="xs">
            {t('searches.query', { q })}
          </Text>
        )}
        {groupBy.length > 0 && (
          <Text size="sm" mb="xs">
            {t('alerts.grouping.summary', { fields })}
          </Text>
        )}
        <TextInput
          label={t('searches.name')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={touched && trimmed === '' ? t('searches.nameRequired') : undefined}
          description={replaces ? t('searches.replaces') : undefined}
          data-autofocus
          withAsterisk
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            {t('alerts.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('searches.saveButton')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}

/** With its texts, which load with it (docs/console/alert-screens.md). */
export default withMessages([alertsMessages], SaveSearchDialog);
