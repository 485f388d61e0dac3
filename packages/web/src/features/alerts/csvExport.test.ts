import { describe, expect, it } from 'vitest';
import { makeAlert } from '../../test/fixtures';
import { alertsToCsv, csvCell } from './csvExport';

/** Splits CSV text into records of fields as written (quotes kept), at commas and CRLFs outside quotes. */
function splitCsv(text: string): string[][] {
  const records: string[][] = [[]];
  let field = '';
  let quoted = false;
  for (let at = 0; at < text.length; at++) {
    const c = text[at];
    if (c === '"') quoted = !quoted;
    if (!quoted && c === ',') {
      records.at(-1)?.push(field);
      field = '';
    } else if (!quoted && c === '\r' && text[at + 1] === '\n') {
      records.at(-1)?.push(field);
      records.push([]);
      field = '';
      at += 1;
    } else {
      field += c;
    }
  }
  expect(quoted, 'every quote closed').toBe(false);
  expect(field, 'a CRLF after the last record').toBe('');
  return records.slice(0, -1);
}

// docs/console/alert-screens.md#formula-cells: what the export writes for text that would start a formula.
describe('CSV formula cells', () => {
  it.each([
    ['=', '=1+1', `"'=1+1"`],
    ['+', '+1+2', `"'+1+2"`],
    ['-', '-2+3', `"'-2+3"`],
    ['@', '@SUM(1)', `"'@SUM(1)"`],
    ['a tab', '\tcmd', `"'\tcmd"`],
    ['a carriage return', '\rcmd', `"'\rcmd"`],
    ['a lone sign', '-', `"'-"`],
  ])('puts a quote before a cell that starts with %s', (_name, text, written) => {
    expect(csvCell(text)).toBe(written);
  });

  it('doubles the inner quotes of a defused formula and keeps the whole cell in quotes', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
  });

  it('keeps line breaks inside a defused cell', () => {
    expect(csvCell('=1+1\r\nsecond line')).toBe(`"'=1+1\r\nsecond line"`);
    expect(csvCell('@A1\nB')).toBe(`"'@A1\nB"`);
  });

  it.each([
    ['spaces', '  =1+1'],
    ['a line feed', '\n=1+1'],
    ['a tab and spaces', '\t  -1'],
    ['a no-break space', '\u00a0@SUM(1)'],
  ])('defuses a sign that only %s come before', (_name, text) => {
    expect(csvCell(text)).toBe(`"'${text}"`);
  });

  it.each([
    ['plain text', 'disk full', '"disk full"'],
    ['a sign later on', 'x-1=2', '"x-1=2"'],
    ['an address', 'ops@example.com', '"ops@example.com"'],
    ['leading spaces before text', '  indented', '"  indented"'],
    ['a line break inside', 'line one\nline two', '"line one\nline two"'],
    ['text already in quotes', '"=1+1"', '"""=1+1"""'],
    ['text that already starts with a quote', "'=1+1", `"'=1+1"`],
    ['a comma', 'a,b', '"a,b"'],
    ['nothing', '', '""'],
  ])('writes %s as it is, quoted', (_name, text, written) => {
    expect(csvCell(text)).toBe(written);
  });

  it('looks at non-text values as written: numbers, lists and objects', () => {
    expect(csvCell(-5)).toBe(`"'-5"`);
    expect(csvCell(5)).toBe('"5"');
    expect(csvCell(['-x', 'y'])).toBe(`"'-x,y"`);
    expect(csvCell(['x', '=y'])).toBe('"x,=y"');
    expect(csvCell({ a: '=1' })).toBe('"{""a"":""=1""}"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(undefined)).toBe('""');
  });

  it('defuses the sender fields of an export, writes the attributes as JSON and leaves the server-made columns as they are', () => {
    const csv = alertsToCsv([
      makeAlert({
        id: 'a1',
        resource: '=cmd',
        event: '+ev',
        value: '-2+3',
        text: '@SUM(1)',
        tags: ['\ttab', 'plain'],
        duplicateCount: 3,
        timeout: 86400,
        repeat: true,
        attributes: { delta: -5, note: '\rcr', fine: 'ok' },
      }),
    ]);
    const [header, row, ...rest] = splitCsv(csv.slice(1));
    expect(rest).toEqual([]);
    const cells = new Map(header?.map((name, i) => [name.slice(1, -1), row?.[i]]));
    expect(cells.size).toBe(row?.length);
    expect(cells.get('resource')).toBe(`"'=cmd"`);
    expect(cells.get('event')).toBe(`"'+ev"`);
    expect(cells.get('value')).toBe(`"'-2+3"`);
    expect(cells.get('text')).toBe(`"'@SUM(1)"`);
    expect(cells.get('tags')).toBe(`"'\ttab,plain"`);
    // Attributes are one JSON object, as the server's GET /alerts.csv writes them: the cell starts with `{`.
    expect(cells.get('attributes')).toBe('"{""delta"":-5,""note"":""\\rcr"",""fine"":""ok""}"');
    expect(cells.get('duplicateCount')).toBe('"3"');
    expect(cells.get('timeout')).toBe('"86400"');
    expect(cells.get('repeat')).toBe('"true"');
    expect(cells.get('id')).toBe('"a1"');
  });
});
