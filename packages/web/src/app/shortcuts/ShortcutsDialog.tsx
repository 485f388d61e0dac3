import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Modal.css';
import { Kbd, Modal } from '@mantine/core';
import '@mantine/core/styles/Kbd.css';
import type { TFunction } from 'i18next';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { msg, type MessageKey } from '../../i18n';

interface Shortcut {
  /** The keys, pressed together when there are several; each a key's name or a text key naming it. */
  keys: readonly (string | { key: MessageKey })[];
  /** Another way to the same thing (↑ or ↓). */
  or?: readonly string[];
  does: MessageKey;
}

/** docs/console/plumbing.md#keyboard: every shortcut the console has, in that section's order. */
export const SHORTCUTS: readonly Shortcut[] = [
  { keys: ['/'], does: msg('shortcuts.search') },
  { keys: ['↑'], or: ['↓'], does: msg('shortcuts.rows') },
  { keys: [{ key: msg('shortcuts.keyEnter') }], does: msg('shortcuts.open') },
  { keys: [{ key: msg('shortcuts.keySpace') }], does: msg('shortcuts.select') },
  { keys: [{ key: msg('shortcuts.keyShift') }, { key: msg('shortcuts.keySpace') }], does: msg('shortcuts.range') },
  { keys: [{ key: msg('shortcuts.keyEscape') }], does: msg('shortcuts.escape') },
  { keys: ['?'], does: msg('shortcuts.help') },
];

function keyName(t: TFunction, key: string | { key: MessageKey }): string {
  return typeof key === 'string' ? key : t(key.key);
}

/** The list of keyboard shortcuts, a dialog that Escape or its close button closes. */
export default function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('shortcuts.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('shortcuts.close') }}
    >
      <table style={{ borderCollapse: 'collapse', width: '100%' }}>
        <thead>
          <tr>
            <th scope="col" style={{ textAlign: 'start', padding: '4px 12px 4px 0' }}>
              {t('shortcuts.key')}
            </th>
            <th scope="col" style={{ textAlign: 'start', padding: 4 }}>
              {t('shortcuts.does')}
            </th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map((shortcut) => (
            <tr key={shortcut.does}>
              <td style={{ padding: '6px 12px 6px 0', whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                {shortcut.keys.map((key, index) => (
                  <Fragment key={index}>
                    {index > 0 && ' + '}
                    <Kbd>{keyName(t, key)}</Kbd>
                  </Fragment>
                ))}
                {shortcut.or?.map((key) => (
                  <Fragment key={key}>
                    {' '}
                    <Kbd>{key}</Kbd>
                  </Fragment>
                ))}
              </td>
              <td style={{ padding: '6px 4px' }}>{t(shortcut.does)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Modal>
  );
}
