import type { Alert } from '@alerta/contract';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { allowedActions, type StatusAction } from '../../shared/alertStatus';
import { ACTION_LABELS } from '../alerts';
import { NOTE_MAX_LENGTH, noteProblem } from './noteText';

const FORM_ACTIONS: readonly StatusAction[] = ['open', 'ack', 'unack', 'shelve', 'unshelve', 'close'];

export interface NoteFormProps {
  alert: Alert;
  /** A status action with the note as its text. */
  onAction: (action: StatusAction, text: string) => Promise<boolean>;
  onNote: (text: string) => Promise<boolean>;
  onCancel: () => void;
}

/**
 * The note form under the detail (docs/console/alert-screens.md#alert-detail): a note alone, or with a status change.
 */
export function NoteForm({ alert, onAction, onNote, onCancel }: NoteFormProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const problem = noteProblem(text);
  const error =
    !touched || problem === null
      ? undefined
      : problem === 'required'
        ? t('detail.note.required')
        : t('detail.note.tooLong', { max: NOTE_MAX_LENGTH });
  const allowed = allowedActions(alert.status);

  const submit = async (send: (trimmed: string) => Promise<boolean>) => {
    setTouched(true);
    if (problem !== null) return;
    if (await send(text.trim())) {
      setText('');
      setTouched(false);
    }
  };

  return (
    <Stack gap="xs">
      <Textarea
        label={t('detail.note.label')}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onBlur={() => setTouched(true)}
        error={error}
        description={t('detail.note.counter', { count: text.trim().length, max: NOTE_MAX_LENGTH })}
        rows={3}
        data-autofocus
      />
      <Group gap="xs">
        {FORM_ACTIONS.filter((action) => allowed.includes(action)).map((action) => (
          <Button key={action} size="xs" variant="light" onClick={() => void submit((note) => onAction(action, note))}>
            {t(ACTION_LABELS[action])}
          </Button>
        ))}
        <Button size="xs" onClick={() => void submit(onNote)}>
          {t('detail.note.add')}
        </Button>
        <Button size="xs" variant="default" onClick={onCancel}>
          {t('alerts.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
