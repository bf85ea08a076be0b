import type { TOutsideLinkAnswer, TOutsideLinkModule } from '@portal/contracts/families/links';
import { api } from '../../lib/api.ts';
import { endpointQueryFn } from '../../lib/endpoint-query.ts';

/**
 * The outside-link pages' query (docs/modules.md F7): a module's destinations, derived from its
 * endpoint entry. The entries load with the first call, so zod stays off the first page.
 */
const entries = () => import('@portal/contracts/families/links').then((m) => m.linkEndpoints);

export const linksApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The school's link(s) of one module; `url` null when the school has none. */
    getOutsideLink: build.query<TOutsideLinkAnswer, TOutsideLinkModule>({
      queryFn: endpointQueryFn(
        (module: TOutsideLinkModule) => entries().then((e) => e[module]),
        () => ({}),
      ),
    }),
  }),
});

export const { useGetOutsideLinkQuery } = linksApi;
