import { z } from 'zod';

/** The largest saved dashboard layout, as a JSON string. */
export const DASHBOARD_LAYOUT_MAX_CHARS = 16 * 1024;

/** PUT /v1/ppn/parent/dashboard-layout: the layout as a JSON string (`layout_data`). */
export const ZSaveDashboardLayoutRequest = z.object({
  layout_data: z
    .string()
    .max(DASHBOARD_LAYOUT_MAX_CHARS)
    .refine(
      (text) => {
        try {
          JSON.parse(text);
          return true;
        } catch {
          return false;
        }
      },
      { message: 'layout_data must be a JSON string' },
    ),
});
export type TSaveDashboardLayoutRequest = z.infer<typeof ZSaveDashboardLayoutRequest>;

/** Photo types a parent may upload for a child: checked by their first bytes, not their name. */
export const PHOTO_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
