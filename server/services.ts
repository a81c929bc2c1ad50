/**
 * The composition root of the server's areas: the `Services` the tRPC context carries (one entry per area
 * service), built from the database, the B2C gateway and the secrets box. A new area adds its service here.
 */
import { createWebhookSender, type WebhookSender } from '~/server/monitoring/webhook';
import { DomainError } from '~/domain/shared/errors';
import { APP_MESSAGES } from '~/domain/shared/messages';
import { type AccountService, createAccountService } from './account/service';
import { type AgentsService, createAgentsService } from './agents/service';
import { type AiBudgetService, createAiBudgetService } from './ai-budget/service';
import { type AnalystService, createAnalystService } from './analyst/service';
import { createAiRegistry } from './ai/registry';
import { type AiService, createAiService } from './ai/service';
import type { Db } from './db/client';
import { isDataException, isForeignKeyViolation } from './db/errors';
import {
  type B2CAPIClientsService,
  type B2CInstancesService,
  createB2CServices,
} from './instances/service';
import type { B2CGateway } from './integrations/b2c/gateway';
import type { RunEvents } from './jobs/events';
import { createJobRunsService, type JobRunsService } from './jobs/service';
import { createInvitationsService, type InvitationsService } from './members/invitations-service';
import { createMembersService, type MembersService } from './members/members-service';
import { createMonitoringService, type MonitoringService } from './monitoring/service';
import {
  type AccessOptions,
  type AccessService,
  type CachedAccessService,
  createAccessService,
} from './orgs/access';
import { createDataCache, type DataCache } from './orgs/data-cache';
import { createDeletion } from './orgs/deletion';
import { createEnvsService, type EnvsService } from './orgs/envs-service';
import { createOrgExportsService, type OrgExportsService } from './orgs/export';
import { createOrgsService, type OrgsService } from './orgs/orgs-service';
import type { JobQueue } from './jobs/queue';
import { createProductsService, type ProductsService } from './products/service';
import { createPromptsService, type PromptsService } from './prompts/service';
import { createReviewsService, type ReviewsService } from './reviews/service';
import { createLandingPagesService, type LandingPagesService } from './landing-pages/service';
import { type Invalidations, LOCAL_INVALIDATIONS } from './invalidations';
import type { CacheOptions } from './read-through-cache';
import type { Secrets } from './secrets';
import { createSystemService, type HealthProbes, type SystemService } from './system/service';
import { type CallLimits, NO_CALL_LIMITS } from './trpc/limits';

export interface Services {
  access: AccessService;
  orgs: OrgsService;
  envs: EnvsService;
  members: MembersService;
  invitations: InvitationsService;
  /** Owners' exports of the org's data, and their downloads. */
  orgExports: OrgExportsService;
  /** The signed-in person's own account: leaving orgs, ending sessions, deleting it. */
  account: AccountService;
  prompts: PromptsService;
  products: ProductsService;
  agents: AgentsService;
  reviews: ReviewsService;
  landingPages: LandingPagesService;
  monitoring: MonitoringService;
  /** The analyst's conversations, answered through read-only tools over the other areas. */
  analyst: AnalystService;
  b2cInstances: B2CInstancesService;
  b2cAPIClients: B2CAPIClientsService;
  system: SystemService;
  jobs: JobRunsService;
  /** AI model calls (server/ai/service.ts); areas' jobs call models only through it. */
  ai: AiService;
  /** Each org's AI spend this month against its budget; model work is refused once it is spent. */
  aiBudget: AiBudgetService;
  /** Calls per person and org on tRPC (server/trpc/limits.ts); the guards count every call. */
  limits: CallLimits;
  /** Where alerts go out: the SSRF-safe webhook sender, and the app's address for their links. */
  alertWebhooks: AlertWebhooks;
}

export interface AlertWebhooks {
  sender: WebhookSender;
  /** The app's public address (PUBLIC_URL), for the link an alert carries; null when unknown. */
  appUrl: string | null;
}

/**
 * What a read may call: every service without its write methods. Query procedures and the analyst's
 * tools get this type, so a read path that writes does not compile (docs/security.md, rule 1); the
 * authorization walk proves at run time that every query leaves the database as it was.
 */
export interface ReadServices {
  access: Pick<AccessService, 'roleInOrg'>;
  orgs: Pick<
    OrgsService,
    | 'bestRedirectForUser'
    | 'getContext'
    | 'allForUser'
    | 'get'
    | 'creationFor'
    | 'overview'
    | 'verificationRequest'
  >;
  envs: Pick<EnvsService, 'list'>;
  members: Pick<MembersService, 'list'>;
  invitations: Pick<InvitationsService, 'list'>;
  orgExports: Pick<OrgExportsService, 'latest' | 'download'>;
  account: Pick<AccountService, 'get'>;
  prompts: Pick<PromptsService, 'list'>;
  products: Pick<ProductsService, 'list' | 'facets' | 'get' | 'syncState'>;
  agents: Pick<AgentsService, 'overview' | 'getConfig' | 'estimate' | 'runs' | 'run' | 'watch'>;
  reviews: Pick<ReviewsService, 'list' | 'get' | 'events'>;
  landingPages: Pick<LandingPagesService, 'list' | 'get' | 'themes' | 'contentLibrary'>;
  monitoring: Pick<
    MonitoringService,
    | 'getConfig'
    | 'runs'
    | 'results'
    | 'sources'
    | 'accuracy'
    | 'alerts'
    | 'prompt'
    | 'watch'
    | 'answerRetention'
  >;
  analyst: Pick<AnalystService, 'conversation' | 'suggestions'>;
  b2cInstances: Pick<B2CInstancesService, 'list' | 'get' | 'organizationStep'>;
  b2cAPIClients: Pick<B2CAPIClientsService, 'setup'>;
  system: Pick<SystemService, 'status' | 'databaseReady'>;
  jobs: Pick<JobRunsService, 'get' | 'watch'>;
  aiBudget: Pick<AiBudgetService, 'get'>;
}

export interface ServiceDeps {
  db: Db;
  b2c: B2CGateway;
  secrets: Secrets;
  /** Clock for expiry checks; tests move it. */
  now?: () => Date;
  access?: AccessOptions;
  /** The org/env read cache (TTL, size); changes made through these services invalidate it. */
  cache?: CacheOptions;
  /**
   * Where the caches' invalidations reach the other processes on the database (server/invalidations.ts);
   * absent, they stay in this process (PGlite, tests of one process).
   */
  invalidations?: Invalidations;
  /** Health probes of the parts outside the database (identity provider, B2C, WebSocket). */
  probes?: HealthProbes;
  /** Job run changes (NOTIFY); without it, a run's progress stream shows only its first state. */
  runEvents?: RunEvents;
  /** Absent: every AI call answers "not configured". */
  ai?: AiService;
  /** The job queue areas enqueue their background work on; absent, starting such work is UNAVAILABLE. */
  jobs?: Pick<JobQueue, 'enqueue' | 'enqueueMany' | 'schedule' | 'unschedule'>;
  /**
   * The AI budget; a process passes the one its AI service charges (server/process-start.ts). Absent,
   * one with the default budget on this database (the AI service then charges nothing to it).
   */
  aiBudget?: AiBudgetService;
  /** Call limits on tRPC; absent, none (tests and scripts that call procedures in bulk). */
  limits?: CallLimits;
  /**
   * The alert webhooks' sender; absent, one with production's rules (no address on this machine or
   * a private network), and no app address for links.
   */
  alertWebhooks?: AlertWebhooks;
}

export interface BeaconServices extends Services {
  access: CachedAccessService;
  /** Org-by-slug and env lists; `clear()` after writing to the database behind the services' back. */
  cache: DataCache;
}

/** An AI service whose every call fails as "not configured" (no key, no simulator). */
function unconfiguredAi(): AiService {
  return createAiService({
    registry: createAiRegistry({ provider: 'anthropic', keys: {} }),
    timeoutMs: 60_000,
  });
}

export function createServices({
  db,
  b2c,
  secrets,
  now,
  access: accessOptions,
  cache: cacheOptions,
  invalidations = LOCAL_INVALIDATIONS,
  probes,
  runEvents = noRunEvents,
  ai = unconfiguredAi(),
  jobs,
  aiBudget = createAiBudgetService({ db, ...(now ? { now } : {}) }),
  limits = NO_CALL_LIMITS,
  alertWebhooks = { sender: createWebhookSender({ allowLocal: false }), appUrl: null },
}: ServiceDeps): BeaconServices {
  const access = createAccessService(db, accessOptions, invalidations);
  const cache = createDataCache(db, cacheOptions, invalidations);
  const { b2cInstances, b2cAPIClients } = createB2CServices({ db, b2c, secrets, cache });
  const deletion = createDeletion(db);
  const members = rejectingBadData(createMembersService(db, access));
  const services: Omit<BeaconServices, 'analyst'> = {
    access: rejectingBadData(access),
    cache,
    orgs: rejectingBadData(createOrgsService(db, access, cache, deletion)),
    envs: rejectingBadData(createEnvsService(db, cache, deletion)),
    members,
    invitations: rejectingBadData(createInvitationsService(db, access, now)),
    orgExports: rejectingBadData(createOrgExportsService({ db, ...(jobs ? { jobs } : {}), now })),
    account: rejectingBadData(createAccountService(db, access, members)),
    prompts: rejectingBadData(createPromptsService(db, now)),
    products: rejectingBadData(
      createProductsService({
        db,
        ...(jobs ? { jobs } : {}),
        clientsForEnv: (orgId, envId) => b2cInstances.clientsForEnv(orgId, envId),
      }),
    ),
    b2cInstances: rejectingBadData(b2cInstances),
    b2cAPIClients: rejectingBadData(b2cAPIClients),
    agents: rejectingBadData(
      createAgentsService({ db, ...(jobs ? { jobs } : {}), runEvents, aiBudget }),
    ),
    reviews: rejectingBadData(createReviewsService({ db, ...(jobs ? { jobs } : {}), now })),
    landingPages: rejectingBadData(
      createLandingPagesService({
        db,
        clientsForEnv: (orgId, envId) => b2cInstances.clientsForEnv(orgId, envId),
      }),
    ),
    monitoring: rejectingBadData(
      createMonitoringService({
        db,
        ...(jobs ? { jobs } : {}),
        runEvents,
        aiBudget,
        engines: () => ai.engines(),
        ...(now ? { now } : {}),
      }),
    ),
    system: createSystemService(db, now, probes),
    jobs: createJobRunsService(db, runEvents),
    ai,
    aiBudget: rejectingBadData(aiBudget),
    limits,
    alertWebhooks,
  };
  // Not wrapped in rejectingBadData: `stream` is a generator, and its inputs are ids and the question.
  return { ...services, analyst: createAnalystService({ db, ai, services, aiBudget }) };
}

const noRunEvents: RunEvents = { watch: () => () => undefined, close: async () => undefined };

/**
 * Text PostgreSQL cannot store (a NUL byte passes zod's string checks) fails the query with a data
 * exception, and an unknown id an insert points at fails it with a foreign key violation; both are the
 * caller's bad input (BAD_REQUEST, NOT_FOUND), not a server fault (500).
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
    throw new DomainError('INVALID', APP_MESSAGES.invalidCharacters, 'invalid-characters');
  }
  // An id that names no row reached an insert (a superuser passes the org guard for any org id).
  if (isForeignKeyViolation(error)) throw new DomainError('NOT_FOUND', APP_MESSAGES.notFound);
  throw error;
}
