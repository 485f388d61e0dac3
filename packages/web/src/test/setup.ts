import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { resetScenarios } from './mocks';
import { server } from './server';

// The first screen a test file opens loads its modules then; on a busy two-core machine that alone can take longer
// than Testing Library's default second (a slow virtual machine beside the browser tests took over ten), so findBy
// and waitFor wait up to twenty. A passing test never waits that long.
configure({ asyncUtilTimeout: 20_000 });

// jsdom lacks these browser APIs that Mantine reads.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => ({
    // Tests run "on a wide screen": min-width queries match, everything else (dark mode, reduced motion) does not.
    matches: query.includes('min-width'),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = NoopResizeObserver;

/** Messages a test has said it expects on console.error or console.warn; anything else fails the test. */
const expectedConsole: RegExp[] = [];
let unexpectedConsole: string[] = [];

export function expectConsoleMessage(pattern: RegExp): void {
  expectedConsole.push(pattern);
}

const argumentText = (value: unknown): string =>
  value instanceof Error ? `${value.name}: ${value.message}` : String(value);

/** A console call's text as the console prints it: the first argument's `%s`, `%o`… filled in with the others. */
function consoleText(args: unknown[]): string {
  const [first, ...rest] = args;
  if (typeof first !== 'string') return args.map(argumentText).join(' ');
  const filled = first.replace(/%[sdifoOc%]/g, (spec) => {
    if (spec === '%%') return '%';
    if (rest.length === 0) return spec;
    const value = rest.shift();
    return spec === '%c' ? '' : argumentText(value);
  });
  return [filled, ...rest.map(argumentText)].join(' ');
}

function watchConsole(level: 'error' | 'warn') {
  vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
    const text = consoleText(args);
    if (!expectedConsole.some((pattern) => pattern.test(text))) unexpectedConsole.push(`console.${level}: ${text}`);
  });
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

beforeEach(() => {
  unexpectedConsole = [];
  expectedConsole.length = 0;
  watchConsole('error');
  watchConsole('warn');
});

afterEach(async () => {
  cleanup();
  // A test that ends on a navigation (to a lazily loaded screen) leaves its code loading. It finishes here, inside the
  // test that started it, rather than in the next test of the file, on that test's clock and beside its own loads.
  await vi.dynamicImportSettled();
  server.resetHandlers();
  resetScenarios();
  server.events.removeAllListeners();
  window.localStorage.clear();
  window.sessionStorage.clear();
  // Test files share one jsdom and one module graph (vite.config.ts): what a test may change globally goes back.
  vi.useRealTimers();
  dayjs.locale('en');
  document.documentElement.removeAttribute('lang');
  document.title = '';
  if (unexpectedConsole.length > 0) {
    throw new Error(`Unexpected console output:\n${unexpectedConsole.join('\n')}`);
  }
});

afterAll(() => server.close());
