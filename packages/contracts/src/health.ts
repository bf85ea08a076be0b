import { z } from 'zod';

/** GET /api/health: whether the server and its database answer. */
export const ZHealth = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    ok: z.boolean(),
  }),
  uptimeSeconds: z.number(),
});
export type THealth = z.infer<typeof ZHealth>;
