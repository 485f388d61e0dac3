import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import type { AxeResults, Result } from 'axe-core';

const AXE_SCRIPT = join(dirname(createRequire(import.meta.url).resolve('axe-core')), 'axe.min.js');

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string; summary: string }[];
}

function finding(result: Result): AxeFinding {
  return {
    id: result.id,
    impact: result.impact ?? 'unknown',
    help: result.help,
    nodes: result.nodes.map((node) => ({
      target: node.target.map(String).join(' '),
      summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
    })),
  };
}

/**
 * Runs axe-core (WCAG 2.x A and AA rules plus best practices) on the page as it is, attaches every violation to the
 * test's report under `name`, and returns them.
 */
export async function runAxe(page: Page, testInfo: TestInfo, name: string): Promise<AxeFinding[]> {
  // The page at rest: a pointer left over a row (by a click elsewhere) would show that row's hover buttons.
  await page.mouse.move(0, 0);
  // Evaluated by the browser's debugging protocol rather than added as a script element: the console's
  // Content-Security-Policy refuses inline scripts, and a test must not need it loosened (README.md#security-headers).
  await page.evaluate(await readFile(AXE_SCRIPT, 'utf8'));
  const results = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<AxeResults> } })
      .axe;
    const answer = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    // Only what the report needs crosses back (the full results hold DOM references and are large).
    return { violations: answer.violations };
  });
  const findings = results.violations.map(finding);
  const path = testInfo.outputPath(`axe-${name}.json`);
  await writeFile(path, JSON.stringify(findings, null, 2));
  await testInfo.attach(`axe-${name}`, { path, contentType: 'application/json' });
  for (const f of findings) {
    console.log(`[axe ${name}] ${f.impact} ${f.id}: ${f.help} (${f.nodes.length}) e.g. ${f.nodes[0]?.target ?? ''}`);
  }
  return findings;
}

/** The findings a test fails on: impact serious or critical. */
export const blocking = (findings: readonly AxeFinding[]) =>
  findings.filter((f) => f.impact === 'serious' || f.impact === 'critical');
