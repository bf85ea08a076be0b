// The one list of tables, for the Drizzle client and drizzle-kit.
export * from './schools.ts';
export * from './applications.ts';
export * from './people.ts';
export * from './sessions.ts';
export * from './sign-in.ts';
export * from './media.ts';
export * from './fees.ts';
export * from './school-data.ts';
export * from './roster.ts';
export * from './results.ts';
export * from './schedule.ts';
export * from './notifications.ts';
export * from './kits.ts';
export * from './care.ts';
