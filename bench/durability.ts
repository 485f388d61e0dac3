/**
 * README.md#durability: no alert the server answered with 2xx is lost when the process is killed. The built server
 * takes 16 connections of POST /alert (new alerts, duplicates and severity changes), is killed with SIGKILL after a
 * random 0.3–2.5 s, and is started again on the same database, which is then checked against every answer; on
 * PostgreSQL every other kill also stops the database as a crash does (`pg_ctl stop -m immediate`), so its own
 * recovery is checked too. DURABILITY_KILLS per engine (20), BENCH_ENGINES (sqlite,postgres). Writes
 * bench/DURABILITY-RESULTS.md. `npm run build` first.
 *
 * Each connection owns its resources and sends one request at a time, so the requests of one alert reach the server
 * in the order they were sent, and each carries its own id, which the alert keeps as lastReceiveId. After a restart,
 * the alert of each resource must hold the latest answered request of that resource, with the answer's id, severity,
 * status and duplicateCount, or a request sent after it that got no answer (one in flight at the kill may or may not
 * have been committed; both are correct). Anything older, or no alert at all, counts as lost.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerProcess } from '../packages/server/test/support/server-process.js';
import {
  API_KEY,
  type PostAnswer,
  type Target,
  durablePostgres,
  machine,
  sleep,
  startOn,
  storedAlerts,
} from './durable-support';
import { createClient } from './http';

const KILLS = Number(process.env.DURABILITY_KILLS ?? 20);
const ENGINES = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',').filter((e) => e !== '');
const CONNECTIONS = 16;
const REPEATED_PER_CONNECTION = 20;
const EVENT = 'DurabilityCheck';
const SEVERITIES = ['critical', 'major', 'minor'];

interface Sent {
  id: string;
  severity: string;
  answer?: PostAnswer;
  /** Settled without a 2xx: an error status, or no answer at all. */
  failed?: boolean;
}

interface EngineFigures {
  engine: string;
  kills: number;
  databaseCrashes: number;
  sent: number;
  acknowledged: number;
  unanswered: number;
  unansweredApplied: number;
  errorStatuses: Record<number, number>;
  resourcesChecked: number;
  lost: number;
  problems: string[];
}

function checkAll(
  history: Map<string, Sent[]>,
  stored: Awaited<ReturnType<typeof storedAlerts>>,
  figures: EngineFigures,
) {
  let lost = 0;
  let applied = 0;
  for (const [resource, sent] of history) {
    let last = -1;
    sent.forEach((request, i) => {
      if (request.answer !== undefined) last = i;
    });
    const alert = stored.get(resource);
    const held = alert === undefined ? -1 : sent.findIndex((request) => request.id === alert.lastReceiveId);
    if (held >= 0 && sent[held]?.answer === undefined) applied += 1;
    if (last < 0) continue;
    const latest = sent[last];
    const answer = latest?.answer;
    if (answer === undefined) continue;
    const problem = (why: string) => {
      lost += 1;
      if (figures.problems.length < 20) figures.problems.push(`${resource}: ${why}`);
    };
    if (alert === undefined) problem(`no alert, answered ${answer.alert.id}`);
    else if (alert.id !== answer.alert.id) problem(`alert ${alert.id}, answered ${answer.alert.id}`);
    else if (held < last) problem(`holds request ${held} of ${sent.length}, answered up to ${last}`);
    else if (held === last) {
      const same =
        alert.severity === answer.alert.severity &&
        alert.status === answer.alert.status &&
        alert.duplicateCount === answer.alert.duplicateCount;
      if (!same) problem(`holds ${JSON.stringify(alert)}, answered ${JSON.stringify(answer.alert)}`);
    } else if (alert.severity !== sent[held]?.severity) {
      problem(`holds a later request with severity ${alert.severity}, sent ${sent[held]?.severity ?? '?'}`);
    }
  }
  return { lost, applied };
}

async function runEngine(engine: string): Promise<EngineFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'alerta-durability-'));
  const target: Target =
    engine === 'postgres'
      ? await durablePostgres(dataDir)
      : { engine: 'sqlite', databaseUrl: `sqlite:${join(dataDir, 'alerta.sqlite')}`, dataDir };
  const figures: EngineFigures = {
    engine,
    kills: 0,
    databaseCrashes: 0,
    sent: 0,
    acknowledged: 0,
    unanswered: 0,
    unansweredApplied: 0,
    errorStatuses: {},
    resourcesChecked: 0,
    lost: 0,
    problems: [],
  };
  const history = new Map<string, Sent[]>();
  let fresh = 0;
  let server: ServerProcess | undefined;
  try {
    server = await startOn(target);
    for (let round = 0; round < KILLS; round++) {
      const client = createClient(server.endpoint, { Authorization: `Key ${API_KEY}` }, CONNECTIONS);
      let running = true;
      const worker = async (w: number): Promise<void> => {
        while (running) {
          const repeated = Math.random() < 0.6;
          const resource = repeated
            ? `r-${w}-${Math.floor(Math.random() * REPEATED_PER_CONNECTION)}`
            : `n-${w}-${(fresh += 1)}`;
          const severity = repeated ? (SEVERITIES[Math.floor(Math.random() * SEVERITIES.length)] ?? 'major') : 'major';
          const request: Sent = { id: randomUUID(), severity };
          const sent = history.get(resource) ?? [];
          sent.push(request);
          history.set(resource, sent);
          figures.sent += 1;
          const body = {
            id: request.id,
            resource,
            event: EVENT,
            environment: 'Production',
            service: ['Durability'],
            severity,
            value: String(sent.length),
            text: 'checked after every kill',
          };
          try {
            const { status, body: text } = await client.call('POST', '/alert', body);
            if (status >= 200 && status < 300) {
              const answer = JSON.parse(text) as PostAnswer;
              if (answer.alert.lastReceiveId !== request.id) throw new Error(`answer of another request: ${text}`);
              request.answer = answer;
              figures.acknowledged += 1;
            } else {
              request.failed = true;
              figures.errorStatuses[status] = (figures.errorStatuses[status] ?? 0) + 1;
            }
          } catch (error) {
            if (error instanceof Error && error.message.startsWith('answer of another')) throw error;
            request.failed = true;
            figures.unanswered += 1;
            return;
          }
        }
      };
      const workers = Array.from({ length: CONNECTIONS }, (_, w) => worker(w));
      await sleep(300 + Math.random() * 2_200);
      server.child.kill('SIGKILL');
      figures.kills += 1;
      const crashDatabase = target.cluster !== undefined && round % 2 === 1;
      if (crashDatabase) {
        target.cluster?.halt('immediate');
        figures.databaseCrashes += 1;
      }
      await server.exited;
      running = false;
      await Promise.all(workers);
      client.close();
      if (crashDatabase) target.cluster?.resume();
      server = await startOn(target);
      const stored = await storedAlerts(target, EVENT);
      const { lost, applied } = checkAll(history, stored, figures);
      figures.lost = lost;
      figures.unansweredApplied = applied;
      figures.resourcesChecked = history.size;
      console.error(
        `${engine} kill ${round + 1}/${KILLS}${crashDatabase ? ' (and the database)' : ''}: ` +
          `${figures.acknowledged} answered so far, ${history.size} alerts checked, ${lost} lost`,
      );
    }
  } finally {
    if (server !== undefined) await server.stop();
    target.cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}

const results: EngineFigures[] = [];
for (const engine of ENGINES) results.push(await runEngine(engine));

const lines = [
  '# Durability results',
  '',
  `\`node --import tsx bench/durability.ts\` on ${machine()}, ${new Date().toISOString().slice(0, 10)}.`,
  '',
  `${CONNECTIONS} connections post alerts to the built server (about 40% new alerts, 60% to ${CONNECTIONS * REPEATED_PER_CONNECTION}`,
  'alerts sent again with one of three severities: duplicates and severity changes); it is killed with SIGKILL after a',
  'random 0.3–2.5 s and started again on the same database, and after each restart every alert is checked against the',
  'latest answered request of its resource (id, severity, status, duplicateCount, lastReceiveId; a later request that got',
  'no answer may have been applied too). SQLite runs with `SQLITE_SYNCHRONOUS=FULL` (the default); PostgreSQL is a',
  'throwaway cluster with its default durability (`fsync`, `synchronous_commit`, `full_page_writes` on), stopped as a',
  'crash stops it (`pg_ctl stop -m immediate`) together with every other kill. The checks are cumulative: the last',
  'check covers every answer of the run.',
  '',
  '| engine | kills | database crashes | requests sent | answered 2xx | other statuses | no answer (in flight) | of those, applied | alerts checked | lost |',
  '|---|---|---|---|---|---|---|---|---|---|',
  ...results.map(
    (r) =>
      `| ${r.engine} | ${r.kills} | ${r.databaseCrashes} | ${r.sent} | ${r.acknowledged} | ${JSON.stringify(r.errorStatuses)} | ` +
      `${r.unanswered} | ${r.unansweredApplied} | ${r.resourcesChecked} | **${r.lost}** |`,
  ),
  '',
  ...results.flatMap((r) =>
    r.problems.length === 0 ? [] : [`Problems on ${r.engine}:`, '', ...r.problems.map((p) => `- ${p}`), ''],
  ),
];
writeFileSync('bench/DURABILITY-RESULTS.md', `${lines.join('\n').trimEnd()}\n`);
console.log(lines.join('\n'));
if (results.some((r) => r.lost > 0)) process.exitCode = 1;
