import type pg from 'pg';

// PostgreSQL keeps a statement parsed and planned when it has a name; an unnamed one is parsed
// and planned at every run, which on the release-day peak cost the database three times what
// running the statements did (docs/decisions/031-named-statements.md). Each query text the
// portal runs again gets a name of its own, and each connection prepares it on first use.

/** A text is named from its second run: one run once (an odd-length `in` list) is not kept. */
const NAMED_FROM_RUN = 2;
/** The distinct texts remembered; past it, new texts run unnamed as before. */
export const MAX_NAMED_TEXTS = 1_000;

type TNamedText = { runs: number; name: string | null };

/** Answers the name of a query text, or null while it is not worth keeping (one per process). */
export function statementNames(): (text: string) => string | null {
  const texts = new Map<string, TNamedText>();
  let named = 0;
  return (text) => {
    let entry = texts.get(text);
    if (!entry) {
      if (texts.size >= MAX_NAMED_TEXTS) return null;
      entry = { runs: 0, name: null };
      texts.set(text, entry);
    }
    entry.runs += 1;
    if (entry.name === null && entry.runs >= NAMED_FROM_RUN) entry.name = `portal_${(named++).toString(36)}`;
    return entry.name;
  };
}

type TQueryConfig = { text: string; name?: string; values?: unknown[] };

/** A query's settings as Drizzle passes them: an object with its text, not a submittable. */
function isQueryConfig(value: unknown): value is TQueryConfig {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { text?: unknown }).text === 'string' &&
    typeof (value as { submit?: unknown }).submit !== 'function'
  );
}

/**
 * Names the client's parameterized queries that have no name (`nameOf`); the others (a
 * statement without parameters may hold several statements, which a name cannot) run as they
 * come. Names are never reused for another text, so a connection never prepares one twice.
 */
export function nameStatements(client: pg.PoolClient, nameOf: (text: string) => string | null): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const named = (config: unknown, ...rest: unknown[]) => {
    if (!isQueryConfig(config) || config.name !== undefined) return query(config, ...rest);
    const values = Array.isArray(rest[0]) ? rest[0] : config.values;
    const name = values && values.length > 0 ? nameOf(config.text) : null;
    return query(name ? { ...config, name } : config, ...rest);
  };
  (client as unknown as { query: typeof named }).query = named;
}
