/** One set of launch options for Debian's Chromium, shared by Playwright, Vitest and scripts. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  '--font-render-hinting=none',
];
export const launchOptions = { executablePath: chromiumPath, args: chromiumArgs };
