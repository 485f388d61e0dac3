import { createTheme, type CSSVariablesResolver } from '@mantine/core';

/** docs/console/plumbing.md#formatting-and-theme: the predecessor's indigo as the primary colour. */
export const theme = createTheme({
  primaryColor: 'indigo',
  // WCAG AA text contrast (4.5:1) for links and outline buttons on white: Mantine's default light shade 6 gives 4.3:1
  // (indigo) and 3.3:1 (red); shade 8 gives 5.7:1 and 4.5:1. Dark mode keeps Mantine's default shade 8.
  primaryShade: { light: 8, dark: 8 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
});

/**
 * Mantine's dimmed text fails WCAG AA (gray 6 on white 3.3:1, dark 2 on dark 7 4.0:1, found by the axe browser test);
 * one step stronger passes. So do its form error texts (red 6 on white 3.3:1, red 8 on dark 7 3.4:1): red 8 on white
 * gives 4.5:1, red 5 on dark 7 5.0:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-5)',
  },
});
