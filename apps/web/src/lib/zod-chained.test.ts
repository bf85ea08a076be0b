import { describe, expect, it, vi } from 'vitest';
import { toJSONSchema } from 'zod/mini';
import type { core } from 'zod/mini';

// The browser's `z` (zod-chained.ts) must build the contracts' schemas exactly as the classic
// zod the server uses does (docs/decisions/034-contracts-on-zod-mini.md).
const contractModules = import.meta.glob<Record<string, unknown>>(
  '../../../../packages/contracts/src/**/*.ts',
);

type TSchema = core.$ZodType;

function isSchema(value: unknown): value is TSchema {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

/** Every schema a contracts module exports, by name: on its own, or in an endpoint entry (two levels down). */
function schemasOf(exports: Record<string, unknown>, prefix = '', depth = 0): Map<string, TSchema> {
  const found = new Map<string, TSchema>();
  for (const [name, value] of Object.entries(exports)) {
    if (isSchema(value)) found.set(`${prefix}${name}`, value);
    else if (depth < 2 && typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const [inner, schema] of schemasOf(
        value as Record<string, unknown>,
        `${prefix}${name}.`,
        depth + 1,
      )) {
        found.set(inner, schema);
      }
    }
  }
  return found;
}

/** Every schema of every contracts module, as the current `zod` builds them. */
async function allContractSchemas(): Promise<Map<string, TSchema>> {
  const all = new Map<string, TSchema>();
  for (const [file, load] of Object.entries(contractModules)) {
    for (const [name, schema] of schemasOf(await load()))
      all.set(`${file.replace(/.*contracts\/src\//, '')} ${name}`, schema);
  }
  return all;
}

/** A schema as JSON Schema, for what it takes in and what it gives. */
function shapeOf(schema: TSchema) {
  return ['input', 'output'].map((io) =>
    toJSONSchema(schema, { io: io as 'input' | 'output', unrepresentable: 'any', cycles: 'ref' }),
  );
}

/**
 * A schema's definition as plain data: its kind, its checks (kind and limits), its parts, with
 * zod's own objects (schemas, checks) replaced by their definitions and functions by a mark.
 */
function definitionOf(schema: TSchema): string {
  return JSON.stringify(schema, (_key, value: unknown) => {
    if (typeof value === 'function') return 'function';
    if (value instanceof RegExp) return value.toString();
    if (typeof value === 'object' && value !== null && '_zod' in value) {
      return (value as { _zod: { def: unknown } })._zod.def;
    }
    return value;
  });
}

async function classicContractSchemas(): Promise<Map<string, TSchema>> {
  vi.resetModules();
  vi.doMock('zod', () => import('zod/v4'));
  try {
    return await allContractSchemas();
  } finally {
    vi.doUnmock('zod');
    vi.resetModules();
  }
}

describe("the browser's zod for the contracts", () => {
  it('builds every schema of every contract as classic zod does', async () => {
    const chained = await allContractSchemas();
    const classic = await classicContractSchemas();
    expect(chained.size).toBeGreaterThan(300);
    expect([...chained.keys()]).toEqual([...classic.keys()]);
    // The classic schemas really are the classic ones, and the browser's the mini ones.
    const [name, sample] = [...classic.entries()][0]!;
    expect(sample.constructor.name).toMatch(/^Zod(?!Mini)/);
    expect(chained.get(name)!.constructor.name).toMatch(/^ZodMini/);
    for (const [schemaName, schema] of chained) {
      expect(definitionOf(schema), schemaName).toEqual(definitionOf(classic.get(schemaName)!));
      expect(shapeOf(schema), schemaName).toEqual(shapeOf(classic.get(schemaName)!));
    }
  });

  it('parses as classic zod does: refinements, transforms, defaults, trimming and unknown keys', async () => {
    const { z } = await import('zod');
    const classicZ = (await import('zod/v4')).z;
    for (const build of [z, classicZ] as const) {
      const range = (build as typeof classicZ)
        .object({
          from: build.string().trim().min(1),
          to: build.string(),
          n: build.number().int().default(3),
        })
        .refine(({ from, to }) => from <= to, { message: 'to is before from', path: ['to'] });
      const page = build.string().regex(/^\d+$/).transform(Number);
      expect(range.safeParse({ from: ' a ', to: 'b', extra: 1 })).toEqual({
        success: true,
        data: { from: 'a', to: 'b', n: 3 },
      });
      const backwards = range.safeParse({ from: 'b', to: 'a', n: 2 });
      expect(backwards.success).toBe(false);
      expect(backwards.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
        [['to'], 'to is before from'],
      ]);
      expect(range.safeParse({ from: '', to: 'a', n: 1.5 }).error?.issues.map((issue) => issue.code)).toEqual(
        ['too_small', 'invalid_type'],
      );
      expect(page.parse('12')).toBe(12);
      expect(build.string().uuid().safeParse('nope').success).toBe(false);
      expect(build.object({ a: build.string() }).strict().safeParse({ a: 'x', b: 1 }).success).toBe(false);
      expect(build.array(build.number().nonnegative()).max(2).safeParse([1, 2, 3]).success).toBe(false);
    }
  });
});
