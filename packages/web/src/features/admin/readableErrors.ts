import type { CSSProperties } from 'react';

/**
 * Mantine's error text in light mode is red 6 on white, 3.3:1, under WCAG AA's 4.5:1 (found by the axe browser test);
 * red 8, which Mantine already uses in dark mode, passes. Wrap a form's fields in an element with this style until the
 * theme sets `--mantine-color-error` for every form.
 */
export const readableErrors = { '--mantine-color-error': 'var(--mantine-color-red-8)' } as CSSProperties;
