/** The alarm models of docs/api/alarm-models.md: severities, colours, status codes and defaults. */
export interface AlarmModel {
  name: string;
  /** Severity name → code. */
  severity: Readonly<Record<string, number>>;
  colors: {
    severity: Readonly<Record<string, string>>;
    status: Readonly<Record<string, string>>;
    text: string;
  };
  /** Status name → sort letter. */
  status: Readonly<Record<string, string>>;
  defaults: {
    status: string;
    normal_severity: string;
    previous_severity: string;
  };
  /** Whether a lower code means more severe (ALERTA) or a higher one (ISA 18.2). */
  lowerIsMoreSevere: boolean;
  /** Severities treated as "normal" (they close or return to normal). */
  normalSeverities: readonly string[];
  /** Statuses that mean the alert is suppressed by a blackout. */
  suppressedStatuses: readonly string[];
  actions: readonly string[];
}

export const ALERTA_MODEL: AlarmModel = {
  name: 'Alerta 9.1.0',
  severity: {
    security: 0,
    critical: 1,
    major: 2,
    minor: 3,
    warning: 4,
    indeterminate: 5,
    informational: 6,
    normal: 7,
    ok: 7,
    cleared: 7,
    debug: 8,
    trace: 9,
    unknown: 10,
  },
  colors: {
    severity: {
      security: 'blue',
      critical: 'red',
      major: 'orange',
      minor: 'yellow',
      warning: 'dodgerblue',
      indeterminate: 'lightblue',
      cleared: '#00CC00',
      normal: '#00CC00',
      ok: '#00CC00',
      informational: '#00CC00',
      debug: '#9D006D',
      trace: '#7554BF',
      unknown: 'silver',
    },
    status: { ack: 'skyblue', shelved: 'skyblue' },
    text: 'black',
  },
  status: {
    open: 'A',
    assign: 'B',
    ack: 'C',
    shelved: 'D',
    blackout: 'E',
    closed: 'F',
    expired: 'G',
    unknown: 'H',
  },
  defaults: { status: 'open', normal_severity: 'normal', previous_severity: 'indeterminate' },
  lowerIsMoreSevere: true,
  normalSeverities: ['normal', 'ok', 'cleared'],
  suppressedStatuses: ['blackout'],
  actions: ['open', 'assign', 'ack', 'unack', 'shelve', 'unshelve', 'close', 'expired', 'timeout'],
};

export const ISA_18_2_MODEL: AlarmModel = {
  name: 'ANSI/ISA 18.2',
  severity: { Critical: 5, High: 4, Medium: 3, Low: 2, Advisory: 1, OK: 0 },
  colors: {
    severity: {
      Critical: 'red',
      High: 'orange',
      Medium: 'yellow',
      Low: 'dodgerblue',
      Advisory: 'lightblue',
      OK: '#00CC00',
      Unknown: 'silver',
    },
    status: {},
    text: 'black',
  },
  status: { NORM: 'A', UNACK: 'B', ACKED: 'C', RTNUN: 'D', SHLVD: 'E', DSUPR: 'F', OOSRV: 'G' },
  defaults: { status: 'NORM', normal_severity: 'OK', previous_severity: 'OK' },
  lowerIsMoreSevere: false,
  normalSeverities: ['OK'],
  suppressedStatuses: ['DSUPR', 'OOSRV'],
  actions: ['ack', 'unack', 'shelve', 'unshelve'],
};

export type AlarmModelName = 'ALERTA' | 'ISA_18_2';

export const ALARM_MODELS: Readonly<Record<AlarmModelName, AlarmModel>> = {
  ALERTA: ALERTA_MODEL,
  ISA_18_2: ISA_18_2_MODEL,
};

export type Trend = 'moreSevere' | 'lessSevere' | 'noChange';

/** docs/api/ingest.md#field-changes: the trend from one severity to another under a model. */
export function trendIndication(model: AlarmModel, previous: string, current: string): Trend {
  const before = model.severity[previous];
  const after = model.severity[current];
  if (before === undefined || after === undefined || before === after) return 'noChange';
  const worse = model.lowerIsMoreSevere ? after < before : after > before;
  return worse ? 'moreSevere' : 'lessSevere';
}

export function isKnownSeverity(model: AlarmModel, severity: string): boolean {
  return Object.hasOwn(model.severity, severity);
}

export function isNormalSeverity(model: AlarmModel, severity: string): boolean {
  return model.normalSeverities.includes(severity);
}

/** The wire shape of `alarm_model` in GET /config (docs/api/config.md). */
export function alarmModelConfig(model: AlarmModel): {
  name: string;
  severity: Record<string, number>;
  colors: { severity: Record<string, string>; status: Record<string, string>; text: string };
  status: Record<string, string>;
  defaults: AlarmModel['defaults'];
} {
  return {
    name: model.name,
    severity: { ...model.severity },
    colors: {
      severity: { ...model.colors.severity },
      status: { ...model.colors.status },
      text: model.colors.text,
    },
    status: { ...model.status },
    defaults: { ...model.defaults },
  };
}
