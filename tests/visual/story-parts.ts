/** How many fixed parts each theme's stories are split into, one worker each (playwright.config.ts). */
export const STORY_PARTS = 2;
