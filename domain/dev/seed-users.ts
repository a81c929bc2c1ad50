/**
 * The demo people: the server's seed writes them (server/seed-data.ts, server/seed.ts) and the
 * development identity provider offers them for sign-in (simulators/idp), so both take them from here
 * rather than the simulator reaching into the server. Fixed ids so tests can refer to them.
 */
export const SEED_USERS = {
  ada: { id: 'user_ada', email: 'ada@beacon.test', name: 'Ada Admin', isSuperUser: true },
  maya: { id: 'user_maya', email: 'maya@beacon.test', name: 'Maya Member', isSuperUser: false },
  sam: { id: 'user_sam', email: 'sam@beacon.test', name: 'Sam Second', isSuperUser: false },
  /** Only in Initech, which has no envs: `/app/` shows the "no environments" screen. */
  ivy: { id: 'user_ivy', email: 'ivy@beacon.test', name: 'Ivy Initech', isSuperUser: false },
} as const;
export type SeedUserKey = keyof typeof SEED_USERS;
export type SeedUser = (typeof SEED_USERS)[SeedUserKey];
