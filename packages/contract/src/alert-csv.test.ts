import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ALERT_CSV_COLUMNS, alertCsvHeader, alertCsvLine, csvCell } from './alert-csv.js';
import type { Alert } from './alert.js';

const ALERT: Alert = {
  id: 'a1',
  href: 'http://x/alert/a1',
  resource: 'web01',
  event: 'down',
  environment: 'Production',
  severity: 'major',
  correlate: ['up', 'down'],
  status: 'open',
  service: ['Web'],
  group: 'Misc',
  value: null,
  text: 'say "hi"',
  tags: [],
  attributes: { region: 'EU', n: -5 },
  origin: 'test',
  type: 'exceptionAlert',
  createTime: '2026-01-01T00:00:00.000Z',
  timeout: 86400,
  rawData: null,
  customer: null,
  duplicateCount: 0,
  repeat: false,
  previousSeverity: 'indeterminate',
  trendIndication: 'moreSevere',
  receiveTime: '2026-01-01T00:00:00.000Z',
  lastReceiveId: 'a1',
  lastReceiveTime: '2026-01-01T00:00:00.000Z',
  updateTime: null,
  history: [],
};

describe('alert CSV (docs/api/alerts.md#get-alertscsv)', () => {
  it('quotes every cell and doubles inner quotes', () => {
    assert.equal(csvCell('a "b"'), '"a ""b"""');
    assert.equal(csvCell('x,y\r\nz'), '"x,y\r\nz"');
    assert.equal(csvCell(null), '""');
    assert.equal(csvCell(3), '"3"');
    assert.equal(csvCell(['a', 'b']), '"a,b"');
    assert.equal(csvCell({ k: 'v' }), '"{""k"":""v""}"');
  });

  it('puts a quote before a cell that would start a formula', () => {
    for (const text of ['=1+1', '+1', '-5', '@SUM(A1)', '\tx', '\rx', '  =x', '\n-1']) {
      assert.equal(csvCell(text), `"'${text}"`, JSON.stringify(text));
    }
    for (const text of ['user@example.com', 'x-1', "'=1", '']) assert.equal(csvCell(text), `"${text}"`);
    assert.equal(csvCell(-5), `"'-5"`);
  });

  it('writes the header and one line per alert, attributes as JSON', () => {
    assert.equal(alertCsvHeader(), `${ALERT_CSV_COLUMNS.map((c) => `"${c}"`).join(',')}\r\n`);
    const line = alertCsvLine(ALERT);
    assert.ok(line.endsWith('\r\n'));
    assert.ok(line.startsWith('"a1","web01","down","Production","major","up,down","open","Web","Misc","",'));
    assert.ok(line.includes('"say ""hi""","","{""region"":""EU"",""n"":-5}","test"'));
  });
});
