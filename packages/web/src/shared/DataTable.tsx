import { Table, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

export interface DataColumn<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** The order the rows are in by this column, when they are. */
  sort?: 'ascending' | 'descending';
}

export interface DataTableProps<T> {
  caption: string;
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => string;
  /** Said in place of the rows when there are none. */
  empty: string;
  busy: boolean;
  highlightOnHover?: boolean;
}

/** A table of rows with a hidden caption, column headers and a line saying why there are no rows. */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  busy,
  highlightOnHover = true,
}: DataTableProps<T>) {
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table striped highlightOnHover={highlightOnHover} aria-busy={busy}>
        <VisuallyHidden component="caption">{caption}</VisuallyHidden>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.key} scope="col" aria-sort={column.sort}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>
                <Text c="dimmed" ta="center" py="md">
                  {empty}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((row, index) => (
              <Table.Tr key={rowKey(row, index)}>
                {columns.map((column) => (
                  <Table.Td key={column.key}>{column.cell(row)}</Table.Td>
                ))}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
