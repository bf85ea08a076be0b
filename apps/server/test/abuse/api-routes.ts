import type { FastifyInstance } from 'fastify';

/** The part of JSON Schema that the OpenAPI document's request schemas use. */
export type TJsonSchema = {
  type?: string | string[];
  properties?: Record<string, TJsonSchema>;
  additionalProperties?: boolean | TJsonSchema;
  required?: string[];
  items?: TJsonSchema;
  oneOf?: TJsonSchema[];
  anyOf?: TJsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  description?: string;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
};

export type TParameter = { name: string; required: boolean; schema: TJsonSchema };

/** One operation of the OpenAPI document, as the abuse tests use it. */
export type TApiRoute = {
  method: string;
  /** The path in Fastify's form: `/api/v1/ppn/payments/:id`. */
  url: string;
  pathParams: TParameter[];
  queryParams: TParameter[];
  /** The JSON body's schema, or null when the operation documents none. */
  bodySchema: TJsonSchema | null;
  /**
   * True when the operation needs no parent session: the document names no security for it,
   * or only a school system's API key (the sync and staff APIs, tested with their keys).
   */
  isPublic: boolean;
  /** True when the operation needs a school system's API key (`security: apiKey`). */
  needsApiKey: boolean;
};

/**
 * The routes that serve files rather than the API, which the OpenAPI document leaves out: the
 * school and student images under /media, and the built web app (when there is one).
 */
export const FILE_ROUTES = ['GET /media/*', 'GET /*'];

type TOperation = {
  parameters?: { in: string; name: string; required?: boolean; description?: string; schema: TJsonSchema }[];
  requestBody?: { content?: Record<string, { schema: TJsonSchema }> };
  security?: Record<string, unknown>[];
};

type TDocument = { paths: Record<string, Record<string, TOperation>> };

/** Every operation of the app's OpenAPI document. */
export function documentedRoutes(app: FastifyInstance): TApiRoute[] {
  const document = app.swagger() as TDocument;
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => {
      const parameters = (where: string) =>
        (operation.parameters ?? [])
          .filter((parameter) => parameter.in === where)
          .map((parameter) => ({
            name: parameter.name,
            required: parameter.required === true,
            // The document puts a parameter's description beside its schema.
            schema: { description: parameter.description, ...parameter.schema },
          }));
      return {
        method: method.toUpperCase(),
        url: path.replace(/\{(\w+)\}/g, ':$1'),
        pathParams: parameters('path'),
        queryParams: parameters('query'),
        bodySchema: operation.requestBody?.content?.['application/json']?.schema ?? null,
        isPublic: !(operation.security ?? []).some((scheme) => 'bearer' in scheme),
        needsApiKey: (operation.security ?? []).some((scheme) => 'apiKey' in scheme),
      };
    }),
  );
}

/**
 * Every route the app has, as `METHOD url` (HEAD only where it is not the automatic twin
 * of a GET), read from Fastify's radix tree: each line's label continues its parent's path.
 */
export function registeredRoutes(app: FastifyInstance): string[] {
  const labels: string[] = [];
  const routes: string[] = [];
  for (const line of app.printRoutes().split('\n')) {
    const match = /^(.*?)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match?.[2]) continue;
    const depth = [...(match[1] ?? '')].length / 4;
    labels.length = depth;
    labels.push(match[2]);
    const methods = match[3]?.split(', ') ?? [];
    for (const method of methods) {
      if (method === 'HEAD' && methods.includes('GET')) continue;
      routes.push(`${method} ${labels.join('')}`);
    }
  }
  return routes;
}
