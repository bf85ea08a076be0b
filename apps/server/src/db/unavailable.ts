// Socket failures: the database server is down, restarting or out of reach.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

// SQLSTATEs of a server that cannot serve now: connection exceptions (class 08), shutdown,
// crash, starting up (57P01-57P03), too many connections (53300).
const UNAVAILABLE_SQLSTATES = /^(08...|57P0[123]|53300)$/;

// What the pg driver says, without a code, when a connection is gone or cannot be had.
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
];

function isUnavailableCause(error: Error & { code?: unknown }): boolean {
  const code = typeof error.code === 'string' ? error.code : '';
  if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.test(code)) return true;
  return DRIVER_MESSAGES.some((message) => error.message.startsWith(message));
}

/**
 * True when an error means the database cannot be reached right now (down, restarting, cut
 * off, out of connections), as opposed to a query that is wrong. Looks through the causes
 * that query builders wrap errors in.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if (isUnavailableCause(current)) return true;
    if (current instanceof AggregateError && current.errors.some((inner) => isDatabaseUnavailable(inner))) {
      return true;
    }
    current = current.cause;
  }
  return false;
}
