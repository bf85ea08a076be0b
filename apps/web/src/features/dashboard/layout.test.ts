import { describe, expect, it } from 'vitest';
import { arrangeWidgets, moveTo, restoreOrder, serializeLayout } from './layout.ts';

const widgets = ['children', 'selected-child', 'quick-links'];

describe('dashboard layout', () => {
  it('restores the saved order, ignoring unknown ids and appending widgets it did not know', () => {
    const saved = JSON.stringify({ version: 1, order: ['quick-links', 'fees-retired', 'children'] });
    expect(restoreOrder(saved, widgets)).toEqual(['quick-links', 'children', 'selected-child']);
  });

  it('reads a bare array of ids, drops repeats and non-strings', () => {
    expect(restoreOrder('["selected-child", 3, "selected-child", "children"]', widgets)).toEqual([
      'selected-child',
      'children',
      'quick-links',
    ]);
  });

  it('falls back to the default order for nothing saved, an empty list or unreadable text', () => {
    for (const saved of [null, undefined, '', '[]', '{}', 'not json', '{"order":"children"}']) {
      expect(restoreOrder(saved, widgets)).toEqual(widgets);
    }
  });

  it('writes the version and the order', () => {
    expect(serializeLayout(['quick-links', 'children'])).toBe(
      '{"version":1,"order":["quick-links","children"]}',
    );
    const order = ['selected-child', 'quick-links', 'children'];
    expect(restoreOrder(serializeLayout(order), widgets)).toEqual(order);
  });

  it('moves a widget to a position, clamped to the list', () => {
    expect(moveTo(widgets, 'children', 1)).toEqual(['selected-child', 'children', 'quick-links']);
    expect(moveTo(widgets, 'quick-links', 0)).toEqual(['quick-links', 'children', 'selected-child']);
    expect(moveTo(widgets, 'children', 99)).toEqual(['selected-child', 'quick-links', 'children']);
    expect(moveTo(widgets, 'children', -1)).toEqual(widgets);
    expect(moveTo(widgets, 'nope', 0)).toEqual(widgets);
  });

  it('keeps only the widgets on offer', () => {
    expect(arrangeWidgets(['b', 'x', 'a'], ['a', 'b', 'c'])).toEqual(['b', 'a', 'c']);
  });
});
