import { ENVIRONMENTS } from './server';

/** A deterministic pseudo-random generator, so every run seeds the same alerts. */
export function rng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SERVICES = [
  'Web',
  'Api',
  'Payments',
  'Checkout',
  'Search',
  'Database',
  'Cache',
  'Queue',
  'Storage',
  'Network',
  'Dns',
  'Mail',
  'Auth',
  'Identity',
  'Billing',
  'Reporting',
  'Analytics',
  'Cdn',
  'LoadBalancer',
  'Kubernetes',
  'Monitoring',
  'Logging',
  'Backup',
  'Vpn',
  'Firewall',
  'Inventory',
  'Orders',
  'Shipping',
  'Notifications',
  'Scheduler',
];
const EVENTS = [
  'NodeDown',
  'DiskUsageHigh',
  'CpuLoadHigh',
  'MemoryPressure',
  'HttpError5xx',
  'LatencyHigh',
  'CertificateExpiry',
  'BackupFailed',
  'ReplicationLag',
  'QueueBacklog',
  'PodCrashLooping',
  'ServiceUnavailable',
  'TunnelDown',
  'PacketLoss',
  'ConnectionRefused',
  'SlowQueries',
  'DeadlockDetected',
  'OutOfMemory',
  'SwapUsageHigh',
  'InodeUsage',
];
const WORDS = [
  'disk',
  'latency',
  'timeout',
  'refused',
  'degraded',
  'unreachable',
  'backlog',
  'failover',
  'restart',
  'saturated',
  'memory',
  'replica',
  'primary',
  'certificate',
  'expired',
  'throttled',
  'quota',
  'packet',
  'upstream',
  'cluster',
];
const TAGS = Array.from({ length: 50 }, (_, i) => `tag${i}`);
const REGIONS = ['eu-west-1', 'eu-central-1', 'us-east-1', 'us-west-2', 'ap-south-1'];
const TEAMS = ['sre', 'dba', 'network', 'payments', 'platform', 'web'];

/** Severity and the status the sender reports, weighted roughly as a busy estate looks. */
const PROFILES: readonly [weight: number, severity: string, status: string | undefined][] = [
  [4, 'critical', undefined],
  [12, 'major', undefined],
  [18, 'minor', undefined],
  [22, 'warning', undefined],
  [6, 'major', 'ack'],
  [5, 'minor', 'ack'],
  [4, 'warning', 'shelved'],
  [9, 'informational', undefined],
  [12, 'normal', undefined],
  [5, 'indeterminate', undefined],
  [3, 'security', undefined],
];
const TOTAL_WEIGHT = PROFILES.reduce((sum, [w]) => sum + w, 0);

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)] as T;
}

/** The i-th alert of the bench set: a unique environment+resource+event for every i. */
export function benchAlert(i: number): Record<string, unknown> {
  const random = rng(i + 1);
  let roll = random() * TOTAL_WEIGHT;
  let profile = PROFILES[0];
  for (const candidate of PROFILES) {
    roll -= candidate[0];
    if (roll < 0) {
      profile = candidate;
      break;
    }
  }
  const [, severity, status] = profile ?? [0, 'warning', undefined];
  const event = EVENTS[i % EVENTS.length] as string;
  const environment = ENVIRONMENTS[Math.floor(i / EVENTS.length) % ENVIRONMENTS.length] as string;
  const resource = `host-${Math.floor(i / (EVENTS.length * ENVIRONMENTS.length))}`;
  const service = [pick(random, SERVICES), ...(random() < 0.2 ? [pick(random, SERVICES)] : [])];
  const tags = Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(random, TAGS));
  return {
    resource,
    event,
    environment,
    severity,
    ...(status === undefined ? {} : { status }),
    service,
    group: pick(random, ['Performance', 'Availability', 'Capacity', 'Security', 'Misc']),
    value: `${Math.floor(random() * 100)}%`,
    text: `${event} on ${resource}: ${pick(random, WORDS)} ${pick(random, WORDS)} ${pick(random, WORDS)}`,
    tags,
    attributes: {
      region: pick(random, REGIONS),
      team: pick(random, TEAMS),
      runbook: `https://runbooks.example.com/${event}`,
    },
    origin: `bench/${pick(random, ['prometheus', 'zabbix', 'nagios', 'cloudwatch'])}`,
    type: 'benchAlert',
    timeout: 86400 * 7,
  };
}
