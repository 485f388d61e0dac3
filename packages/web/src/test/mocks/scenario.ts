import { HttpResponse } from 'msw';
import { errorEnvelope } from '../fixtures';

/**
 * What every area's scenario shares: an answer that stands in for the data (a refusal, a dropped connection, an answer
 * held back until the test releases it), and a list of every scenario so the test setup puts them all back after each
 * test.
 */
export type Outage =
  { kind: 'refuse'; status: number; message: string } | { kind: 'drop' } | { kind: 'hold'; released: Promise<void> };

const resets: (() => void)[] = [];

/** Registers how an area goes back to its defaults; returns it, for the area to call once at start. */
export function onReset(reset: () => void): () => void {
  resets.push(reset);
  return reset;
}

/** Puts every area back to its defaults (called after each test by src/test/setup.ts). */
export function resetScenarios(): void {
  for (const reset of resets) reset();
}

/** The API's error envelope with that status (docs/api/conventions.md#errors), as the server sends it. */
export function refusal(status: number, message: string): Response {
  return HttpResponse.json(errorEnvelope(status, message), { status });
}

/** Answers as the outage says: the refusal, a network error, or (once released) `undefined` to answer normally. */
export async function outageAnswer(outage: Outage | undefined): Promise<Response | undefined> {
  if (outage === undefined) return undefined;
  if (outage.kind === 'refuse') return refusal(outage.status, outage.message);
  if (outage.kind === 'drop') return HttpResponse.error();
  await outage.released;
  return undefined;
}

/** An outage that holds answers back until the returned function is called. */
export function holdOutage(): { outage: Outage; release: () => void } {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  return { outage: { kind: 'hold', released }, release };
}

/** The paged envelope the list routes answer with (docs/api/README.md#pages), under the area's key. */
export function pageOf<Row>(key: string, rows: readonly Row[], total = rows.length) {
  return { status: 'ok', [key]: rows, total, page: 1, pageSize: 20, pages: 1, more: false };
}
