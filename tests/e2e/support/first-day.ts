/** The address the e2e server lists in BEACON_SUPERUSERS (playwright.config.ts): new to every run's database. */
export const E2E_SUPERUSER = 'first.superuser@beacon-e2e.test';
