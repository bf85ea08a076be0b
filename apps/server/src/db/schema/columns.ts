import { customType } from 'drizzle-orm/pg-core';

/** A column of bytes (PostgreSQL `bytea`), read as a Buffer whichever driver answers. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});
