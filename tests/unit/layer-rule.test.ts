/**
 * The layer rule in eslint.config.js (README, Layout): ui/ and app/ take nothing from server/ but
 * `import type { AppRouter }`; and the area rule: a ui/patterns/<area>/ folder imports no other
 * area's UI, and ui/components, ui/lib and the root of ui/patterns import no area; and the simulator
 * rule: server/ imports a simulator statically only as a type (the value by `await import()` in
 * development start-up), ui/, app/ and domain/ not at all, and a simulator takes from server/ types
 * alone. Lints made-up files under app/, ui/, server/ and simulators/ with the project's real config.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ overrideConfigFile: 'eslint.config.js' });

/** The rules that fired on `code` as if it lived at `file`, one "rule: line" per message. */
async function lint(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: file });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parse'}: ${m.line}`);
}

// Two folders deep in either layer; code reaches server/ through the root alias (~/server/…).
const FILES = { app: 'app/screens/layer-probe.tsx', ui: 'ui/components/layer-probe.tsx' };
const ROUTER = '~/server/trpc/router';
const CONTEXT = '~/server/trpc/context';
/** Uses the imported types, so no unused-import error muddies the result. */
const use = (names: string) => `\nexport type Probe = [${names}];\n`;

describe.each(['app', 'ui'] as const)('the layer rule in %s/', (layer) => {
  const file = FILES[layer];

  it('allows `import type { AppRouter }` from the server router', async () => {
    expect(
      await lint(file, `import type { AppRouter } from '${ROUTER}';${use('AppRouter')}`),
    ).toEqual([]);
  });

  it('rejects a value import from server/', async () => {
    const messages = await lint(
      file,
      `import { appRouter } from '${ROUTER}';\nexport const probe = appRouter;\n`,
    );
    expect(messages).toContain('@typescript-eslint/no-restricted-imports: 1');
  });

  it('rejects a value import from any other server module', async () => {
    const messages = await lint(
      file,
      `import { createContext } from '${CONTEXT}';\nexport const probe = createContext;\n`,
    );
    expect(messages).toContain('@typescript-eslint/no-restricted-imports: 1');
  });

  it('rejects a type import other than AppRouter, from the router or elsewhere in server/', async () => {
    expect(
      await lint(
        file,
        `import type { AppRouterInternals } from '${ROUTER}';${use('AppRouterInternals')}`,
      ),
    ).toContain('@typescript-eslint/no-restricted-imports: 1');
    expect(
      await lint(file, `import type { Context } from '${CONTEXT}';${use('Context')}`),
    ).toContain('@typescript-eslint/no-restricted-imports: 1');
  });

  it('rejects a value import from server/ written as a relative path', async () => {
    const messages = await lint(
      file,
      `import { appRouter } from '../../server/trpc/router';\nexport const probe = appRouter;\n`,
    );
    expect(messages).toContain('@typescript-eslint/no-restricted-imports: 1');
  });

  it('rejects AppRouter imported inline (`import { type AppRouter }` keeps the module import)', async () => {
    expect(
      await lint(file, `import { type AppRouter } from '${ROUTER}';${use('AppRouter')}`),
    ).toContain('no-restricted-syntax: 1');
  });
});

it('does not mistake @trpc/server or mock-server/ for server/', async () => {
  expect(
    await lint(
      FILES.app,
      `import type { inferRouterOutputs } from '@trpc/server';\nimport type { TrpcScenario } from '~/mock-server/trpc/scenario';${use('inferRouterOutputs<never>, TrpcScenario')}`,
    ),
  ).toEqual([]);
});

describe('the area rule in ui/patterns/', () => {
  const AREA_FILE = 'ui/patterns/reviews/area-probe.tsx';
  const RULE = '@typescript-eslint/no-restricted-imports: 1';
  const importing = (from: string) => `import { x } from '${from}';\nexport const probe = x;\n`;

  it("rejects another area's module, by the root alias or a relative path", async () => {
    for (const from of [
      '~/ui/patterns/monitoring/format',
      '../products/format',
      '../../patterns/settings/org-details',
      '~/ui/patterns/theme-designer',
    ]) {
      expect(await lint(AREA_FILE, importing(from)), from).toContain(RULE);
    }
    expect(await lint(AREA_FILE, `import '~/ui/patterns/theme-designer/fonts.css';\n`)).toContain(
      RULE,
    );
  });

  it('allows its own folder, the shared patterns, ui/components and ui/lib', async () => {
    for (const from of [
      './format',
      '~/ui/patterns/reviews/format',
      '~/ui/patterns/confirm-dialog',
      '~/ui/components/checkbox-group',
      '~/ui/lib/format',
    ]) {
      expect(await lint(AREA_FILE, importing(from)), from).toEqual([]);
    }
  });

  it('keeps the ui/ layer in an area folder', async () => {
    expect(await lint(AREA_FILE, importing('~/app/lib/trpc'))).toContain(RULE);
    expect(await lint(AREA_FILE, importing('~/server/trpc/context'))).toContain(RULE);
  });

  it('rejects any area in ui/components, ui/lib and the root of ui/patterns', async () => {
    for (const file of [
      'ui/components/area-probe.tsx',
      'ui/lib/area-probe.ts',
      'ui/patterns/area-probe.tsx',
    ]) {
      expect(await lint(file, importing('~/ui/patterns/agents/format')), file).toContain(RULE);
    }
    expect(
      await lint('ui/components/area-probe.tsx', importing('../patterns/agents/format')),
    ).toContain(RULE);
  });
});

describe('the simulator rule', () => {
  const RULE = '@typescript-eslint/no-restricted-imports: 1';
  const SERVER_FILE = 'server/auth/simulator-probe.ts';
  const importing = (from: string) => `import { x } from '${from}';\nexport const probe = x;\n`;

  it('rejects a value import of a simulator in server/, by the root alias or a relative path', async () => {
    for (const from of ['~/simulators/idp/dev-idp', '../../simulators/b2c', '~/simulators']) {
      expect(await lint(SERVER_FILE, importing(from)), from).toContain(RULE);
    }
  });

  it('allows server/ a type import and a dynamic import of a simulator', async () => {
    expect(
      await lint(
        SERVER_FILE,
        `import type { DevIdp } from '~/simulators/idp/dev-idp';${use('DevIdp')}`,
      ),
    ).toEqual([]);
    expect(
      await lint(
        SERVER_FILE,
        `export async function probe() {\n  const { startDevIdp } = await import('~/simulators/idp/dev-idp');\n  return startDevIdp;\n}\n`,
      ),
    ).toEqual([]);
  });

  it("allows server/'s tests to start a simulator", async () => {
    expect(
      await lint('server/auth/simulator-probe.test.ts', importing('~/simulators/b2c/simulator')),
    ).toEqual([]);
  });

  it('rejects any import of a simulator in ui/, app/ and domain/', async () => {
    for (const file of [FILES.ui, FILES.app, 'domain/account/simulator-probe.ts']) {
      expect(await lint(file, importing('~/simulators/ai/answers')), file).toEqual(
        expect.arrayContaining([expect.stringMatching(/restricted-imports: 1$/)]),
      );
    }
  });

  it('lets a simulator take types from server/ but no values, and nothing from mock-server/', async () => {
    const file = 'simulators/b2c/simulator-probe.ts';
    expect(
      await lint(
        file,
        `import type { B2CGatewayConfig } from '~/server/integrations/b2c/gateway.impl';${use('B2CGatewayConfig')}`,
      ),
    ).toEqual([]);
    expect(await lint(file, importing('~/server/seed-data'))).toContain(RULE);
    expect(await lint(file, importing('~/mock-server/fixtures'))).toContain(RULE);
    expect(await lint(file, importing('~/domain/dev/seed-users'))).toEqual([]);
  });
});
