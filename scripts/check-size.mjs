#!/usr/bin/env node
// The console's first-load budget, as the browser sees it: starts the built server with 50 alerts, opens /alerts
// signed in, in Chromium with an empty cache, and sums the bytes that arrive for every response of that load (HTML,
// scripts, styles, config.json, API answers; headers included, bodies as sent, compressed or not). Prints them by
// file and by type, and fails when the total is over the budget. Run with `node --import tsx` (it starts the server
// through packages/server/test/support/server-process.ts); `npm test -- size` does.
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium.ts';
import { startWithFirstAdmin } from '../packages/server/test/support/server-process.ts';

const BUDGET_KB = 200;
const ALERTS = 50;
const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(7);

const server = await startWithFirstAdmin({ name: 'size' });
let browser;
try {
  const call = async (method, path, token, body) => {
    const response = await fetch(`${server.endpoint}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const { token } = await call('POST', '/auth/login', undefined, {
    username: server.admin.login,
    password: server.admin.password,
  });
  for (let i = 0; i < ALERTS; i += 1) {
    await call('POST', '/alert', token, {
      resource: `web${String(i).padStart(2, '0')}.example.com`,
      event: i % 3 === 0 ? 'HttpServerError' : 'DiskFull',
      environment: 'Production',
      service: ['Website'],
      severity: ['critical', 'major', 'minor', 'warning'][i % 4],
      text: `Alert number ${i} for the first-load measurement`,
      value: String(i * 7),
      tags: ['size-check'],
      attributes: { region: 'eu-west-1' },
    });
  }

  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  const context = await browser.newContext();
  await context.addInitScript((value) => localStorage.setItem('auth.token', value), token);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const responses = new Map();
  cdp.on('Network.responseReceived', ({ requestId, response, type }) => {
    const encoding = Object.entries(response.headers).find(([name]) => name.toLowerCase() === 'content-encoding');
    // What has arrived when the response starts is its status line and headers.
    const headers = response.encodedDataLength;
    responses.set(requestId, { url: response.url, type, encoding: encoding?.[1] ?? '-', headers, bytes: 0 });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const entry = responses.get(requestId);
    if (entry) entry.bytes = encodedDataLength;
  });

  await page.goto(`${server.origin}/alerts`);
  await page.locator('tr[data-alert-id]').first().waitFor();
  await page.waitForLoadState('networkidle');

  const loaded = [...responses.values()].filter((entry) => entry.bytes > 0);
  const byType = new Map();
  let total = 0;
  let headers = 0;
  console.log(`first load of /alerts with ${ALERTS} alerts (bytes received, headers included):`);
  for (const { url, type, encoding, bytes, headers: head } of loaded.sort((a, b) => b.bytes - a.bytes)) {
    total += bytes;
    headers += head;
    byType.set(type, (byType.get(type) ?? 0) + bytes);
    const { pathname, search } = new URL(url);
    const name = `${pathname}${search}`.slice(0, 60);
    console.log(`  ${name.padEnd(60)} ${type.padEnd(10)} ${encoding.padEnd(5)} ${kb(bytes)} kB`);
  }
  console.log('by type:');
  for (const [type, bytes] of [...byType].sort((a, b) => b[1] - a[1])) {
    console.log(`  ${type.padEnd(10)} ${kb(bytes)} kB`);
  }
  console.log(`  ${'headers'.padEnd(10)} ${kb(headers)} kB (included above)`);
  console.log(`  ${'total'.padEnd(10)} ${kb(total)} kB in ${loaded.length} responses (budget ${BUDGET_KB} kB)`);
  if (loaded.length === 0) throw new Error('nothing was loaded: is the console built?');
  if (total > BUDGET_KB * 1024) {
    console.error(`The first load of /alerts is ${(total / 1024).toFixed(1)} kB, over the ${BUDGET_KB} kB budget.`);
    process.exitCode = 1;
  }
} finally {
  await browser?.close();
  await server.stop();
}
