import type { AlertInput } from '@alerta/contract';
import { z } from 'zod';
import { type WebhookDefaults, isoTime, nonEmpty, queryFields } from './defaults.js';

/** The envelope Amazon SNS posts to an HTTP(S) subscriber (docs/webhooks.md#cloudwatch). */
export const snsMessageSchema = z.looseObject({
  Type: z.string(),
  TopicArn: z.string().min(1),
  Message: z.string(),
  MessageId: z.string().optional(),
  Subject: z.string().nullish(),
  Timestamp: z.string().optional(),
  SubscribeURL: z.string().optional(),
});
export type SnsMessage = z.infer<typeof snsMessageSchema>;

const dimension = z.looseObject({ name: z.string(), value: z.union([z.string(), z.number()]) });

/** The CloudWatch alarm state change that an SNS `Notification` carries as JSON text in `Message`. */
export const cloudwatchAlarmSchema = z.looseObject({
  AlarmName: z.string().min(1),
  AlarmDescription: z.string().nullish(),
  AWSAccountId: z.union([z.string(), z.number()]),
  NewStateValue: z.string(),
  NewStateReason: z.string().nullish(),
  Region: z.string().nullish(),
  // A metric-math alarm's trigger has `Metrics` and no `Namespace` or `Dimensions`.
  Trigger: z.looseObject({
    Namespace: z.string().nullish(),
    Dimensions: z.array(dimension).nullish(),
  }),
});
export type CloudwatchAlarm = z.infer<typeof cloudwatchAlarmSchema>;

const NOT_CLOUDWATCH = 'SNS message is not a Cloudwatch notification';

/** The alarm inside a `Notification`, or a 400 reason when the message is not one (docs/webhooks.md#cloudwatch). */
export function alarmOf(message: SnsMessage): { alarm: CloudwatchAlarm } | { problem: string; details: string[] } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(message.Message);
  } catch {
    return { problem: NOT_CLOUDWATCH, details: ["'Message' is not JSON"] };
  }
  if (parsed === null || typeof parsed !== 'object' || !('Trigger' in parsed)) {
    return { problem: NOT_CLOUDWATCH, details: ["'Message' has no 'Trigger'"] };
  }
  const alarm = cloudwatchAlarmSchema.safeParse(parsed);
  if (!alarm.success) {
    const details = alarm.error.issues.map((i) => `'Message.${i.path.map(String).join('.')}': ${i.message}`);
    return { problem: details[0] ?? NOT_CLOUDWATCH, details };
  }
  return { alarm: alarm.data };
}

function severityOf(state: string, defaults: WebhookDefaults): string {
  if (state === 'ALARM') return defaults.severity ?? 'major';
  if (state === 'INSUFFICIENT_DATA') return 'warning';
  if (state === 'OK') return defaults.normalSeverity;
  return 'unknown';
}

/**
 * A subscription (or unsubscription) to confirm: an informational alert that hands the operator the SubscribeURL.
 * We never fetch that URL ourselves (docs/webhooks.md#cloudwatch, "Confirming the subscription").
 */
export function snsConfirmationAlert(message: SnsMessage, defaults: WebhookDefaults): AlertInput {
  const url = nonEmpty(message.SubscribeURL);
  const createTime = isoTime(message.Timestamp);
  return {
    resource: message.TopicArn,
    event: message.Type,
    environment: defaults.environment,
    severity: 'informational',
    service: defaults.service ?? ['Unknown'],
    group: defaults.group ?? 'AWS/CloudWatch',
    text: url === undefined ? message.Message : `${message.Message} SubscribeURL: ${url}`,
    attributes: url === undefined ? {} : { subscribeUrl: url },
    origin: message.TopicArn,
    type: 'cloudwatchAlarm',
    ...(createTime !== undefined ? { createTime } : {}),
    rawData: JSON.stringify(message),
    ...queryFields(defaults),
  };
}

/** A CloudWatch alarm state change → one alert (docs/webhooks.md#cloudwatch). */
export function cloudwatchAlarmAlert(
  message: SnsMessage,
  alarm: CloudwatchAlarm,
  defaults: WebhookDefaults,
): AlertInput {
  const first = alarm.Trigger.Dimensions?.[0];
  const createTime = isoTime(message.Timestamp);
  const region = nonEmpty(alarm.Region);
  return {
    resource: first !== undefined ? `${first.name}:${String(first.value)}` : (message.TopicArn.split(':').at(-1) ?? ''),
    event: alarm.AlarmName,
    environment: defaults.environment,
    severity: severityOf(alarm.NewStateValue, defaults),
    service: [String(alarm.AWSAccountId)],
    group: nonEmpty(alarm.Trigger.Namespace) ?? defaults.group ?? 'AWS/CloudWatch',
    value: alarm.NewStateValue,
    text: nonEmpty(alarm.AlarmDescription) ?? nonEmpty(alarm.NewStateReason) ?? '',
    tags: region !== undefined ? [region] : [],
    attributes: { incidentKey: alarm.AlarmName, thresholdInfo: alarm.Trigger },
    origin: message.TopicArn,
    type: 'cloudwatchAlarm',
    ...(createTime !== undefined ? { createTime } : {}),
    rawData: JSON.stringify(alarm),
    ...queryFields(defaults),
  };
}
