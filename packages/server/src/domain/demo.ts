import type { AlertInput } from '@alerta/contract';
import type { AlertRepository, AlertQuery } from '../store/types.js';
import { type IngestSettings, ingestAlert } from './ingest.js';

const ANY: AlertQuery = {
  filters: [],
  ids: [],
  fromDate: undefined,
  toDate: undefined,
  sort: [],
  severityCodes: {},
  statusCodes: {},
};

interface Scenario {
  resource: string;
  event: string;
  service: string;
  group: string;
  severity: string;
  text: string;
  value: string;
  tags: string[];
  attributes: Record<string, unknown>;
}

const SCENARIOS: readonly Scenario[] = [
  {
    resource: 'web01',
    event: 'HttpError5xx',
    service: 'Website',
    group: 'Web',
    severity: 'major',
    text: 'HTTP 5xx rate above 5%',
    value: '7.2%',
    tags: ['nginx', 'edge'],
    attributes: { region: 'eu-west-1', runbook: 'https://runbooks.example.com/http-5xx' },
  },
  {
    resource: 'web02',
    event: 'HttpLatencyHigh',
    service: 'Website',
    group: 'Web',
    severity: 'warning',
    text: 'p99 latency above 800 ms',
    value: '912ms',
    tags: ['nginx'],
    attributes: { region: 'eu-west-1' },
  },
  {
    resource: 'db01',
    event: 'DiskUsageHigh',
    service: 'Database',
    group: 'Storage',
    severity: 'critical',
    text: 'Disk /var/lib/postgresql is 97% full',
    value: '97%',
    tags: ['postgres', 'disk'],
    attributes: { mount: '/var/lib/postgresql', region: 'us-east-1' },
  },
  {
    resource: 'db02',
    event: 'ReplicationLag',
    service: 'Database',
    group: 'Storage',
    severity: 'minor',
    text: 'Replica is 45 s behind',
    value: '45s',
    tags: ['postgres', 'replica'],
    attributes: { primary: 'db01' },
  },
  {
    resource: 'cache01',
    event: 'MemoryPressure',
    service: 'Cache',
    group: 'Performance',
    severity: 'warning',
    text: 'Evictions increasing',
    value: '1240/s',
    tags: ['redis'],
    attributes: {},
  },
  {
    resource: 'queue01',
    event: 'QueueBacklog',
    service: 'Messaging',
    group: 'Performance',
    severity: 'major',
    text: 'orders queue backlog above 10k',
    value: '12873',
    tags: ['rabbitmq', 'orders'],
    attributes: { queue: 'orders' },
  },
  {
    resource: 'api-gw',
    event: 'CertificateExpiry',
    service: 'API',
    group: 'Security',
    severity: 'minor',
    text: 'TLS certificate expires in 12 days',
    value: '12d',
    tags: ['tls'],
    attributes: { issuer: "Let's Encrypt" },
  },
  {
    resource: 'auth01',
    event: 'LoginFailures',
    service: 'Identity',
    group: 'Security',
    severity: 'security',
    text: 'Burst of failed logins from one address',
    value: '312',
    tags: ['ssh', 'bruteforce'],
    attributes: { source: '203.0.113.45' },
  },
  {
    resource: 'k8s-node-3',
    event: 'NodeNotReady',
    service: 'Platform',
    group: 'Kubernetes',
    severity: 'critical',
    text: 'Node has been NotReady for 5 minutes',
    value: 'NotReady',
    tags: ['kubernetes'],
    attributes: { cluster: 'prod-1' },
  },
  {
    resource: 'k8s-node-1',
    event: 'PodCrashLooping',
    service: 'Platform',
    group: 'Kubernetes',
    severity: 'major',
    text: 'checkout-7d9f pod restarting',
    value: '14 restarts',
    tags: ['kubernetes', 'checkout'],
    attributes: { namespace: 'shop' },
  },
  {
    resource: 'batch01',
    event: 'JobFailed',
    service: 'Reporting',
    group: 'Batch',
    severity: 'warning',
    text: 'Nightly report job failed',
    value: 'exit 2',
    tags: ['cron'],
    attributes: { job: 'nightly-report' },
  },
  {
    resource: 'lb01',
    event: 'BackendDown',
    service: 'Website',
    group: 'Network',
    severity: 'major',
    text: '1 of 4 backends failing health checks',
    value: '3/4',
    tags: ['haproxy'],
    attributes: {},
  },
  {
    resource: 'mail01',
    event: 'SmtpQueueGrowing',
    service: 'Mail',
    group: 'Messaging',
    severity: 'informational',
    text: 'Outbound queue growing slowly',
    value: '230',
    tags: ['postfix'],
    attributes: {},
  },
  {
    resource: 'backup01',
    event: 'BackupSucceeded',
    service: 'Backup',
    group: 'Storage',
    severity: 'normal',
    text: 'Nightly backup completed',
    value: 'OK',
    tags: ['backup'],
    attributes: { size: '412 GB' },
  },
  {
    resource: 'vpn01',
    event: 'TunnelDown',
    service: 'Network',
    group: 'Network',
    severity: 'critical',
    text: 'Site-to-site tunnel to Berlin office down',
    value: 'DOWN',
    tags: ['ipsec'],
    attributes: { peer: 'berlin-office' },
  },
  {
    resource: 'search01',
    event: 'IndexLag',
    service: 'Search',
    group: 'Performance',
    severity: 'minor',
    text: 'Search index 20 minutes behind',
    value: '20m',
    tags: ['elasticsearch'],
    attributes: {},
  },
  {
    resource: 'ntp01',
    event: 'ClockSkew',
    service: 'Platform',
    group: 'System',
    severity: 'indeterminate',
    text: 'Clock offset could not be measured',
    value: 'n/a',
    tags: ['ntp'],
    attributes: {},
  },
  {
    resource: 'web03',
    event: 'HighCPU',
    service: 'Website',
    group: 'System',
    severity: 'warning',
    text: 'CPU above 90% for 10 minutes',
    value: '93%',
    tags: ['linux'],
    attributes: { cores: 8 },
  },
  {
    resource: 'payments',
    event: 'ErrorBudgetBurn',
    service: 'Payments',
    group: 'SLO',
    severity: 'major',
    text: 'Error budget burning 6x faster than allowed',
    value: '6x',
    tags: ['slo'],
    attributes: { slo: '99.9% availability' },
  },
  {
    resource: 'storage-array',
    event: 'DiskFailed',
    service: 'Storage',
    group: 'Hardware',
    severity: 'minor',
    text: 'One disk failed; RAID degraded',
    value: 'slot 7',
    tags: ['raid'],
    attributes: { vendor: 'ACME' },
  },
];

// The demo set speaks the ALERTA model; these stand in under ISA 18.2.
const ISA_SEVERITY: Readonly<Record<string, string>> = {
  security: 'Critical',
  critical: 'Critical',
  major: 'High',
  minor: 'Medium',
  warning: 'Low',
  indeterminate: 'Advisory',
  informational: 'Advisory',
};

/** Sample alerts for `--demo`: each scenario in some environments, some acknowledged or shelved or closed. */
export function demoAlerts(environments: readonly string[]): AlertInput[] {
  const inputs: AlertInput[] = [];
  SCENARIOS.forEach((scenario, index) => {
    const envs = index % 4 !== 3 ? environments : [environments[index % environments.length] ?? 'Production'];
    for (const environment of envs) {
      inputs.push({
        resource: scenario.resource,
        event: scenario.event,
        environment,
        severity: scenario.severity,
        service: [scenario.service],
        group: scenario.group,
        text: scenario.text,
        value: scenario.value,
        tags: scenario.tags,
        attributes: scenario.attributes,
        origin: 'demo/monitoring',
        type: 'demoAlert',
        ...(index % 7 === 3 ? { status: 'ack' } : {}),
        ...(index % 11 === 5 ? { status: 'shelved' } : {}),
      });
    }
  });
  return inputs;
}

/** Loads the demo set once: does nothing when any alert exists. Returns how many alerts were sent. */
export async function loadDemo(
  alerts: AlertRepository,
  settings: IngestSettings,
  environments: readonly string[],
): Promise<number> {
  if ((await alerts.count(ANY)).total > 0) return 0;
  const model = settings.model;
  const inputs = demoAlerts(environments).map((input) => {
    const severity = input.severity ?? 'normal';
    const fitted = model.severity[severity] !== undefined ? severity : (ISA_SEVERITY[severity] ?? 'OK');
    const status = input.status !== undefined && model.status[input.status] !== undefined ? input.status : undefined;
    return { ...input, severity: fitted, status };
  });
  for (const input of inputs) await ingestAlert(alerts, settings, input, null);
  // A few repeats so duplicate counts and history show up.
  for (const input of inputs.filter((_, i) => i % 5 === 0)) await ingestAlert(alerts, settings, input, null);
  return inputs.length;
}
