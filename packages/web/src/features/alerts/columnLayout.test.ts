import { describe, expect, it } from 'vitest';
import { columnShape, columnWidth, fitColumns, type ColumnFit } from './columnLayout';

const col = (id: string, priority: number, width: number): ColumnFit => ({ id, priority, width });

describe('column priority (docs/console/alert-screens.md#column-priority)', () => {
  const columns = [col('severity', 1, 100), col('status', 2, 90), col('count', 6, 50), col('text', 2, 200)];

  it('shows every column when they fit, or while the width is unknown', () => {
    expect(fitColumns(columns, 440)).toEqual(['severity', 'status', 'count', 'text']);
    expect(fitColumns(columns, 0)).toEqual(['severity', 'status', 'count', 'text']);
  });

  it('hides the lowest priority first, keeping table order', () => {
    expect(fitColumns(columns, 439)).toEqual(['severity', 'status', 'text']);
  });

  it('among equal priorities hides the rightmost first', () => {
    expect(fitColumns(columns, 389)).toEqual(['severity', 'status']);
    expect(fitColumns(columns, 189)).toEqual(['severity']);
  });

  it('always keeps one column', () => {
    expect(fitColumns(columns, 10)).toEqual(['severity']);
  });

  it('never hides a higher-priority column while a lower one shows', () => {
    const many = ['id', 'severity', 'resource', 'duplicateCount', 'event', 'text', 'lastReceiveTime', 'service'].map(
      (id) => col(id, columnShape(id).priority, columnShape(id).width),
    );
    for (let width = 50; width <= 1400; width += 25) {
      const shown = new Set(fitColumns(many, width));
      const worstShown = Math.max(...many.filter((c) => shown.has(c.id)).map((c) => c.priority));
      const bestHidden = Math.min(...many.filter((c) => !shown.has(c.id)).map((c) => c.priority));
      expect(worstShown, `at ${width} px`).toBeLessThanOrEqual(bestHidden);
    }
  });

  it('gives a column the width of its header when the header is longer than its content', () => {
    expect(columnWidth('duplicateCount', 'N', 14)).toBe(55);
    expect(columnWidth('duplicateCount', 'Anzahl der Duplikate', 14)).toBe(Math.ceil(20 * 14 * 0.6 + 30));
    // Content grows with the font.
    expect(columnWidth('severity', 'S', 21)).toBe(135);
  });

  it('widens a column for its longest usual word in the language, up to a limit', () => {
    expect(columnWidth('status', 'Status', 14, 'Open')).toBe(105);
    expect(columnWidth('status', 'Status', 14, 'Acknowledged')).toBe(Math.ceil(12 * 14 * 0.55 + 16));
    expect(columnWidth('status', 'Status', 14, 'Zurückgestellt')).toBe(Math.ceil(14 * 14 * 0.55 + 16));
    expect(columnWidth('status', 'Status', 14, 'Im Wartungsfenster, sehr lang')).toBe(150);
  });

  it('ranks severity, resource and event above counts and ids', () => {
    for (const kept of ['severity', 'resource', 'event']) {
      for (const dropped of ['duplicateCount', 'id', 'lastReceiveId', 'value']) {
        expect(columnShape(kept).priority).toBeLessThan(columnShape(dropped).priority);
      }
    }
  });
});
