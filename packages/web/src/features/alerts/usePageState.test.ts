import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { usePageState } from './usePageState';

function renderPageState(filterKey = 'open', defaultPageSize = 20) {
  const onChange = vi.fn<() => void>();
  const hook = renderHook(({ filterKey, defaultPageSize }) => usePageState(filterKey, defaultPageSize, onChange), {
    initialProps: { filterKey, defaultPageSize },
  });
  return { ...hook, onChange };
}

describe('usePageState', () => {
  it('starts on the first page, at the default size', () => {
    const { result } = renderPageState('open', 20);
    expect(result.current.page).toBe(1);
    expect(result.current.pageSize).toBe(20);
  });

  it('moves to the page picked and says so', () => {
    const { result, onChange } = renderPageState();
    act(() => result.current.onPage(3));
    expect(result.current.page).toBe(3);
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('starts again at page 1 when the filter changes', () => {
    const { result, rerender } = renderPageState('open');
    act(() => result.current.onPage(4));
    rerender({ filterKey: 'closed', defaultPageSize: 20 });
    expect(result.current.page).toBe(1);
    act(() => result.current.onPage(2));
    expect(result.current.page).toBe(2);
  });

  it('a new page size goes back to page 1 and outlasts a change of the default', () => {
    const { result, rerender, onChange } = renderPageState('open', 20);
    act(() => result.current.onPage(5));
    act(() => result.current.onPageSize(50));
    expect(result.current).toMatchObject({ page: 1, pageSize: 50 });
    expect(onChange).toHaveBeenCalledTimes(2);
    rerender({ filterKey: 'open', defaultPageSize: 100 });
    expect(result.current.pageSize).toBe(50);
  });

  it('follows the default size until a size is picked', () => {
    const { result, rerender } = renderPageState('open', 20);
    rerender({ filterKey: 'open', defaultPageSize: 40 });
    expect(result.current.pageSize).toBe(40);
  });

  it('keeps its callbacks while the filter stays the same', () => {
    const { result, rerender } = renderPageState('open');
    const { onPage, onPageSize } = result.current;
    rerender({ filterKey: 'open', defaultPageSize: 20 });
    expect(result.current.onPage).toBe(onPage);
    expect(result.current.onPageSize).toBe(onPageSize);
  });
});
