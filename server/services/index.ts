/** Builds the `Services` the tRPC context carries, from the database, the B2C gateway and the secrets box. */
import { DomainError } from '../../domain/errors';
import type { Db } from '../db/client';
import type { B2CGateway } from '../integrations/b2c/gateway';
import type { Services } from '../trpc/context';
import { createAccessService, type AccessOptions, type CachedAccessService } from './access';
import { createB2CServices } from './b2c';
import { createDataCache, type CacheOptions, type DataCache } from './cache';
import { createEnvsService } from './envs';
import { createInvitationsService } from './invitations';
import { createUsersService } from './members';
import { createOrgsService } from './orgs';
import { createPromptsService } from './prompts';
import { SERVICE_MESSAGES } from './messages';
import type { Secrets } from './secrets';
import { isDataException } from './shared';
import { createSystemService, type HealthProbes } from './system';

export interface ServiceDeps {
  db: Db;
  b2c: B2CGateway;
  secrets: Secrets;
  /** Clock for expiry checks; tests move it. */
  now?: () => Date;
  access?: AccessOptions;
  /** The org/env read cache (TTL, size); changes made through these services invalidate it. */
  cache?: CacheOptions;
  /** Health probes of the parts outside the database (identity provider, B2C, WebSocket). */
  probes?: HealthProbes;
}

export interface BeaconServices extends Services {
  access: CachedAccessService;
  /** Org-by-slug and env lists; `clear()` after writing to the database behind the services' back. */
  cache: DataCache;
}

export function createServices({
  db,
  b2c,
  secrets,
  now,
  access: accessOptions,
  cache: cacheOptions,
  probes,
}: ServiceDeps): BeaconServices {
  const access = createAccessService(db, accessOptions);
  const cache = createDataCache(db, cacheOptions);
  const { b2cInstances, b2cAPIClients } = createB2CServices({ db, b2c, secrets, cache });
  return {
    access: rejectingBadData(access),
    cache,
    orgs: rejectingBadData(createOrgsService(db, access, cache)),
    envs: rejectingBadData(createEnvsService(db, cache)),
    users: rejectingBadData(createUsersService(db, access)),
    invitations: rejectingBadData(createInvitationsService(db, access, now)),
    prompts: rejectingBadData(createPromptsService(db, now)),
    b2cInstances: rejectingBadData(b2cInstances),
    b2cAPIClients: rejectingBadData(b2cAPIClients),
    system: createSystemService(db, now, probes),
  };
}

/**
 * Text PostgreSQL cannot store (a NUL byte passes zod's string checks) fails the query with a data
 * exception; that is the caller's bad input (INVALID → BAD_REQUEST), not a server fault (500).
 */
function rejectingBadData<T extends object>(service: T): T {
  const wrapped: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(service)) {
    wrapped[name] =
      typeof value === 'function'
        ? (...args: unknown[]) => {
            const result: unknown = value.apply(service, args);
            return result instanceof Promise ? result.catch(toInvalid) : result;
          }
        : value;
  }
  return wrapped as T;
}

function toInvalid(error: unknown): never {
  if (isDataException(error)) {
    throw new DomainError('INVALID', SERVICE_MESSAGES.invalidCharacters, 'invalid-characters');
  }
  throw error;
}
