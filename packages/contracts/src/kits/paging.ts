import { z } from 'zod';

/**
 * Paged lists (docs/modules.md section 1, "Pages"): `?cursor&pageSize=5|10|20|50` answers
 * `{ items, nextCursor }`; the cursor is the `nextCursor` of the page before, opaque to clients.
 */
/**
 * The description of an opaque token (a cursor, a signed link): only the values this API made
 * are valid, whatever their length, so any other is refused (400 `V001` or 404 `N404`).
 */
export const OPAQUE_TOKEN = 'Opaque: only a value this API gave';

export const ZPageQuery = z.object({
  cursor: z.string().max(200).describe(OPAQUE_TOKEN).optional(),
  /** 5, 10, 20 (when not given) or 50; a query string writes it as text. */
  pageSize: z
    .union([z.enum(['5', '10', '20', '50']), z.literal(5), z.literal(10), z.literal(20), z.literal(50)])
    .default(20)
    .transform(Number),
});

export const ZNextCursor = z.string().nullable();
