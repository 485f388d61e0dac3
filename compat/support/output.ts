/** Reading what the CLI prints: tabulate's `simple` tables, curses screens and local times. */

export interface Table {
  headers: string[];
  rows: Record<string, string>[];
}

/**
 * Parses a table in tabulate's `simple` format (the CLI's default output): a header line, a line of dashes per column
 * separated by two spaces, then the rows. Each cell is the text under its column's dashes, trimmed.
 */
export function parseTable(text: string): Table {
  const lines = text.split('\n');
  const ruleIndex = lines.findIndex((line) => /^-+( {2}-+)*\s*$/.test(line));
  if (ruleIndex < 1) throw new Error(`not a table:\n${text}`);
  const columns = [...(lines[ruleIndex] ?? '').matchAll(/-+/g)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
  }));
  const cells = (line: string): string[] =>
    columns.map((column, index) =>
      line.slice(column.start, index === columns.length - 1 ? undefined : column.end).trim(),
    );
  const headers = cells(lines[ruleIndex - 1] ?? '');
  const rows = lines
    .slice(ruleIndex + 1)
    .filter((line) => line.trim() !== '')
    .map((line) => Object.fromEntries(cells(line).map((cell, index) => [headers[index] ?? '', cell])));
  return { headers, rows };
}

const INT = /^[-+]?\d+$/;
const FLOAT = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** Python's `format(x, 'g')`: six significant digits, trailing zeros dropped, exponent of at least two digits. */
function pythonG(x: number): string {
  if (x === 0) return '0';
  const [mantissa = '', exponent = '0'] = x.toExponential(5).split('e');
  const power = Number(exponent);
  const trim = (digits: string): string => (digits.includes('.') ? digits.replace(/\.?0+$/, '') : digits);
  if (power < -4 || power >= 6)
    return `${trim(mantissa)}e${power < 0 ? '-' : '+'}${String(Math.abs(power)).padStart(2, '0')}`;
  return trim(x.toFixed(Math.max(0, 5 - power)));
}

/**
 * The cells of a table as tabulate prints them, from the values the CLI hands it ('' standing for None): a column
 * whose every value reads as a number and one as a decimal or exponent (an id such as `928019e8`) is printed as
 * floats, `9.28019e+13`. Other columns are printed as given.
 */
export function tabulated(rows: Record<string, string>[]): Record<string, string>[] {
  const columns = new Set(rows.flatMap((row) => Object.keys(row)));
  const floats = [...columns].filter((column) => {
    const values = rows.map((row) => row[column] ?? '').filter((value) => value !== '');
    const numbers = values.filter((value) => FLOAT.test(value) && Number.isFinite(Number(value)));
    return values.length > 0 && numbers.length === values.length && values.some((value) => !INT.test(value));
  });
  return rows.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([column, value]) => [
        column,
        floats.includes(column) && value !== '' ? pythonG(Number(value)) : value,
      ]),
    ),
  );
}

/** The rows of a table keyed by one column's value. */
export function rowsBy(table: Table, column: string): Map<string, Record<string, string>> {
  return new Map(table.rows.map((row) => [row[column] ?? '', row]));
}

/**
 * The last screen a curses program drew, as lines of text: enough of a terminal (cursor moves, clears, erases) for
 * what ncurses sends an `xterm`.
 */
export function renderScreen(output: string, rows = 40, cols = 160): string[] {
  let screen = Array.from({ length: rows }, () => Array<string>(cols).fill(' '));
  let row = 0;
  let col = 0;
  const put = (char: string): void => {
    const line = screen[row];
    if (line !== undefined && col < cols) line[col] = char;
    col += 1;
  };
  const esc = String.fromCharCode(27);
  const pattern = new RegExp(
    `${esc}\\[([?>]?)([0-9;]*)([@-~])|${esc}[()][0-9A-Za-z]|${esc}[=>78]|([\\r\\n\\b])|([^${esc}\\r\\n\\b])`,
    'g',
  );
  for (const match of output.matchAll(pattern)) {
    const [, privateMark, params, final, control, text] = match;
    if (text !== undefined) {
      put(text);
    } else if (control === '\r') {
      col = 0;
    } else if (control === '\n') {
      row = Math.min(row + 1, rows - 1);
    } else if (control === '\b') {
      col = Math.max(col - 1, 0);
    } else if (final !== undefined && privateMark === '') {
      const numbers = (params ?? '').split(';').map((value) => (value === '' ? undefined : Number(value)));
      const first = numbers[0] ?? 1;
      switch (final) {
        case 'H':
        case 'f':
          row = first - 1;
          col = (numbers[1] ?? 1) - 1;
          break;
        case 'd':
          row = first - 1;
          break;
        case 'G':
          col = first - 1;
          break;
        case 'C':
          col += first;
          break;
        case 'D':
          col = Math.max(col - first, 0);
          break;
        case 'A':
          row = Math.max(row - first, 0);
          break;
        case 'B':
          row = Math.min(row + first, rows - 1);
          break;
        case 'J':
          if (numbers[0] === 2) screen = Array.from({ length: rows }, () => Array<string>(cols).fill(' '));
          break;
        case 'K':
          screen[row]?.fill(' ', col);
          break;
        case 'X':
          screen[row]?.fill(' ', col, col + first);
          break;
        default:
          // Colours, modes and scrolling regions change nothing of the text.
          break;
      }
    }
  }
  return screen.map((line) => line.join('').trimEnd());
}

/**
 * A UTC time as the CLI shows it: in its configured time zone (`Europe/London` unless a profile says otherwise),
 * `YYYY/MM/DD HH:MM:SS` by default.
 */
export function localTime(iso: string, format: 'datetime' | 'time' = 'datetime'): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  const time = `${parts.hour}:${parts.minute}:${parts.second}`;
  return format === 'time' ? time : `${parts.year}/${parts.month}/${parts.day} ${time}`;
}
