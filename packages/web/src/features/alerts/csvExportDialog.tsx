import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Progress.css';
import { Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EXPORT_CAP, type ExportProgress } from './csvExport';

export interface CsvExportDialogProps {
  progress: ExportProgress;
  onCancel: () => void;
}

/**
 * docs/console/alert-screens.md#csv-export: while an export runs, how far it has come, the cap when the console pages
 * through the alerts itself, and a button that stops it. Closing the dialog stops it too.
 */
export default function CsvExportDialog({ progress, onCancel }: CsvExportDialogProps) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const { mode, done, total, cappedFrom } = progress;
  const paging = mode === 'pages';
  // Until the first page tells the total, and while the server writes the file, the bar moves without a value.
  const known = paging && total !== null;
  const percent = known && total > 0 ? Math.round((done / total) * 100) : 100;
  return (
    <Modal opened onClose={onCancel} title={t('alerts.downloadCsv')} centered>
      <Stack gap="sm">
        <Text size="sm">
          {!paging
            ? t('alerts.csvPreparing')
            : total === null
              ? t('alerts.csvFetching')
              : t('alerts.csvFetched', { count: total, done: number.format(done), total: number.format(total) })}
        </Text>
        <Progress
          value={percent}
          animated={!known}
          striped={!known}
          size="lg"
          aria-label={t('alerts.csvProgress')}
          {...(known ? {} : { 'aria-valuetext': paging ? t('alerts.csvFetching') : t('alerts.csvPreparing') })}
        />
        {paging && (
          <Text size="sm" c="dimmed">
            {t('alerts.csvCap', { cap: number.format(EXPORT_CAP) })}
          </Text>
        )}
        {cappedFrom !== null && (
          <Text size="sm" fw={500}>
            {t('alerts.csvCapped', { total: number.format(cappedFrom), cap: number.format(EXPORT_CAP) })}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} mih={44}>
            {t('alerts.cancel')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
