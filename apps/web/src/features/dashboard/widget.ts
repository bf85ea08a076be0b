import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

/**
 * One widget of the dashboard, as the route composes it: a stable id (what the saved layout
 * keeps), a title (which names its section and its move buttons), an icon and the content.
 */
export interface TDashboardWidget {
  id: string;
  title: string;
  icon: LucideIcon;
  content: ReactNode;
}

/** The id of a widget's heading, for content that names itself after it. */
export function widgetTitleId(id: string): string {
  return `widget-${id}-title`;
}
