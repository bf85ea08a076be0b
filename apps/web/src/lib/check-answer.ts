import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { output, ZodType } from 'zod';

/**
 * Checks an API answer against its contract schema. The schemas arrive through a dynamic
 * import, so zod loads with the first answer that needs it instead of with the first page.
 * An answer that breaks its contract is reported like a failure without a body (L000).
 */
export async function checkAnswer<S extends ZodType>(
  data: unknown,
  schema: Promise<S>,
): Promise<{ data: output<S> } | { error: FetchBaseQueryError }> {
  const parsed = (await schema).safeParse(data);
  if (parsed.success) return { data: parsed.data };
  return {
    error: { status: 'CUSTOM_ERROR', error: 'The answer does not match its contract', data: undefined },
  };
}
