/**
 * The dashboard layout: the order of the widgets, saved to the server as a JSON string
 * (`layout_data`): `{"version":1,"order":["children","selected-child","quick-links"]}`.
 */

/** The version of the saved shape; a later shape can still read this one. */
export const LAYOUT_VERSION = 1;

export interface TDashboardLayout {
  version: typeof LAYOUT_VERSION;
  /** Widget ids, first shown first. */
  order: string[];
}

/** The ids of a saved layout's `order` (or of a bare array of ids); [] for anything else. */
function savedIds(layoutData: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(layoutData);
  } catch {
    return [];
  }
  const order = typeof parsed === 'object' && parsed !== null && 'order' in parsed ? parsed.order : parsed;
  return Array.isArray(order) ? order.filter((id): id is string => typeof id === 'string') : [];
}

/**
 * The widget order to show: the saved order without ids no widget has any more (and without
 * repeats), then the widgets the saved layout did not know, in their default order.
 */
export function arrangeWidgets(saved: readonly string[], widgetIds: readonly string[]): string[] {
  const known = new Set(widgetIds);
  const kept = [...new Set(saved)].filter((id) => known.has(id));
  return [...kept, ...widgetIds.filter((id) => !kept.includes(id))];
}

/** Restores the order from the profile's `layout_data` (absent or unreadable: the default order). */
export function restoreOrder(layoutData: string | null | undefined, widgetIds: readonly string[]): string[] {
  return arrangeWidgets(layoutData ? savedIds(layoutData) : [], widgetIds);
}

/** The `layout_data` string of an order. */
export function serializeLayout(order: readonly string[]): string {
  const layout: TDashboardLayout = { version: LAYOUT_VERSION, order: [...order] };
  return JSON.stringify(layout);
}

/** The order with `id` moved to `index` (clamped to the list); unchanged for an unknown id. */
export function moveTo(order: readonly string[], id: string, index: number): string[] {
  if (!order.includes(id)) return [...order];
  const rest = order.filter((other) => other !== id);
  const at = Math.max(0, Math.min(rest.length, index));
  return [...rest.slice(0, at), id, ...rest.slice(at)];
}
