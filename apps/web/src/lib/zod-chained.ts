// The `z` the shared contracts are written with, for the browser: the contracts' chained calls
// (`z.string().min(1).optional()`) on zod's mini schemas, which share zod's core with the
// classic ones the server uses and parse the same way, without the classic API's whole runtime
// (docs/decisions/034-contracts-on-zod-mini.md). The web build and its tests resolve `zod` here
// (vite.config.ts); types still come from zod itself.
import * as mini from 'zod/mini';

type TSchema = mini.ZodMiniType;
/** What the contracts give a check besides its limit: at most a message. */
type TParams = string | { message?: string };
type TCheck = Parameters<TSchema['check']>[0];

/** The kinds of schema whose `min`, `max` and `length` count characters or items, not a value. */
const SIZED = new Set(['string', 'array']);

function sizeOrValue(schema: TSchema, sized: () => TCheck, valued: () => TCheck) {
  return chained(schema.check(SIZED.has(schema._zod.def.type) ? sized() : valued()));
}

/** Each chained call does what the classic schema's method of that name does. */
const CHAINED_CALLS: Record<string, (this: TSchema, ...args: never[]) => TSchema> = {
  optional() {
    return chained(mini.optional(this));
  },
  nullable() {
    return chained(mini.nullable(this));
  },
  nullish() {
    return chained(mini.optional(chained(mini.nullable(this))));
  },
  array() {
    return chained(mini.array(this));
  },
  default(value: never) {
    return chained(mini._default(this, value));
  },
  and(other: TSchema) {
    return chained(mini.intersection(this, other));
  },
  refine(check: (value: unknown) => unknown, params?: Parameters<typeof mini.refine>[1]) {
    return chained(this.check(mini.refine(check, params)));
  },
  transform(change: (value: unknown) => unknown) {
    return chained(mini.pipe(this, mini.transform(change)));
  },
  describe(description: string) {
    const described = chained(this.clone());
    mini.globalRegistry.add(described, { description });
    return described;
  },
  min(limit: number, params?: TParams) {
    return sizeOrValue(
      this,
      () => mini.minLength(limit, params) as TCheck,
      () => mini.gte(limit, params) as TCheck,
    );
  },
  max(limit: number, params?: TParams) {
    return sizeOrValue(
      this,
      () => mini.maxLength(limit, params) as TCheck,
      () => mini.lte(limit, params) as TCheck,
    );
  },
  length(size: number, params?: TParams) {
    return chained(this.check(mini.length(size, params)));
  },
  int(params?: TParams) {
    return chained(this.check(mini.int(params)));
  },
  positive(params?: TParams) {
    return chained(this.check(mini.gt(0, params)));
  },
  nonnegative(params?: TParams) {
    return chained(this.check(mini.gte(0, params)));
  },
  trim() {
    return chained(this.check(mini.trim()));
  },
  toLowerCase() {
    return chained(this.check(mini.toLowerCase()));
  },
  regex(pattern: RegExp, params?: TParams) {
    return chained(this.check(mini.regex(pattern, params)));
  },
  startsWith(prefix: string, params?: TParams) {
    return chained(this.check(mini.startsWith(prefix, params)));
  },
  uuid(params?: TParams) {
    return chained(this.check(mini.uuid(params)));
  },
  email(params?: TParams) {
    return chained(this.check(mini.email(params)));
  },
  url(params?: TParams) {
    return chained(this.check(mini.url(params)));
  },
  extend(shape: mini.core.$ZodLooseShape) {
    return chained(mini.extend(this as mini.ZodMiniObject, shape));
  },
  pick(mask: Record<string, true>) {
    return chained(mini.pick(this as mini.ZodMiniObject, mask));
  },
  omit(mask: Record<string, true>) {
    return chained(mini.omit(this as mini.ZodMiniObject, mask));
  },
  partial() {
    return chained(mini.partial(this as mini.ZodMiniObject));
  },
  strict() {
    return chained(this.clone(mini.util.mergeDefs(this._zod.def, { catchall: mini.never() })));
  },
};

/** The prototypes given the chained calls: one per kind of schema. */
const chainedPrototypes = new WeakSet<object>();

/**
 * The schema, its kind given the chained calls. A schema zod derives from it (a check added,
 * a copy) has the same prototype, so the calls reach every schema the contracts build.
 */
function chained<S extends TSchema>(schema: S): S {
  const prototype = Object.getPrototypeOf(schema) as object;
  if (!chainedPrototypes.has(prototype)) {
    chainedPrototypes.add(prototype);
    for (const [name, call] of Object.entries(CHAINED_CALLS)) {
      Object.defineProperty(prototype, name, { value: call, configurable: true, writable: true });
    }
  }
  return schema;
}

/** A factory whose schemas have the chained calls. */
function withChain<A extends unknown[], S extends TSchema>(make: (...args: A) => S) {
  return (...args: A): S => chained(make(...args));
}

/** The factories the contracts call, by their classic names. */
export const z = {
  string: withChain(mini.string),
  number: withChain(mini.number),
  boolean: withChain(mini.boolean),
  object: withChain(mini.object),
  array: withChain(mini.array),
  enum: withChain(mini.enum),
  literal: withChain(mini.literal),
  union: withChain(mini.union),
  discriminatedUnion: withChain(mini.discriminatedUnion),
  record: withChain(mini.record),
  unknown: withChain(mini.unknown),
  uuid: withChain(mini.uuid),
  email: withChain(mini.email),
  url: withChain(mini.url),
  coerce: { number: withChain(mini.coerce.number) },
};
