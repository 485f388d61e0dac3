/**
 * A link that searches the alert list for `field:"value"` (docs/console/alert-screens.md#alert-detail click-to-search).
 */
export function searchHref(field: string, value: string): string {
  const quoted = `"${value.replace(/["\\]/g, '\\$&')}"`;
  return `/alerts?${new URLSearchParams({ q: `${field}:${quoted}` }).toString()}`;
}
