/**
 * The server's configuration, read once from the environment and validated with zod. Every default
 * works on a fresh machine with nothing installed; a bad value stops the process with a message that
 * names the variable.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_AI_BUDGET_USD, MAX_AI_BUDGET_USD } from '~/domain/ai-budget/entities';
import { AI_ENGINES, AI_PROVIDERS, type AiEngine, type AiProvider } from '~/domain/ai/models';
import { DEFAULT_SIGN_IN_LIMIT } from './http/security';
import { type CallLimitsConfig, type ClassLimit, DEFAULT_CALL_LIMITS } from './trpc/limits';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const port = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(fallback);

const requestsPerMinute = z.coerce
  .number({ error: 'must be a number of requests per minute' })
  .int('must be a whole number of requests per minute')
  .min(0, 'must be 0 (no limit) or more')
  .max(1_000_000, 'must be at most 1000000')
  .default(0);

/** `per user,per org` calls a minute, e.g. `1200,6000`; 0 is no limit. */
const callLimit = (fallback: ClassLimit) =>
  optionalString.transform((value, ctx): ClassLimit => {
    if (value === undefined) return fallback;
    const match = /^(\d+)\s*,\s*(\d+)$/.exec(value);
    if (!match) {
      ctx.addIssue({
        code: 'custom',
        message:
          'must be two whole numbers of calls a minute, per user and per org: e.g. 1200,6000',
      });
      return z.NEVER;
    }
    return { perUser: Number(match[1]), perOrg: Number(match[2]) };
  });

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
  .transform((v) => v.replace(/\/+$/, ''));

/**
 * `BEACON_SUPERUSERS`: comma-separated e-mail addresses, each validated, compared in lower case;
 * unset or empty is an empty list (server/auth/superusers.ts says what the list does).
 */
const superuserList = optionalString.pipe(
  z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter((email) => email !== ''),
    )
    .pipe(
      z
        .array(z.email({ error: 'must be comma-separated e-mail addresses' }))
        .max(100, 'must list at most 100 addresses'),
    )
    .optional(),
);

/** Simulator settings: refused in production, where only the real systems answer. */
/** 32 bytes as standard base64, e.g. `openssl rand -base64 32`. */
const isSecretKey = (v: string) =>
  /^[A-Za-z0-9+/]+={0,2}$/.test(v) && Buffer.from(v, 'base64').length === 32;

const PRODUCTION_REFUSED = [
  'B2C_SIMULATOR_URL',
  'B2C_SIMULATOR_PRODUCTS',
  'B2C_SIMULATOR_ACTIVATION_DELAY_SECONDS',
  'AI_SIMULATOR_URL',
] as const;

/** Account Manager's own host, by default; a simulator's is http or on this machine. */
export const ACCOUNT_MANAGER_URL = 'https://account.demandware.com';

function isRealAccountManagerUrl(value: string): boolean {
  const url = new URL(value);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const local =
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127\./.test(host) ||
    host === '::1' ||
    host === '0.0.0.0';
  return url.protocol === 'https:' && !local;
}

const envSchema = z
  .object({
    NODE_ENV: z
      .enum(['development', 'production', 'test'], {
        error: 'must be development, production or test',
      })
      .default('development'),
    PORT: port(3000),
    HOST: z.string().trim().min(1).default('127.0.0.1'),
    PUBLIC_URL: optionalString.pipe(httpUrl.optional()),
    DATABASE_URL: optionalString.pipe(
      z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
    ),
    DATA_DIR: z.string().trim().min(1).default('.data'),
    AUTH_SECRET: optionalString.pipe(
      z.string().min(32, 'must be at least 32 characters').optional(),
    ),
    SALESFORCE_CLIENT_ID: optionalString,
    SALESFORCE_CLIENT_SECRET: optionalString,
    // Sign in with Salesforce was Salesforce core's OIDC; it is Account Manager OAuth now (issue 34).
    SALESFORCE_ISSUER: optionalString.pipe(
      z
        .undefined({
          error:
            'is no longer read: Sign in with Salesforce is Account Manager OAuth at B2C_ACCOUNT_MANAGER_URL (docs/operations.md, Production)',
        })
        .optional(),
    ),
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    DEV_IDP_PORT: port(3001),
    DATABASE_START_TIMEOUT_MS: z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(0, 'must be 0 or more (milliseconds)')
      .max(600_000, 'must be at most 600000 (10 minutes)')
      .default(30_000),
    LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).optional(),
    BEACON_SECRET_KEY: optionalString.pipe(
      z
        .string()
        .refine(isSecretKey, 'must be 32 bytes encoded as base64 (openssl rand -base64 32)')
        .optional(),
    ),
    BEACON_SECRET_KEYS: optionalString.pipe(
      z
        .string()
        .refine(
          (v) => v.split(',').every((k) => isSecretKey(k.trim())),
          'must be keys of 32 bytes encoded as base64, comma-separated, newest first',
        )
        .optional(),
    ),
    B2C_SIMULATOR_URL: optionalString.pipe(httpUrl.optional()),
    B2C_SIMULATOR_PORT: port(4010),
    B2C_SIMULATOR_PRODUCTS: optionalString.pipe(
      z.coerce
        .number<string>({ error: 'must be a number of products' })
        .int('must be a whole number of products')
        .min(1, 'must be at least 1')
        .max(1_000_000, 'must be at most 1000000')
        .optional(),
    ),
    B2C_SIMULATOR_ACTIVATION_DELAY_SECONDS: optionalString.pipe(
      z.coerce
        .number<string>({ error: 'must be a number of seconds' })
        .min(0, 'must be at least 0')
        .max(3600, 'must be at most 3600')
        .optional(),
    ),
    B2C_ACCOUNT_MANAGER_URL: optionalString.pipe(httpUrl.optional()),
    B2C_SANDBOX_API_URL: optionalString.pipe(httpUrl.optional()),
    B2C_ACCOUNT_MANAGER_CLIENT_ID: optionalString,
    B2C_ACCOUNT_MANAGER_CLIENT_SECRET: optionalString,
    AI_PROVIDER: z
      .enum(AI_PROVIDERS, { error: `must be one of ${AI_PROVIDERS.join(', ')}` })
      .default('anthropic'),
    ANTHROPIC_API_KEY: optionalString,
    OPENAI_API_KEY: optionalString,
    GOOGLE_GENERATIVE_AI_API_KEY: optionalString,
    PERPLEXITY_API_KEY: optionalString,
    AI_SIMULATOR_URL: optionalString.pipe(httpUrl.optional()),
    AI_SIMULATOR_PORT: port(4020),
    AI_TIMEOUT_MS: z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(1000, 'must be at least 1000 (milliseconds)')
      .max(600_000, 'must be at most 600000 (10 minutes)')
      .default(120_000),
    AI_RPM_ANTHROPIC: requestsPerMinute,
    AI_RPM_OPENAI: requestsPerMinute,
    AI_RPM_GOOGLE: requestsPerMinute,
    AI_RPM_PERPLEXITY: requestsPerMinute,
    AI_MONTHLY_BUDGET_USD: z.coerce
      .number({ error: 'must be an amount in US dollars' })
      .positive('must be more than 0')
      .max(MAX_AI_BUDGET_USD, `must be at most ${MAX_AI_BUDGET_USD}`)
      .default(DEFAULT_AI_BUDGET_USD),
    RATE_LIMIT_CALLS: callLimit(DEFAULT_CALL_LIMITS.call),
    RATE_LIMIT_MODEL_CALLS: callLimit(DEFAULT_CALL_LIMITS.model),
    RATE_LIMIT_INSTANCE_CALLS: callLimit(DEFAULT_CALL_LIMITS.instance),
    RATE_LIMIT_SIGN_IN: z.coerce
      .number({ error: 'must be a number of requests a minute' })
      .int('must be a whole number of requests a minute')
      .min(1, 'must be at least 1')
      .max(1_000_000, 'must be at most 1000000')
      .default(DEFAULT_SIGN_IN_LIMIT),
    TRUST_PROXY: z
      .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
      .default('false')
      .transform((v) => v === 'true' || v === '1'),
    JOB_WORKERS: z
      .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
      .default('true')
      .transform((v) => v === 'true' || v === '1'),
    BEACON_SUPERUSERS: superuserList,
    WORKER_METRICS_PORT: optionalString.pipe(
      z.coerce
        .number<string>({ error: 'must be a port number' })
        .int('must be a whole number')
        .min(1, 'must be between 1 and 65535')
        .max(65535, 'must be between 1 and 65535')
        .optional(),
    ),
    METRICS_TOKEN: optionalString.pipe(
      z.string().min(16, 'must be at least 16 characters (openssl rand -hex 16)').optional(),
    ),
  })
  .superRefine((env, ctx) => {
    // Salesforce's secret is optional: without one, Beacon is a public client proving itself with PKCE.
    if (env.GOOGLE_CLIENT_ID && !env.GOOGLE_CLIENT_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['GOOGLE_CLIENT_SECRET'],
        message: 'is required when GOOGLE_CLIENT_ID is set',
      });
    }
    if (env.NODE_ENV === 'production') {
      if (!env.AUTH_SECRET)
        ctx.addIssue({
          code: 'custom',
          path: ['AUTH_SECRET'],
          message: 'is required in production',
        });
      if (!env.PUBLIC_URL)
        ctx.addIssue({
          code: 'custom',
          path: ['PUBLIC_URL'],
          message: 'is required in production',
        });
      if (!env.BEACON_SECRET_KEY && !env.BEACON_SECRET_KEYS)
        ctx.addIssue({
          code: 'custom',
          path: ['BEACON_SECRET_KEY'],
          message: 'is required in production (or BEACON_SECRET_KEYS)',
        });
      if (!env.SALESFORCE_CLIENT_ID && !env.GOOGLE_CLIENT_ID)
        ctx.addIssue({
          code: 'custom',
          path: ['SALESFORCE_CLIENT_ID'],
          message:
            'or GOOGLE_CLIENT_ID is required in production (the development sign-in never runs there)',
        });
      // A simulator never stands in for B2C Commerce or the AI vendors in production: pointing there
      // at one is a mistake to stop at, not to run with (docs/security.md, rule 9).
      if (env.B2C_ACCOUNT_MANAGER_URL && !isRealAccountManagerUrl(env.B2C_ACCOUNT_MANAGER_URL))
        ctx.addIssue({
          code: 'custom',
          path: ['B2C_ACCOUNT_MANAGER_URL'],
          message:
            'must be an https URL of a public host in production (a simulator never runs there)',
        });
      if (env.B2C_SANDBOX_API_URL && !isRealAccountManagerUrl(env.B2C_SANDBOX_API_URL))
        ctx.addIssue({
          code: 'custom',
          path: ['B2C_SANDBOX_API_URL'],
          message:
            'must be an https URL of a public host in production (a simulator never runs there)',
        });
      for (const name of PRODUCTION_REFUSED) {
        if (env[name] !== undefined)
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'must not be set in production (simulators never run there)',
          });
      }
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface OidcClientConfig {
  clientId: string;
  clientSecret: string;
  /** Absent: the provider's public issuer (Google's). */
  issuer?: string;
}

/**
 * Sign in with Salesforce: Account Manager OAuth 2 (authorization code with PKCE) with Beacon's own
 * client registered there (redirect URL `<PUBLIC_URL>/api/auth/callback/salesforce`).
 */
export interface AccountManagerSignInConfig {
  /** Account Manager's origin (and path, for the simulator's `/am`), no trailing slash. */
  url: string;
  clientId: string;
  /** Absent: a public client, which PKCE alone proves. */
  clientSecret?: string;
}

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  isDevelopment: boolean;
  port: number;
  host: string;
  /** The origin people use, without a trailing slash; derived from HOST and PORT when unset. */
  publicUrl: string | undefined;
  databaseUrl: string | undefined;
  /** How long a starting process waits for PostgreSQL to answer before it exits (non-zero). */
  databaseStartTimeoutMs: number;
  dataDir: string;
  authSecret: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  /** The newest key for stored secrets (base64). */
  secretKey: string | undefined;
  /** Keys for stored secrets, comma-separated base64, newest first: older keys still decrypt. */
  secretKeys: string | undefined;
  b2cSimulatorUrl: string | undefined;
  b2cSimulatorPort: number;
  /** How many products each instance of the in-process simulator has at least; its default when unset. */
  b2cSimulatorProducts: number | undefined;
  /**
   * Seconds a new API client of the in-process simulator keeps refusing its credentials, as a new
   * Account Manager client can (onboarding then waits); 0 when unset.
   */
  b2cSimulatorActivationDelaySeconds: number | undefined;
  /** Beacon's own Account Manager API client; null when not configured (the simulator stands in outside production). */
  /**
   * The real Account Manager and sandbox API: always in production; elsewhere only when Beacon's own
   * client is configured (else the simulator). Onboarding calls them with each person's sign-in, so
   * Beacon's own client is optional.
   */
  accountManager: {
    url: string;
    sandboxApiUrl: string | undefined;
    client: { clientId: string; clientSecret: string } | null;
  } | null;
  trustProxy: boolean;
  /** Whether the server process also runs background jobs (false when `npm run worker` processes do). */
  jobWorkers: boolean;
  /**
   * `BEACON_SUPERUSERS`, lower-cased: who is made a superuser on signing in with a verified address;
   * superusers it made earlier and no longer lists lose it (server/auth/superusers.ts).
   */
  superusers: readonly string[];
  /** `METRICS_TOKEN`: /metrics wants it as a bearer token; unset, production serves no metrics. */
  metricsToken: string | undefined;
  /** Where a worker process (`npm run worker`) serves its own /metrics; none when unset. */
  workerMetricsPort: number | undefined;
  devIdpPort: number;
  ai: AiConfig;
  /** Calls a minute per user and per org on tRPC, by class (server/trpc/limits.ts). */
  callLimits: CallLimitsConfig;
  /** Requests a minute per address to sign-in and its callback (server/http/security.ts). */
  signInLimit: number;
  /**
   * Null when SALESFORCE_CLIENT_ID is not configured: outside production the simulator's Account
   * Manager stands in (server/main.ts), or the development IdP where no simulator runs.
   */
  salesforce: AccountManagerSignInConfig | null;
  /** Null when GOOGLE_CLIENT_ID is not configured: the development IdP stands in. */
  google: OidcClientConfig | null;
}

export interface AiConfig {
  /** The provider calls use unless they name one. */
  provider: AiProvider;
  /** API keys from the server's environment; a provider without one is answered by the simulator. */
  keys: Partial<Record<AiEngine, string>>;
  /** An AI provider simulator already running (npm run ai-simulator). */
  simulatorUrl: string | undefined;
  /** Where `npm start` runs its own simulator when a key is missing (never in production). */
  simulatorPort: number;
  /** How long one model call may take before it fails as a timeout. */
  timeoutMs: number;
  /** Requests per minute each vendor may receive from one process; 0 is no limit. */
  requestsPerMinute: Record<AiEngine, number>;
  /** Each org's AI budget a month, in US dollars, until a superuser raises it. */
  monthlyBudgetUsd: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses an environment (process.env by default). Throws ConfigError naming each bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        const value = source[name];
        // Never echo a value that may be a secret.
        const shown =
          value === undefined || /SECRET|KEY|PASSWORD|URL/.test(name) ? '' : ` (got "${value}")`;
        return `${name} ${issue.message}${shown}`;
      }),
    );
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  return {
    env: env.NODE_ENV,
    isProduction,
    isDevelopment: env.NODE_ENV === 'development',
    port: env.PORT,
    host: env.HOST,
    publicUrl: env.PUBLIC_URL,
    databaseUrl: env.DATABASE_URL,
    databaseStartTimeoutMs: env.DATABASE_START_TIMEOUT_MS,
    dataDir: path.resolve(env.DATA_DIR),
    authSecret: env.AUTH_SECRET,
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    secretKey: env.BEACON_SECRET_KEY,
    secretKeys: env.BEACON_SECRET_KEYS,
    b2cSimulatorUrl: env.B2C_SIMULATOR_URL,
    b2cSimulatorPort: env.B2C_SIMULATOR_PORT,
    b2cSimulatorProducts: env.B2C_SIMULATOR_PRODUCTS,
    b2cSimulatorActivationDelaySeconds: env.B2C_SIMULATOR_ACTIVATION_DELAY_SECONDS,
    accountManager:
      env.NODE_ENV === 'production' ||
      (env.B2C_ACCOUNT_MANAGER_CLIENT_ID && env.B2C_ACCOUNT_MANAGER_CLIENT_SECRET)
        ? {
            url: env.B2C_ACCOUNT_MANAGER_URL ?? ACCOUNT_MANAGER_URL,
            sandboxApiUrl: env.B2C_SANDBOX_API_URL,
            client:
              env.B2C_ACCOUNT_MANAGER_CLIENT_ID && env.B2C_ACCOUNT_MANAGER_CLIENT_SECRET
                ? {
                    clientId: env.B2C_ACCOUNT_MANAGER_CLIENT_ID,
                    clientSecret: env.B2C_ACCOUNT_MANAGER_CLIENT_SECRET,
                  }
                : null,
          }
        : null,
    trustProxy: env.TRUST_PROXY,
    jobWorkers: env.JOB_WORKERS,
    superusers: [...new Set(env.BEACON_SUPERUSERS ?? [])],
    metricsToken: env.METRICS_TOKEN,
    workerMetricsPort: env.WORKER_METRICS_PORT,
    devIdpPort: env.DEV_IDP_PORT,
    ai: {
      provider: env.AI_PROVIDER,
      keys: {
        ...(env.ANTHROPIC_API_KEY ? { anthropic: env.ANTHROPIC_API_KEY } : {}),
        ...(env.OPENAI_API_KEY ? { openai: env.OPENAI_API_KEY } : {}),
        ...(env.GOOGLE_GENERATIVE_AI_API_KEY ? { google: env.GOOGLE_GENERATIVE_AI_API_KEY } : {}),
        ...(env.PERPLEXITY_API_KEY ? { perplexity: env.PERPLEXITY_API_KEY } : {}),
      },
      simulatorUrl: env.AI_SIMULATOR_URL,
      simulatorPort: env.AI_SIMULATOR_PORT,
      timeoutMs: env.AI_TIMEOUT_MS,
      requestsPerMinute: {
        anthropic: env.AI_RPM_ANTHROPIC,
        openai: env.AI_RPM_OPENAI,
        google: env.AI_RPM_GOOGLE,
        perplexity: env.AI_RPM_PERPLEXITY,
      },
      monthlyBudgetUsd: env.AI_MONTHLY_BUDGET_USD,
    },
    signInLimit: env.RATE_LIMIT_SIGN_IN,
    callLimits: {
      call: env.RATE_LIMIT_CALLS,
      model: env.RATE_LIMIT_MODEL_CALLS,
      instance: env.RATE_LIMIT_INSTANCE_CALLS,
    },
    salesforce: env.SALESFORCE_CLIENT_ID
      ? {
          url: env.B2C_ACCOUNT_MANAGER_URL ?? ACCOUNT_MANAGER_URL,
          clientId: env.SALESFORCE_CLIENT_ID,
          ...(env.SALESFORCE_CLIENT_SECRET ? { clientSecret: env.SALESFORCE_CLIENT_SECRET } : {}),
        }
      : null,
    google: env.GOOGLE_CLIENT_ID
      ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET ?? '' }
      : null,
  };
}

/** True when some provider has no key, so its calls go to an AI provider simulator. */
export function needsAiSimulator(config: Config): boolean {
  return AI_ENGINES.some((p) => !config.ai.keys[p]);
}

/** True when at least one provider falls back to the development identity provider. */
export function needsDevIdp(config: Config): boolean {
  return !config.salesforce || !config.google;
}

/**
 * A secret kept in the data folder so it survives restarts in development (sessions and encrypted
 * columns stay readable). Production must pass it in the environment; config validation enforces it.
 */
export function devSecret(dataDir: string, fileName: string, bytes = 32): string {
  const file = path.join(dataDir, fileName);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const value = randomBytes(bytes).toString('hex');
  try {
    writeFileSync(file, `${value}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      return readFileSync(file, 'utf8').trim();
    throw error;
  }
  return value;
}

/** Fills the development-only Auth.js secret; production must pass AUTH_SECRET (validation enforces it). */
export function withDevSecrets(config: Config): Config & { authSecret: string } {
  if (config.isProduction && !config.authSecret) {
    throw new ConfigError(['AUTH_SECRET is required in production']);
  }
  return { ...config, authSecret: config.authSecret ?? devSecret(config.dataDir, 'auth-secret') };
}
