import type { TJsonSchema } from './api-routes.ts';

/** Where in a body a value sits: property names and array indexes. */
export type TValuePath = (string | number)[];

/** A string with a length limit, its format, and the schema (a body or one variant of it) it belongs to. */
export type TStringSlot = {
  path: TValuePath;
  maxLength: number;
  format?: string;
  pattern?: string;
  root: TJsonSchema;
};

// A pattern without `*`, `+` or an open `{n,}` (outside a character class, where they are
// characters) matches strings of bounded length.
const UNBOUNDED_PATTERN = /[*+]|\{\d+,\}/;
const CHARACTER_CLASS = /\[(?:\\.|[^\]\\])*\]/g;

function variantsOf(schema: TJsonSchema): TJsonSchema[] | undefined {
  return schema.oneOf ?? schema.anyOf;
}

/**
 * Every string with a `maxLength` in a body schema. A union's strings are found in each of
 * its variants, which then stands as the root. A record's values stand at the key `key`.
 */
export function stringSlots(schema: TJsonSchema, path: TValuePath = [], root = schema): TStringSlot[] {
  const variants = variantsOf(schema);
  if (variants)
    return variants.flatMap((variant) => stringSlots(variant, path, path.length === 0 ? variant : root));
  if (schema.maxLength !== undefined && schema.enum === undefined)
    return [{ path, maxLength: schema.maxLength, format: schema.format, pattern: schema.pattern, root }];
  const named = Object.entries(schema.properties ?? {}).flatMap(([name, property]) =>
    stringSlots(property, [...path, name], root),
  );
  const values =
    typeof schema.additionalProperties === 'object'
      ? stringSlots(schema.additionalProperties, [...path, 'key'], root)
      : [];
  const items = schema.items ? stringSlots(schema.items, [...path, 0], root) : [];
  return [...named, ...values, ...items];
}

/** The places of a schema where a client could send a string or a list of any length. */
export function unboundedParts(schema: TJsonSchema, where: string): string[] {
  const variants = variantsOf(schema);
  if (variants) return variants.flatMap((variant) => unboundedParts(variant, where));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const bounded = schema.enum !== undefined || schema.const !== undefined;
  if (type === 'string' && !bounded) {
    const patternBounded =
      schema.pattern !== undefined && !UNBOUNDED_PATTERN.test(schema.pattern.replace(CHARACTER_CLASS, 'x'));
    return schema.maxLength !== undefined || patternBounded ? [] : [`${where}: string without maxLength`];
  }
  const own = type === 'array' && schema.maxItems === undefined ? [`${where}: array without maxItems`] : [];
  const named = Object.entries(schema.properties ?? {}).flatMap(([name, property]) =>
    unboundedParts(property, `${where}.${name}`),
  );
  const values =
    typeof schema.additionalProperties === 'object'
      ? unboundedParts(schema.additionalProperties, `${where}.*`)
      : [];
  const items = schema.items ? unboundedParts(schema.items, `${where}[]`) : [];
  return [...own, ...named, ...values, ...items];
}

/** A copy of `value` with `replacement` at `path` (objects and arrays made along the way). */
export function withValueAt(value: unknown, path: TValuePath, replacement: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  if (typeof head === 'number') {
    const list = Array.isArray(value) ? [...(value as unknown[])] : [];
    list[head] = withValueAt(list[head], rest, replacement);
    return list;
  }
  const object = value !== null && typeof value === 'object' ? { ...(value as Record<string, unknown>) } : {};
  object[head] = withValueAt(object[head], rest, replacement);
  return object;
}
