import type { ZodType } from 'zod';

/**
 * One parent API, written once (docs/decisions/018-module-families.md): its method, its path
 * under `/api/v1/ppn`, the schemas of what it takes and answers, and the menu entry whose grant
 * opens it. The server registers its route from the entry and the web derives its query from
 * it, so the path, the schemas and the module gate cannot drift apart.
 */
export type TEndpoint = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Under `/api/v1/ppn`, e.g. `/attendance/month` or `/agenda/:itemId/done`. */
  path: string;
  /** The menu entry key (`attendance`); null for an API every signed-in parent may call. */
  module: string | null;
  params?: ZodType;
  query?: ZodType;
  body?: ZodType;
  response: ZodType;
  /** The answer may also come with 201 Created (a new resource; 200 when it existed already). */
  created?: boolean;
};

/** Declares an endpoint entry, keeping its exact types for the server and the web. */
export function endpoint<const E extends TEndpoint>(entry: E): E {
  return entry;
}

/** Where the parent APIs live, below the API's base path `/api`. */
export const PARENT_API_PATH = '/v1/ppn';

/** An entry's path with its `:name` parameters filled in (each encoded). */
export function pathOf(entry: Pick<TEndpoint, 'path'>, params: Record<string, string> = {}): string {
  return entry.path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" of ${entry.path}`);
    return encodeURIComponent(value);
  });
}
