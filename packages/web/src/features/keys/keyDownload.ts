import type { KeyRow } from './keysApi';

/**
 * Saves the key object as `key_<id>.json` (docs/console/admin-screens.md#api-keys). A Blob with an object URL rather
 * than a data URL: no base64 copy of the text, and no length limit on the address.
 */
export function downloadKey(key: KeyRow): void {
  const blob = new Blob([JSON.stringify(key, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `key_${key.id}.json`;
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // The browser has taken the file once the click is handled; the next task may let the URL go.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
