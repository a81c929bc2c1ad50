/**
 * The database schema (PostgreSQL dialect; PGlite and node-postgres share it). The Auth.js tables keep
 * the property names @auth/drizzle-adapter 1.11 reads (`userId`, `providerAccountId`, `refresh_token`…);
 * SQL names are snake_case like the rest of the schema.
 */
// Each area's tables live in their own file under server/db/schema/; this module is the one schema
// drizzle-kit and the services read.
export { MEMBERSHIP_ROLES, TENANT_TYPES } from './schema/columns';
export * from './schema/auth';
export * from './schema/orgs';
export * from './schema/jobs';
export * from './schema/products';
export * from './schema/reviews';
export * from './schema/agents';
export * from './schema/monitoring';
export * from './schema/analyst';
export * from './schema/landing-pages';
export * from './schema/rate-limits';
export * from './schema/ai-budget';
export * from './schema/exports';
