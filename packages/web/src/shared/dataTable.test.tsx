import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataTable, type DataColumn } from './DataTable';
import { hidingOrder, CARDS_QUERY, splitColumns } from './tableLayout';

interface Row {
  id: string;
  name: string;
  owner: string;
  note: string;
  count: number;
}

const ROWS: Row[] = [
  { id: 'r1', name: 'web01', owner: 'alice', note: 'Kernel upgrade tonight', count: 3 },
  { id: 'r2', name: 'db01', owner: 'bob', note: '', count: 0 },
];

const COLUMNS: DataColumn<Row>[] = [
  { key: 'name', header: 'Name', minWidth: 150, cell: (r) => r.name },
  { key: 'owner', header: 'Owner', minWidth: 150, priority: 2, cell: (r) => r.owner },
  { key: 'note', header: 'Note', minWidth: 150, priority: 3, cell: (r) => r.note },
  { key: 'count', header: 'Count', minWidth: 150, priority: 1, inCard: false, cell: (r) => r.count },
  { key: 'actions', header: 'Actions', actions: true, cell: (r) => <button type="button">Edit {r.name}</button> },
];

/** The table of ROWS; `detailsLabel` null leaves the table without a label for its hidden-columns button. */
function renderTable(
  props: Partial<Parameters<typeof DataTable<Row>>[0]> = {},
  detailsLabel: string | null = 'Show the hidden columns',
) {
  return render(
    <MantineProvider>
      <DataTable
        caption="Things"
        columns={COLUMNS}
        rows={ROWS}
        rowKey={(r) => r.id}
        empty="Nothing here"
        busy={false}
        cards
        {...(detailsLabel === null ? {} : { detailsLabel })}
        {...props}
      />
    </MantineProvider>,
  );
}

const headers = () => screen.getAllByRole('columnheader').map((th) => th.textContent);

describe('which columns give way', () => {
  it('hides the highest number first, the rightmost first among equals, never a column without a number', () => {
    const columns = [
      { key: 'a' },
      { key: 'b', priority: 2 },
      { key: 'c', priority: 1 },
      { key: 'd', priority: 2 },
      { key: 'e', priority: 3 },
    ];
    expect(hidingOrder(columns)).toEqual(['e', 'd', 'b', 'c']);
    const { shown, hidden } = splitColumns(columns, 2);
    expect(shown.map((c) => c.key)).toEqual(['a', 'b', 'c']);
    expect(hidden.map((c) => c.key)).toEqual(['d', 'e']);
    expect(splitColumns(columns, 99).shown.map((c) => c.key)).toEqual(['a']);
    expect(splitColumns(columns, -1).hidden).toEqual([]);
  });
});

describe('a table wider than its box', () => {
  const clientWidth = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
  const scrollWidth = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollWidth');
  let boxWidth = 0;

  beforeEach(() => {
    // jsdom lays nothing out: the box is `boxWidth` wide and a table as wide as its headers' minimum widths (40 px for
    // a header without one), as a browser would make it with short texts.
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
      configurable: true,
      get(this: HTMLElement) {
        return this.tagName === 'DIV' ? boxWidth : 0;
      },
    });
    Object.defineProperty(Element.prototype, 'scrollWidth', {
      configurable: true,
      get(this: Element) {
        if (this.tagName !== 'TABLE') return 0;
        return [...this.querySelectorAll('th')].reduce(
          (sum, th) => sum + (Number.parseInt(th.style.minWidth, 10) || 40),
          0,
        );
      },
    });
  });

  afterEach(() => {
    if (clientWidth !== undefined) Object.defineProperty(HTMLElement.prototype, 'clientWidth', clientWidth);
    if (scrollWidth !== undefined) Object.defineProperty(Element.prototype, 'scrollWidth', scrollWidth);
  });

  it('shows every column when they fit', () => {
    boxWidth = 1000;
    renderTable();
    expect(headers()).toEqual(['Name', 'Owner', 'Note', 'Count', 'Actions']);
    expect(screen.queryByRole('button', { name: 'Show the hidden columns' })).not.toBeInTheDocument();
  });

  it('hides columns by priority until it fits, keeps the actions, and shows a row its hidden columns', async () => {
    // Name, Owner and Count (150 each), Actions and the row's toggle (40 each): 530.
    boxWidth = 540;
    renderTable();
    expect(headers()).toEqual(['Show the hidden columns', 'Name', 'Owner', 'Count', 'Actions']);
    const [, first] = screen.getAllByRole('row');
    if (first === undefined) throw new Error('a row expected');
    expect(within(first).getByRole('button', { name: 'Edit web01' })).toBeInTheDocument();
    expect(screen.queryByText('Kernel upgrade tonight')).not.toBeInTheDocument();

    const toggle = within(first).getByRole('button', { name: 'Show the hidden columns' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const details = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(details).not.toBeNull();
    expect(within(details as HTMLElement).getByText('Note')).toBeInTheDocument();
    expect(within(details as HTMLElement).getByText('Kernel upgrade tonight')).toBeInTheDocument();
  });

  it('hides every column that may go when even that is not enough, and never the others', () => {
    boxWidth = 200;
    renderTable();
    expect(headers()).toEqual(['Show the hidden columns', 'Name', 'Actions']);
  });

  it('hides nothing without a label for the button that shows hidden columns', () => {
    boxWidth = 200;
    renderTable({}, null);
    expect(headers()).toEqual(['Name', 'Owner', 'Note', 'Count', 'Actions']);
  });
});

describe('on a phone', () => {
  const wide = Object.getOwnPropertyDescriptor(window, 'matchMedia');
  beforeEach(() => {
    const original = (query: string): MediaQueryList => (wide?.value as (q: string) => MediaQueryList)(query);
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      writable: true,
      value: (query: string): MediaQueryList => ({ ...original(query), matches: query === CARDS_QUERY }),
    });
  });
  afterEach(() => {
    if (wide !== undefined) Object.defineProperty(window, 'matchMedia', wide);
  });

  it('shows each row as a card: its fields named, blanks and repeated fields left out, its buttons at the foot', () => {
    renderTable();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Things' });
    const [first, second] = within(list).getAllByRole('listitem');
    if (first === undefined || second === undefined) throw new Error('two cards expected');
    expect(
      within(first)
        .getAllByRole('term')
        .map((dt) => dt.textContent),
    ).toEqual(['Name', 'Owner', 'Note']);
    expect(
      within(first)
        .getAllByRole('definition')
        .map((dd) => dd.textContent),
    ).toEqual(['web01', 'alice', 'Kernel upgrade tonight']);
    // The empty note is left out; Count is said elsewhere (inCard: false).
    expect(
      within(second)
        .getAllByRole('term')
        .map((dt) => dt.textContent),
    ).toEqual(['Name', 'Owner']);
    expect(within(second).getByRole('button', { name: 'Edit db01' })).toBeInTheDocument();
  });

  it('says why there is nothing in a card of its own', () => {
    renderTable({ rows: [] });
    const list = screen.getByRole('list', { name: 'Things' });
    expect(within(list).getByText('Nothing here')).toBeInTheDocument();
  });

  it('keeps a table that does not ask for cards', () => {
    renderTable({ cards: false });
    expect(screen.getByRole('table')).toBeInTheDocument();
  });
});
