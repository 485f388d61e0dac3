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

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)] as T;
}

/** Picks from a list with the first items far more likely than the last, as real estates are lopsided. */
function pickSkewed<T>(random: () => number, list: readonly T[]): T {
  const r = random();
  return list[Math.floor(r * r * list.length)] as T;
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
  'Pricing',
  'Recommendations',
  'Media',
  'Streaming',
  'Ledger',
  'Fraud',
  'Support',
  'Crm',
  'Warehouse',
  'Gateway',
];
const ROLES = ['web', 'api', 'db', 'cache', 'queue', 'k8s-node', 'lb', 'storage', 'search', 'worker', 'mail', 'vpn'];
const EVENT_BASES = [
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
  'ProcessMissing',
  'NtpDrift',
  'FileDescriptorsHigh',
  'ThreadPoolExhausted',
  'GcPauseLong',
  'ErrorRateHigh',
  'HealthCheckFailed',
  'ConfigDrift',
  'LogVolumeHigh',
  'RaidDegraded',
];
const EVENT_QUALIFIERS = ['', 'Warning', 'Critical', 'Root', 'Data', 'Logs', 'Tmp', 'Primary', 'Replica', 'Ingress'];
/** 300 events: each base with each qualifier. The first ones are the common ones (see `pickSkewed`). */
const EVENTS = EVENT_QUALIFIERS.flatMap((q) => EVENT_BASES.map((b) => (q === '' ? b : `${b}${q}`)));
const GROUPS = [
  'Performance',
  'Availability',
  'Capacity',
  'Security',
  'Network',
  'Storage',
  'Application',
  'Database',
  'Hardware',
  'Os',
  'Backup',
  'Misc',
];
const ORIGIN_TOOLS = ['prometheus', 'zabbix', 'nagios', 'cloudwatch', 'datadog', 'grafana', 'icinga', 'sensu'];
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
  'spike',
  'leak',
  'rollback',
  'deploy',
  'evicted',
  'partition',
  'rebalance',
  'handshake',
  'checksum',
  'stale',
];
const TAGS = [
  ...['linux', 'windows', 'kubernetes', 'vm', 'bare-metal', 'container', 'serverless'],
  ...['pci', 'gdpr', 'customer-facing', 'internal', 'batch', 'realtime', 'legacy', 'canary', 'blue', 'green'],
  ...Array.from({ length: 120 }, (_, i) => `team-${i}`),
];
export const REGIONS = [
  'eu-west-1',
  'us-east-1',
  'eu-central-1',
  'us-west-2',
  'ap-southeast-1',
  'eu-west-2',
  'us-east-2',
  'ap-northeast-1',
  'ap-south-1',
  'sa-east-1',
  'ca-central-1',
  'eu-north-1',
];
const TEAMS = ['sre', 'dba', 'network', 'payments', 'platform', 'web', 'storage', 'security', 'data', 'mobile'];

/** Hosts in the bench set; an alert's resource is one of them. */
export const HOSTS = 5000;

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

interface Host {
  name: string;
  environment: string;
  region: string;
  /** A value per host: the attribute with thousands of values. */
  instance: string;
  role: string;
  /** Where this host's events start in EVENTS; low offsets are likelier, so some events are far more common. */
  eventOffset: number;
}

const hosts = new Map<number, Host>();

/** The h-th host: its name, environment and region stay the same for all its alerts. */
export function benchHost(h: number): Host {
  const known = hosts.get(h);
  if (known !== undefined) return known;
  const random = rng(1_000_003 + h);
  const role = pick(random, ROLES);
  const region = pickSkewed(random, REGIONS);
  const host: Host = {
    name: `${role}-${region}-${String(h).padStart(4, '0')}`,
    // Most alerts come from production.
    environment: random() < 0.55 ? 'Production' : pick<string>(random, ENVIRONMENTS),
    region,
    instance: `i-${Math.floor(random() * 2 ** 48)
      .toString(16)
      .padStart(12, '0')}`,
    role,
    eventOffset: Math.floor(random() * random() * EVENTS.length),
  };
  hosts.set(h, host);
  return host;
}

/**
 * The i-th alert of the bench set, a unique environment+resource+event for every i below HOSTS × 300: alert i is on
 * host i mod HOSTS, and each host's alerts take its events in turn from the host's offset.
 */
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
  const h = i % HOSTS;
  const host = benchHost(h);
  const event = EVENTS[(host.eventOffset + Math.floor(i / HOSTS)) % EVENTS.length] as string;
  const service = [pickSkewed(random, SERVICES), ...(random() < 0.2 ? [pick(random, SERVICES)] : [])];
  const tags = [host.role, ...Array.from({ length: Math.floor(random() * 3) }, () => pickSkewed(random, TAGS))];
  const words = `${pick(random, WORDS)} ${pick(random, WORDS)} ${pick(random, WORDS)}`;
  return {
    resource: host.name,
    event,
    environment: host.environment,
    severity,
    ...(status === undefined ? {} : { status }),
    service,
    group: pickSkewed(random, GROUPS),
    value: `${Math.floor(random() * 100)}%`,
    text: `${event} on ${host.name}: ${words}`,
    tags,
    attributes: {
      region: host.region,
      instance: host.instance,
      team: pick(random, TEAMS),
      runbook: `https://runbooks.example.com/${event}`,
      description: `${host.role} ${words} since the last ${pick(random, WORDS)}`,
      priority: 1 + Math.floor(random() * 5),
    },
    origin: `${pickSkewed(random, ORIGIN_TOOLS)}/${host.region}`,
    type: 'benchAlert',
    timeout: 86400 * 7,
  };
}

/** The severities a correlated alert goes through, in turn. */
const SEVERITY_CYCLE = ['major', 'minor', 'critical', 'normal'] as const;

/**
 * The i-th of a run of severity changes on `targets` stored alerts spread over the first `stored` of the bench set:
 * round r = ⌊i / targets⌋ sends each target again with the next severity of SEVERITY_CYCLE, starting from one that
 * differs from its stored severity, so every request takes the correlation path (docs/api/ingest.md#matching) and
 * writes a history entry.
 */
export function correlatedAlert(i: number, stored: number, targets: number): Record<string, unknown> {
  const target = (i % targets) * Math.max(1, Math.floor(stored / targets));
  const alert = benchAlert(target);
  const first = SEVERITY_CYCLE.findIndex((s) => s !== alert.severity);
  const severity = SEVERITY_CYCLE[(first + Math.floor(i / targets)) % SEVERITY_CYCLE.length] as string;
  // The sender's status would keep a shelved or acknowledged alert where it is; a severity change decides it here.
  delete alert.status;
  return { ...alert, severity };
}
