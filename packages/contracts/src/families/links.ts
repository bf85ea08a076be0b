import { z } from 'zod';
import { ZApiResult } from '../api-result.ts';
import { endpoint } from '../endpoint.ts';

/**
 * Outside links (F7, /work/main/docs/school-data.md "links.csv"): the school's learning platform
 * (`moodle`, its `lic_lms_url` unless links.csv names another), its digital library (one
 * resource or several), and its Facebook and Instagram pages. Each module answers its own
 * link; the page shows a card naming the destination's host that opens in a new tab, never
 * an iframe. Every address is https (a school's row with another is refused at import, `I001`).
 */

/** The modules of the family, each its own menu entry and its own grant. */
export const OUTSIDE_LINK_MODULES = ['moodle', 'digital', 'facebook', 'instagram'] as const;
export type TOutsideLinkModule = (typeof OUTSIDE_LINK_MODULES)[number];

/** One destination: its address, its host (what the card names) and the school's words for it. */
export const ZOutsideLink = z.object({
  url: z.string(),
  /** The destination's host name (`lms.mogra.example`), shown so the parent knows where it goes. */
  host: z.string(),
  label: z.string(),
  labelAr: z.string(),
  /** A line on what is there ('' when the school gave none). */
  description: z.string(),
  descriptionAr: z.string(),
});
export type TOutsideLink = z.infer<typeof ZOutsideLink>;

/**
 * A module's link: the first (or only) destination flat, null when the school has none (the
 * page's empty state), and every destination in `items` (the digital library may list several).
 */
export const ZOutsideLinkAnswer = ZApiResult.extend({
  url: z.string().nullable(),
  host: z.string().nullable(),
  label: z.string(),
  labelAr: z.string(),
  items: z.array(ZOutsideLink),
});
export type TOutsideLinkAnswer = z.infer<typeof ZOutsideLinkAnswer>;

const linkEndpoint = <const M extends TOutsideLinkModule>(module: M) =>
  endpoint({ method: 'GET', path: `/links/${module}`, module, response: ZOutsideLinkAnswer });

export const linkEndpoints = {
  moodle: linkEndpoint('moodle'),
  digital: linkEndpoint('digital'),
  facebook: linkEndpoint('facebook'),
  instagram: linkEndpoint('instagram'),
};
