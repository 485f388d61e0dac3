import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/SegmentedControl.css';
import { ActionIcon, Button, Group, Menu, Modal, SegmentedControl } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePauseWhileOpen } from './AlertsUiContext';
import { MoreIcon } from '../../shared/icons';

export type Density = 'comfortable' | 'compact';

export interface AlertsMenuProps {
  density: Density;
  onDensity: (density: Density) => void;
  onDownload: () => void;
  /**
   * The indicator panel (docs/console/alert-screens.md#indicator-panel): whether it is shown, and whether any indicator
   * is configured at all.
   */
  panelShown: boolean;
  hasIndicators: boolean;
  onTogglePanel: () => void;
  /**
   * The sound for new alerts (docs/console/behaviour.md#states-and-actions), for a logged-in user, who keeps the choice
   * in their preferences.
   */
  soundOn: boolean;
  onToggleSound: (() => void) | undefined;
}

/**
 * The screen's menu (docs/console/behaviour.md#screens-and-routes): indicator panel, display density and CSV download,
 * and the alert sound on or off. Loaded on first use.
 */
export default function AlertsMenu({
  density,
  onDensity,
  onDownload,
  panelShown,
  hasIndicators,
  onTogglePanel,
  soundOn,
  onToggleSound,
}: AlertsMenuProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const [dialog, setDialog] = useState(false);
  const [choice, setChoice] = useState<Density>(density);
  usePauseWhileOpen(open || dialog);
  return (
    <>
      <Menu opened={open} onChange={setOpen} position="bottom-end" hideDetached={false}>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('alerts.menu')} title={t('alerts.menu')}>
            <MoreIcon />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item disabled={!hasIndicators} onClick={onTogglePanel}>
            {panelShown ? t('alerts.panel.hide') : t('alerts.panel.show')}
          </Menu.Item>
          <Menu.Item
            onClick={() => {
              setChoice(density);
              setDialog(true);
            }}
          >
            {t('alerts.density')}
          </Menu.Item>
          <Menu.Item onClick={onDownload}>{t('alerts.downloadCsv')}</Menu.Item>
          {onToggleSound !== undefined && (
            <Menu.Item onClick={onToggleSound}>{soundOn ? t('alerts.soundOff') : t('alerts.soundOn')}</Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      <Modal opened={dialog} onClose={() => setDialog(false)} title={t('alerts.density')} centered>
        <SegmentedControl
          fullWidth
          value={choice}
          onChange={(value) => setChoice(value === 'compact' ? 'compact' : 'comfortable')}
          data={[
            { value: 'comfortable', label: t('alerts.densityComfortable') },
            { value: 'compact', label: t('alerts.densityCompact') },
          ]}
        />
        <Group justify="flex-end" mt="md">
          <Button
            onClick={() => {
              setDialog(false);
              onDensity(choice);
            }}
          >
            {t('alerts.ok')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
