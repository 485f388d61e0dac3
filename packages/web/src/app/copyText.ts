/**
 * Puts text on the clipboard. `navigator.clipboard` exists only in secure contexts (https or localhost); a console
 * served over plain http on a LAN name copies through a selected, off-screen text area instead.
 */
export async function copyText(text: string): Promise<void> {
  if ('clipboard' in navigator && typeof navigator.clipboard.writeText === 'function') {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.top = '-1000px';
  document.body.append(area);
  const focused = document.activeElement;
  try {
    area.focus();
    area.select();
    // The only way to copy without the Clipboard API; browsers keep it for this case.
    if (!document.execCommand('copy')) throw new Error('the browser refused to copy');
  } finally {
    area.remove();
    if (focused instanceof HTMLElement) focused.focus();
  }
}
