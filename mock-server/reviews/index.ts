/** Acme's review queue (fixtures) and the reviews procedures' fake over it. */
export * from './fake';
export * from './fixtures';
