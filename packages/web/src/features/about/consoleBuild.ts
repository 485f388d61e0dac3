/** Set at build time through Vite's `define` (vite.config.ts `buildInfo`). */
declare const __CONSOLE_BUILD__: { id: string; time: string };

/**
 * docs/console/account-screens.md#about: which build of the console runs: the commit it was built from (or
 * `CONSOLE_BUILD_ID`), empty when unknown, and when it was built.
 */
export const consoleBuild: { id: string; time: string } = __CONSOLE_BUILD__;
