import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/** bench/RESULTS.md holds the server figures (`npm run bench`) and, between these marks, the console's. */
const RESULTS_FILE = 'bench/RESULTS.md';
const SECTION_START = '<!-- bench:console:start -->';
const SECTION_END = '<!-- bench:console:end -->';

function readResults(): string | null {
  return existsSync(RESULTS_FILE) ? readFileSync(RESULTS_FILE, 'utf8') : null;
}

/** The console's section of `text`, marks included, or null when there is none. */
function sectionOf(text: string | null): string | null {
  if (text === null) return null;
  const start = text.indexOf(SECTION_START);
  const end = text.indexOf(SECTION_END);
  return start >= 0 && end > start ? text.slice(start, end + SECTION_END.length) : null;
}

/** Writes the console's section (its heading and lines), in place of the last one or at the end. */
export function writeConsoleSection(heading: string, lines: readonly string[]): void {
  const section = [SECTION_START, heading, '', ...lines, SECTION_END].join('\n');
  const current = readResults();
  const text = current ?? '# Benchmark results\n';
  const old = sectionOf(current);
  writeFileSync(RESULTS_FILE, old === null ? `${text.trimEnd()}\n\n${section}\n` : text.replace(old, () => section));
}

/** Writes the server's figures, keeping the console's section the console bench wrote. */
export function writeServerResults(lines: readonly string[]): void {
  const kept = sectionOf(readResults());
  writeFileSync(RESULTS_FILE, kept === null ? lines.join('\n') : `${lines.join('\n').trimEnd()}\n\n${kept}\n`);
}
