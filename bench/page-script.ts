/**
 * `fn(arg)` as a script for the console's page, whose Content-Security-Policy refuses Playwright's own function
 * calls. tsx compiles with esbuild's keepNames, which wraps named inner functions in a `__name(...)` helper the page
 * does not have; the wrapper supplies a do-nothing one.
 */
export function pageScript<A>(fn: (arg: A) => unknown, arg: A): string {
  return `((__name) => (${fn.toString()})(${JSON.stringify(arg)}))((f) => f)`;
}
