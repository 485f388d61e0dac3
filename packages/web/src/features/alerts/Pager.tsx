import { Button, Group, NativeSelect, Text } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';

/** docs/console/behaviour.md#constants: the page sizes offered. */
export const PAGE_SIZES = [5, 10, 20, 50, 100, 200];

export interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}

/** Rows per page and the page links under the table; the server pages, the console asks for one page. */
export const Pager = memo(function Pager({ page, pageSize, total, onPage, onPageSize }: PagerProps) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const sizes = PAGE_SIZES.includes(pageSize) ? PAGE_SIZES : [...PAGE_SIZES, pageSize].sort((a, b) => a - b);
  return (
    <Group justify="flex-end" gap="md" wrap="wrap">
      <NativeSelect
        label={t('alerts.rowsPerPage')}
        size="xs"
        value={String(pageSize)}
        data={sizes.map(String)}
        onChange={(event) => onPageSize(Number(event.currentTarget.value))}
        styles={{ root: { display: 'flex', alignItems: 'center', gap: 8 } }}
      />
      <Text size="sm" aria-live="polite">
        {t('alerts.pageRange', { first, last, total })}
      </Text>
      <Group gap={4}>
        <Button variant="default" size="xs" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('alerts.previousPage')}
        </Button>
        <Button variant="default" size="xs" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t('alerts.nextPage')}
        </Button>
      </Group>
    </Group>
  );
});
