/** screens.md §2.7: `/alerts?kiosk` (any value but an explicit false) hides the chrome. */
export function isKioskMode(search: string): boolean {
  const params = new URLSearchParams(search);
  if (!params.has('kiosk')) return false;
  const value = (params.get('kiosk') ?? '').toLowerCase();
  return value !== 'false' && value !== '0';
}
