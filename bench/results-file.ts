import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * bench/RESULTS.md holds the server figures (`npm run bench`) and, each between its own marks, the sections other
 * benchmarks write: the console's (`npm run bench:console`), the CSV export's (`bench/csv.ts`), the live stream's
 * (`bench/stream-server.ts`), the grouped view's (`npm run bench:grouped`) and the shared grouped answers'
 * (`bench/grouped-shared.ts`).
 */
const RESULTS_FILE = 'bench/RESULTS.md';
type Section = 'console' | 'csv' | 'stream' | 'grouped' | 'shared';
const SECTIONS: readonly Section[] = ['console', 'csv', 'stream', 'grouped', 'shared'];
const marks = (name: Section) => ({ start: `<!-- bench:${name}:start -->`, end: `<!-- bench:${name}:end -->` });

function readResults(): string | null {
  return existsSync(RESULTS_FILE) ? readFileSync(RESULTS_FILE, 'utf8') : null;
}

/** The section `name` of `text`, marks included, or null when there is none. */
function sectionOf(text: string | null, name: Section): string | null {
  if (text === null) return null;
  const { start, end } = marks(name);
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  return from >= 0 && to > from ? text.slice(from, to + end.length) : null;
}

/** Writes the section `name` (its heading and lines), in place of the last one or at the end. */
function writeSection(name: Section, heading: string, lines: readonly string[]): void {
  const { start, end } = marks(name);
  const section = [start, heading, '', ...lines, end].join('\n');
  const current = readResults();
  const text = current ?? '# Benchmark results\n';
  const old = sectionOf(current, name);
  writeFileSync(RESULTS_FILE, old === null ? `${text.trimEnd()}\n\n${section}\n` : text.replace(old, () => section));
}

/** Writes the console's section. */
export function writeConsoleSection(heading: string, lines: readonly string[]): void {
  writeSection('console', heading, lines);
}

/** Writes the CSV export's section. */
export function writeCsvSection(heading: string, lines: readonly string[]): void {
  writeSection('csv', heading, lines);
}

/** Writes the live stream's section. */
export function writeStreamSection(heading: string, lines: readonly string[]): void {
  writeSection('stream', heading, lines);
}

/** Writes the grouped view's section. */
export function writeGroupedSection(heading: string, lines: readonly string[]): void {
  writeSection('grouped', heading, lines);
}

/** Writes the shared grouped answers' section. */
export function writeSharedSection(heading: string, lines: readonly string[]): void {
  writeSection('shared', heading, lines);
}

/** Writes the server's figures, keeping the sections the other benchmarks wrote. */
export function writeServerResults(lines: readonly string[]): void {
  const current = readResults();
  const kept = SECTIONS.map((name) => sectionOf(current, name)).filter((section) => section !== null);
  const body = lines.join('\n');
  writeFileSync(RESULTS_FILE, kept.length === 0 ? body : `${body.trimEnd()}\n\n${kept.join('\n\n')}\n`);
}
