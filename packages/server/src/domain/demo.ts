import type { AlertInput } from '@alerta/contract';
import { anyAlertQuery } from '../store/records.js';
import type { Store } from '../store/types.js';
import { SCENARIOS } from './demo-data.js';
import { type DivertedAlert, type IngestResult, type IngestSettings, ingestAlert } from './ingest.js';

const ANY = anyAlertQuery();

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

/**
 * Loads the demo set once: does nothing when any alert exists. Returns how many alerts were sent. `count` hears what
 * became of each, as the server's counters do for alerts sent to it (docs/api/management.md#status-and-metrics).
 */
export async function loadDemo(
  store: Pick<Store, 'alerts' | 'heartbeats' | 'blackouts'>,
  settings: IngestSettings,
  environments: readonly string[],
  count: (outcome: (IngestResult | DivertedAlert)['kind']) => void = () => undefined,
): Promise<number> {
  const alerts = store.alerts;
  if ((await alerts.count(ANY)).total > 0) return 0;
  const model = settings.model;
  const inputs = demoAlerts(environments).map((input) => {
    const severity = input.severity ?? 'normal';
    const fitted = model.severity[severity] !== undefined ? severity : (ISA_SEVERITY[severity] ?? 'OK');
    const status = input.status !== undefined && model.status[input.status] !== undefined ? input.status : undefined;
    return { ...input, severity: fitted, status };
  });
  for (const input of inputs) count((await ingestAlert(alerts, settings, input, null, store)).kind);
  // A few repeats so duplicate counts and history show up.
  for (const input of inputs.filter((_, i) => i % 5 === 0)) {
    count((await ingestAlert(alerts, settings, input, null, store)).kind);
  }
  return inputs.length;
}
