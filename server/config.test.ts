import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, needsAiSimulator, needsDevIdp, withDevSecrets } from './config';

const KEY = Buffer.alloc(32, 7).toString('base64');

function problems(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('needs nothing: every default works on a fresh machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      devIdpPort: 3001,
      salesforce: null,
      google: null,
      logLevel: 'info',
    });
    expect(config.dataDir).toBe(path.resolve('.data'));
    expect(needsDevIdp(config)).toBe(true);
    expect(config.signInLimit).toBe(30);
    // The simulator's new API clients work at once unless asked to activate slowly.
    expect(config.b2cSimulatorActivationDelaySeconds).toBeUndefined();
    expect(
      loadConfig({ B2C_SIMULATOR_ACTIVATION_DELAY_SECONDS: '90' })
        .b2cSimulatorActivationDelaySeconds,
    ).toBe(90);
  });

  it('reads values and trims trailing slashes from URLs', () => {
    const config = loadConfig({
      PORT: '8080',
      PUBLIC_URL: 'https://beacon.example.com/',
      DATABASE_URL: 'postgres://u:p@localhost:5432/beacon',
      SALESFORCE_CLIENT_ID: 'sf',
      SALESFORCE_CLIENT_SECRET: 'sfs',
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 'gs',
      BEACON_SECRET_KEY: KEY,
      LOG_LEVEL: 'debug',
      RATE_LIMIT_SIGN_IN: '120',
    });
    expect(config.port).toBe(8080);
    expect(config.signInLimit).toBe(120);
    expect(problems({ RATE_LIMIT_SIGN_IN: '0' })).toEqual([
      'RATE_LIMIT_SIGN_IN must be at least 1 (got "0")',
    ]);
    expect(config.publicUrl).toBe('https://beacon.example.com');
    // Sign in with Salesforce is Account Manager OAuth, on Account Manager's own host by default.
    expect(config.salesforce).toEqual({
      url: 'https://account.demandware.com',
      clientId: 'sf',
      clientSecret: 'sfs',
    });
    expect(needsDevIdp(config)).toBe(false);
  });

  it('Sign in with Salesforce: the Account Manager URL from B2C_ACCOUNT_MANAGER_URL, the secret optional (a public client)', () => {
    const config = loadConfig({
      SALESFORCE_CLIENT_ID: 'beacon-am',
      B2C_ACCOUNT_MANAGER_URL: 'http://127.0.0.1:4010/am/',
    });
    expect(config.salesforce).toEqual({ url: 'http://127.0.0.1:4010/am', clientId: 'beacon-am' });
  });

  it('refuses SALESFORCE_ISSUER, which no longer means anything, saying what replaced it', () => {
    expect(problems({ SALESFORCE_ISSUER: 'https://login.salesforce.com' })).toEqual([
      'SALESFORCE_ISSUER is no longer read: Sign in with Salesforce is Account Manager OAuth at B2C_ACCOUNT_MANAGER_URL (docs/operations.md, Production) (got "https://login.salesforce.com")',
    ]);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be a port number'],
    [{ PORT: '70000' }, 'PORT must be between 0 and 65535'],
    [{ DEV_IDP_PORT: '-1' }, 'DEV_IDP_PORT must be between 0 and 65535'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV must be development, production or test'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of'],
    [{ PUBLIC_URL: 'ftp://x' }, 'PUBLIC_URL must be an http(s) URL'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must be a postgres:// URL'],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET must be at least 32 characters'],
    [{ BEACON_SECRET_KEY: 'abc' }, 'BEACON_SECRET_KEY must be 32 bytes encoded as base64'],
    [
      { BEACON_SECRET_KEYS: `${Buffer.alloc(32, 2).toString('base64')},abc` },
      'BEACON_SECRET_KEYS must be keys of 32 bytes encoded as base64',
    ],
    [{ GOOGLE_CLIENT_ID: 'g' }, 'GOOGLE_CLIENT_SECRET is required when GOOGLE_CLIENT_ID is set'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY must be true or false'],
    [{ AI_PROVIDER: 'mistral' }, 'AI_PROVIDER must be one of anthropic, openai, google'],
    [{ AI_SIMULATOR_URL: 'localhost:4020' }, 'AI_SIMULATOR_URL must be an http(s) URL'],
    [{ AI_SIMULATOR_PORT: '99999' }, 'AI_SIMULATOR_PORT must be between 0 and 65535'],
    [{ AI_TIMEOUT_MS: '10' }, 'AI_TIMEOUT_MS must be at least 1000'],
    [
      { B2C_SIMULATOR_ACTIVATION_DELAY_SECONDS: 'soon' },
      'B2C_SIMULATOR_ACTIVATION_DELAY_SECONDS must be a number of seconds',
    ],
    [
      { B2C_SIMULATOR_ACTIVATION_DELAY_SECONDS: '-5' },
      'B2C_SIMULATOR_ACTIVATION_DELAY_SECONDS must be at least 0',
    ],
    [
      { BEACON_SUPERUSERS: 'ops@example.com, not-an-address' },
      'BEACON_SUPERUSERS must be comma-separated e-mail addresses',
    ],
  ])('names the variable for %j', (env, message) => {
    expect(problems(env).join('\n')).toContain(message);
  });

  it('reads BEACON_SUPERUSERS as lower-cased addresses; unset or empty is nobody', () => {
    expect(
      loadConfig({ BEACON_SUPERUSERS: ' Ops@Example.com,,dev@example.com , ops@example.com ' })
        .superusers,
    ).toEqual(['ops@example.com', 'dev@example.com']);
    expect(loadConfig({}).superusers).toEqual([]);
    expect(loadConfig({ BEACON_SUPERUSERS: ' ' }).superusers).toEqual([]);
  });

  it('reads AI keys from the environment; a provider without one goes to the simulator', () => {
    const config = loadConfig({
      AI_PROVIDER: 'openai',
      OPENAI_API_KEY: 'sk-test',
      AI_SIMULATOR_URL: 'http://127.0.0.1:4020/',
    });
    expect(config.ai).toMatchObject({
      provider: 'openai',
      keys: { openai: 'sk-test' },
      simulatorUrl: 'http://127.0.0.1:4020',
      simulatorPort: 4020,
    });
    expect(needsAiSimulator(config)).toBe(true);
    const threeKeys = {
      ANTHROPIC_API_KEY: 'a',
      OPENAI_API_KEY: 'o',
      GOOGLE_GENERATIVE_AI_API_KEY: 'g',
    };
    // Monitoring's fourth engine needs its key too before the simulator can stay off.
    expect(needsAiSimulator(loadConfig(threeKeys))).toBe(true);
    const allKeys = loadConfig({ ...threeKeys, PERPLEXITY_API_KEY: 'p' });
    expect(allKeys.ai.keys.perplexity).toBe('p');
    expect(needsAiSimulator(allKeys)).toBe(false);
    expect(loadConfig({}).ai.provider).toBe('anthropic');
  });

  it('never echoes secret values', () => {
    const text = problems({ AUTH_SECRET: 'hunter2-short' }).join('\n');
    expect(text).toContain('AUTH_SECRET');
    expect(text).not.toContain('hunter2');
  });

  it('production needs real providers, secrets and a public URL: no way to skip sign-in', () => {
    const text = problems({ NODE_ENV: 'production' }).join('\n');
    for (const name of ['AUTH_SECRET', 'PUBLIC_URL', 'BEACON_SECRET_KEY', 'SALESFORCE_CLIENT_ID']) {
      expect(text).toContain(name);
    }
  });
});

describe('simulators in production', () => {
  const production = {
    NODE_ENV: 'production',
    AUTH_SECRET: 'a'.repeat(64),
    PUBLIC_URL: 'https://beacon.example.com',
    BEACON_SECRET_KEY: Buffer.alloc(32, 1).toString('base64'),
    SALESFORCE_CLIENT_ID: 'sf',
    SALESFORCE_CLIENT_SECRET: 'sf-secret',
  };

  it('a production environment without simulator settings is valid', () => {
    expect(problems(production)).toEqual([]);
  });

  it('takes its secret keys from BEACON_SECRET_KEYS alone too (newest first)', () => {
    const { BEACON_SECRET_KEY: key, ...rest } = production;
    const keys = `${key},${Buffer.alloc(32, 2).toString('base64')}`;
    expect(problems({ ...rest, BEACON_SECRET_KEYS: keys })).toEqual([]);
    expect(loadConfig({ ...rest, BEACON_SECRET_KEYS: keys }).secretKeys).toBe(keys);
  });

  it.each(['http://127.0.0.1:4010/am', 'https://localhost:4010/am', 'http://account.example.com'])(
    'B2C_ACCOUNT_MANAGER_URL=%s (a simulator, or not https) is refused in production',
    (url) => {
      expect(problems({ ...production, B2C_ACCOUNT_MANAGER_URL: url })).toEqual([
        'B2C_ACCOUNT_MANAGER_URL must be an https URL of a public host in production (a simulator never runs there)',
      ]);
      expect(problems({ B2C_ACCOUNT_MANAGER_URL: url })).toEqual([]);
    },
  );

  it('production reaches the real Account Manager and sandbox API without a client of Beacon’s own; elsewhere the simulator stands in unless one is configured', () => {
    expect(loadConfig(production).accountManager).toEqual({
      url: 'https://account.demandware.com',
      sandboxApiUrl: undefined,
      client: null,
    });
    expect(
      loadConfig({
        ...production,
        B2C_SANDBOX_API_URL: 'https://admin.us01.dx.commercecloud.salesforce.com',
      }).accountManager,
    ).toMatchObject({ sandboxApiUrl: 'https://admin.us01.dx.commercecloud.salesforce.com' });
    expect(problems({ ...production, B2C_SANDBOX_API_URL: 'http://127.0.0.1:4010/ods' })).toEqual([
      'B2C_SANDBOX_API_URL must be an https URL of a public host in production (a simulator never runs there)',
    ]);
    expect(loadConfig({}).accountManager).toBeNull();
    expect(
      loadConfig({ B2C_ACCOUNT_MANAGER_CLIENT_ID: 'c', B2C_ACCOUNT_MANAGER_CLIENT_SECRET: 's' })
        .accountManager,
    ).toEqual({
      url: 'https://account.demandware.com',
      sandboxApiUrl: undefined,
      client: { clientId: 'c', clientSecret: 's' },
    });
  });

  it('a production Account Manager URL and a public sign-in client (no secret) are valid', () => {
    const { SALESFORCE_CLIENT_SECRET: _secret, ...publicClient } = production;
    expect(
      problems({ ...publicClient, B2C_ACCOUNT_MANAGER_URL: 'https://account.demandware.com' }),
    ).toEqual([]);
  });

  it.each([
    'B2C_SIMULATOR_URL',
    'AI_SIMULATOR_URL',
    'B2C_SIMULATOR_PRODUCTS',
    'B2C_SIMULATOR_ACTIVATION_DELAY_SECONDS',
  ])('%s is refused at start in production, in one line naming it', (name) => {
    const value = name.endsWith('URL') ? 'http://127.0.0.1:4010' : '1000';
    const found = problems({ ...production, [name]: value });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(new RegExp(`^${name} must not be set in production`));
    // Outside production it is how development reaches a simulator.
    expect(problems({ [name]: value })).toEqual([]);
  });
});

describe('withDevSecrets', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('generates the Auth.js secret once into the data folder and reuses it', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'beacon-config-'));
    const first = withDevSecrets(loadConfig({ DATA_DIR: dir }));
    const second = withDevSecrets(loadConfig({ DATA_DIR: dir }));
    expect(first.authSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(second.authSecret).toBe(first.authSecret);
    expect(readFileSync(path.join(dir, 'auth-secret'), 'utf8').trim()).toBe(first.authSecret);
  });
});

describe('server/main.ts with a bad value', () => {
  it('exits with a message naming the variable', () => {
    const result = spawnSync(
      path.resolve('node_modules/.bin/tsx'),
      [path.resolve('server/main.ts')],
      {
        env: { PATH: process.env.PATH, PORT: 'not-a-port', LOG_LEVEL: 'silent' },
        encoding: 'utf8',
        timeout: 30_000,
      },
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration');
    expect(result.stderr).toContain('PORT must be a port number (got "not-a-port")');
  }, 40_000);
});
