// npm's EBADENGINE warnings, folded into one line. On a fresh machine `npm ci` runs on the system's
// Node (20 on this machine kind) and warns, in five lines per package, about every package that wants
// Node 22 or 24, Beacon included; the install then puts Node 24 in node_modules/.bin, which everything
// after it runs on, so the warnings say nothing to act on. Other output passes through untouched.
// Only Node built-ins: scripts/setup.mjs uses it before node_modules exists.

const ENGINE_LINE = /^npm (?:warn|WARN) EBADENGINE\b/;
const PACKAGE = /^npm (?:warn|WARN) EBADENGINE\s+package: '([^']+)'/;

/**
 * A filter for npm's stderr: `write(chunk)` as output arrives, `end()` once npm exits. Lines that are
 * not EBADENGINE warnings go to `pass` as they complete; `end()` returns the packages warned about.
 */
export function engineWarningFilter(pass) {
  const packages = [];
  let partial = '';
  const line = (text) => {
    if (!ENGINE_LINE.test(text)) return pass(`${text}\n`);
    const name = PACKAGE.exec(text)?.[1];
    if (name) packages.push(name);
  };
  return {
    write(chunk) {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const text of lines) line(text);
    },
    end() {
      if (partial !== '') line(partial);
      partial = '';
      return packages;
    },
  };
}

/** The one line said instead of the warnings (null when there were none). */
export function engineSummary(packages, nodeVersion, projectMajor) {
  if (packages.length === 0) return null;
  const names = packages.map((p) => p.replace(/@[^@]*$/, ''));
  const shown = names.slice(0, 3).join(', ');
  const more = names.length > 3 ? ` and ${names.length - 3} more` : '';
  const count = packages.length === 1 ? '1 package' : `${packages.length} packages`;
  const want = packages.length === 1 ? 'wants' : 'want';
  return `${count} (${shown}${more}) ${want} a newer Node than this machine's ${nodeVersion}: Beacon runs them on the Node ${projectMajor} just installed in node_modules/.bin, which npm start and every npm script use.`;
}
