/**
 * The records of an alert export (docs/api/alerts.md#get-alertscsv), the server's and the console's alike: a byte-order
 * mark, then every field double-quoted with inner quotes doubled, and CRLF after every record. Throws, naming the
 * place, where the text leaves that form, so a test that reads a file also checks how it is written.
 */
export function readCsvExport(text: string): string[][] {
  if (!text.startsWith('\uFEFF')) throw new Error('the file does not start with a byte-order mark');
  const records: string[][] = [];
  let at = 1;
  while (at < text.length) {
    const record: string[] = [];
    for (;;) {
      if (text[at] !== '"') throw new Error(`a field that is not quoted at ${String(at)}`);
      let value = '';
      at += 1;
      for (;;) {
        const quote = text.indexOf('"', at);
        if (quote < 0) throw new Error(`a field quoted at ${String(at - 1)} that never closes`);
        value += text.slice(at, quote);
        at = quote + 1;
        if (text[at] !== '"') break;
        value += '"';
        at += 1;
      }
      record.push(value);
      if (text[at] !== ',') break;
      at += 1;
    }
    if (text.slice(at, at + 2) !== '\r\n') throw new Error(`no CRLF after the record ending at ${String(at)}`);
    at += 2;
    records.push(record);
  }
  return records;
}
