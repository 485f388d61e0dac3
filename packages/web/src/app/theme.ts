import { createTheme } from '@mantine/core';

/** screens.md §19.4: the predecessor's indigo as the primary colour. */
export const theme = createTheme({
  primaryColor: 'indigo',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
});
