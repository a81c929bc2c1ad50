/**
 * The agents area (docs/product.md#agents): per-env configs checked against the env's catalogue copy,
 * run estimates, runs planned and worked as background jobs (server/agents/jobs.ts), and their live
 * state.
 */
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { AGENT_TYPES, type AgentType } from '~/domain/agents/catalogue';
import {
  type AgentConfig,
  type AgentConfigOf,
  agentConfigSchema,
  configFields,
} from '~/domain/agents/config';
import { estimateRun } from '~/domain/agents/estimate';
import { AGENT_MESSAGES } from '~/domain/agents/messages';
import { systemPrompt } from '~/domain/agents/prompts';
import {
  type AgentRun,
  type AgentRunStatus,
  type AgentsOverview,
  groupFields,
  itemsEnded,
  RUN_ERROR_REASONS,
  RUN_HISTORY_LIMIT,
  type RunErrorReason,
  type RunErrorSummary,
  type RunEstimate,
  runErrorMessage,
  type SavedAgentConfig,
} from '~/domain/agents/runs';
import { AI_MODELS, type AiModelId, type AiProvider } from '~/domain/ai/models';
import { INSTANCE_MESSAGES } from '~/domain/instances/messages';
import type { ProductField } from '~/domain/products/entities';
import { DomainError } from '~/domain/shared/errors';
import type { AiSpendLedger } from '~/server/ai-budget/service';
import type { Db } from '~/server/db/client';
import { agentConfigs, agentRunItems, agentRuns, envs, prompts, users } from '~/server/db/schema';
import type { RunEvents } from '~/server/jobs/events';
import { watchUntilEnded } from '~/server/jobs/watch';
import type { JobQueue } from '~/server/jobs/queue';
import { AGENTS_PLAN_JOB } from './runner';
import { configFieldErrors, envLocales, scopeSize } from './scope';

export interface AgentsService {
  overview(orgId: string, envId: string): Promise<AgentsOverview>;
  getConfig<T extends AgentType>(
    orgId: string,
    envId: string,
    agentType: T,
  ): Promise<SavedAgentConfig<AgentConfigOf<T>>>;
  /** Refuses, field by field, what the env does not have (catalogs, languages, products, prompt). */
  saveConfig(
    orgId: string,
    envId: string,
    userId: string,
    config: AgentConfig,
  ): Promise<SavedAgentConfig<AgentConfig>>;
  estimate(orgId: string, envId: string, agentType: AgentType): Promise<RunEstimate>;
  start(
    orgId: string,
    envId: string,
    userId: string,
    agentType: AgentType,
    /** `productIds`: only these products, whatever catalogs the config names. */
    options: {
      concurrency: number;
      productIds?: readonly string[] | undefined;
      /** An AEO run on `productIds` in these locales instead of the config's. */
      languages?: readonly string[] | undefined;
    },
  ): Promise<AgentRun>;
  cancel(orgId: string, envId: string, runId: string): Promise<AgentRun>;
  runs(orgId: string, envId: string, agentType: AgentType): Promise<AgentRun[]>;
  run(orgId: string, envId: string, runId: string): Promise<AgentRun>;
  watch(
    orgId: string,
    envId: string,
    runId: string,
    signal?: AbortSignal,
  ): AsyncGenerator<AgentRun>;
}

export interface AgentsServiceDeps {
  db: Db;
  /** Absent where no background jobs run: starting a run answers UNAVAILABLE. */
  jobs?: Pick<JobQueue, 'enqueue'>;
  /** Run changes (NOTIFY on the run id); without it, a watch shows the run's first state only. */
  runEvents?: RunEvents;
  /** Refuses a run once the org's AI budget for the month is spent; absent, nothing is refused. */
  aiBudget?: Pick<AiSpendLedger, 'assertAvailable'>;
}

const ACTIVE: AgentRunStatus[] = ['queued', 'running', 'cancelling'];
/** How often a watched run's totals are read while nothing announced a change. */
const WATCH_INTERVAL_MS = 1_000;

const runColumns = {
  run: agentRuns,
  startedByName: users.name,
  startedByEmail: users.email,
};

type RunSelection = {
  run: typeof agentRuns.$inferSelect;
  startedByName: string | null;
  startedByEmail: string | null;
};

function toRun(row: RunSelection, errors: RunErrorSummary[]): AgentRun {
  const { run } = row;
  return {
    id: run.id,
    agentType: run.agentType,
    status: run.status,
    provider: run.provider as AiProvider,
    model: run.model as AiModelId,
    concurrency: run.concurrency,
    startedBy:
      row.startedByEmail || row.startedByName
        ? { name: row.startedByName, email: row.startedByEmail }
        : null,
    scope: {
      products: run.scopeProducts,
      only: run.onlyProducts,
      locales: run.scopeLocales,
      fields: run.scopeFields as ProductField[],
    },
    itemsTotal: run.itemsTotal,
    itemsDone: run.itemsDone,
    itemsFailed: run.itemsFailed,
    itemsCancelled: run.itemsCancelled,
    proposals: run.proposals,
    refused: run.refused,
    inputTokens: run.inputTokens,
    outputTokens: run.outputTokens,
    costUsd: Math.round(run.costUsd * 1_000_000) / 1_000_000,
    createdAt: run.createdAt,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
    error: run.error,
    errors,
  };
}

export function createAgentsService({
  db,
  jobs,
  runEvents,
  aiBudget,
}: AgentsServiceDeps): AgentsService {
  /** The env's row; its org was checked once, by the env guard (server/trpc/trpc.ts). */
  async function envRow(envId: string) {
    const [env] = await db
      .select({ id: envs.id, b2cInstanceId: envs.b2cInstanceId })
      .from(envs)
      .where(eq(envs.id, envId));
    if (!env) throw new DomainError('NOT_FOUND', INSTANCE_MESSAGES.envNotInOrg, 'env-not-in-org');
    return env;
  }

  async function savedConfig(envId: string, agentType: AgentType) {
    const [row] = await db
      .select({ config: agentConfigs.config, updatedAt: agentConfigs.updatedAt })
      .from(agentConfigs)
      .where(and(eq(agentConfigs.envId, envId), eq(agentConfigs.agentType, agentType)));
    if (!row) return null;
    // A config saved by an older Beacon that no longer parses reads as not configured.
    const parsed = agentConfigSchema.safeParse(row.config);
    return parsed.success && parsed.data.type === agentType
      ? { config: parsed.data, updatedAt: row.updatedAt }
      : null;
  }

  async function errorsOf(runIds: string[]): Promise<Map<string, RunErrorSummary[]>> {
    const byRun = new Map<string, RunErrorSummary[]>();
    if (runIds.length === 0) return byRun;
    const rows = await db
      .select({
        runId: agentRunItems.runId,
        reason: agentRunItems.reason,
        items: sql<number>`count(*)::int`,
        provider: agentRuns.provider,
      })
      .from(agentRunItems)
      .innerJoin(agentRuns, eq(agentRuns.id, agentRunItems.runId))
      .where(and(inArray(agentRunItems.runId, runIds), eq(agentRunItems.status, 'failed')))
      .groupBy(agentRunItems.runId, agentRunItems.reason, agentRuns.provider)
      .orderBy(desc(sql`count(*)`));
    for (const row of rows) {
      const reason = (RUN_ERROR_REASONS as readonly string[]).includes(row.reason ?? '')
        ? (row.reason as RunErrorReason)
        : 'internal';
      const list = byRun.get(row.runId) ?? [];
      list.push({
        reason,
        message: runErrorMessage(reason, row.provider as AiProvider),
        items: row.items,
      });
      byRun.set(row.runId, list);
    }
    return byRun;
  }

  async function runsWhere(where: SQL, limit: number): Promise<AgentRun[]> {
    const rows = await db
      .select(runColumns)
      .from(agentRuns)
      .leftJoin(users, eq(users.id, agentRuns.startedBy))
      .where(where)
      .orderBy(desc(agentRuns.createdAt))
      .limit(limit);
    const errors = await errorsOf(rows.filter((r) => r.run.itemsFailed > 0).map((r) => r.run.id));
    return rows.map((row) => toRun(row, errors.get(row.run.id) ?? []));
  }

  async function run(orgId: string, envId: string, runId: string): Promise<AgentRun> {
    const [found] = await runsWhere(
      and(eq(agentRuns.orgId, orgId), eq(agentRuns.envId, envId), eq(agentRuns.id, runId))!,
      1,
    );
    if (!found)
      throw new DomainError('NOT_FOUND', AGENT_MESSAGES.runNotFound, 'agent-run-not-found');
    return found;
  }

  async function estimateFor(
    envId: string,
    config: AgentConfig,
    guidance: string | null,
    onlyProducts?: readonly string[],
  ) {
    const fields = [...configFields(config)];
    const size = await scopeSize(db, envId, config, onlyProducts);
    const instructionCharacters = Math.max(
      0,
      ...groupFields(fields).map(
        ([, groupFieldList]) =>
          systemPrompt(config, config.languages[0] ?? 'default', groupFieldList, guidance).length,
      ),
    );
    return estimateRun({
      agentType: config.type,
      provider: config.provider,
      products: size.products,
      locales: config.languages,
      fields,
      sourceCharacters: size.characters,
      instructionCharacters,
    });
  }

  async function guidanceOf(orgId: string, config: AgentConfig): Promise<string | null> {
    if (!config.promptId) return null;
    const [prompt] = await db
      .select({ text: prompts.text })
      .from(prompts)
      .where(and(eq(prompts.orgId, orgId), eq(prompts.id, config.promptId)));
    return prompt?.text ?? null;
  }

  async function configuredFor(orgId: string, envId: string, agentType: AgentType) {
    const env = await envRow(envId);
    const saved = await savedConfig(envId, agentType);
    if (!saved) {
      throw new DomainError('INVALID', AGENT_MESSAGES.notConfigured, 'agent-not-configured');
    }
    return { env, config: saved.config };
  }

  return {
    async overview(orgId, envId) {
      const [configs, lastRuns] = await Promise.all([
        db
          .select({ agentType: agentConfigs.agentType })
          .from(agentConfigs)
          .where(eq(agentConfigs.envId, envId)),
        Promise.all(
          AGENT_TYPES.map((agentType) =>
            runsWhere(
              and(
                eq(agentRuns.orgId, orgId),
                eq(agentRuns.envId, envId),
                eq(agentRuns.agentType, agentType),
              )!,
              1,
            ),
          ),
        ),
      ]);
      const configured = new Set(configs.map((c) => c.agentType));
      return Object.fromEntries(
        AGENT_TYPES.map((agentType, i) => [
          agentType,
          { configured: configured.has(agentType), lastRun: lastRuns[i]?.[0] ?? null },
        ]),
      ) as AgentsOverview;
    },

    async getConfig<T extends AgentType>(orgId: string, envId: string, agentType: T) {
      const saved = await savedConfig(envId, agentType);
      return {
        config: (saved?.config ?? null) as AgentConfigOf<T> | null,
        updatedAt: saved?.updatedAt ?? null,
      };
    },

    async saveConfig(orgId, envId, userId, input) {
      // The shape was checked by the procedure's input; parse again so defaults apply here too.
      const config = agentConfigSchema.parse(input);
      const fieldErrors = await configFieldErrors(db, orgId, envId, config);
      if (Object.keys(fieldErrors).length > 0) {
        throw new DomainError(
          'INVALID',
          Object.values(fieldErrors)[0]!,
          'agent-config-invalid',
          fieldErrors,
        );
      }
      const [row] = await db
        .insert(agentConfigs)
        .values({ envId, agentType: config.type, config, updatedBy: userId })
        .onConflictDoUpdate({
          target: [agentConfigs.envId, agentConfigs.agentType],
          set: { config, updatedBy: userId, updatedAt: new Date() },
        })
        .returning({ updatedAt: agentConfigs.updatedAt });
      return { config, updatedAt: row?.updatedAt ?? new Date() };
    },

    async estimate(orgId, envId, agentType) {
      const { config } = await configuredFor(orgId, envId, agentType);
      return estimateFor(envId, config, await guidanceOf(orgId, config));
    },

    async start(orgId, envId, userId, agentType, { concurrency, productIds, languages }) {
      // A spent budget refuses before anything is written or queued: no run, no model call.
      await aiBudget?.assertAvailable(orgId);
      const configured = await configuredFor(orgId, envId, agentType);
      const { env } = configured;
      let { config } = configured;
      if (languages && productIds && config.type === 'aeo') {
        const known = new Set(await envLocales(db, envId));
        const unknown = languages.filter((l) => !known.has(l));
        if (unknown.length > 0) {
          throw new DomainError('INVALID', AGENT_MESSAGES.unknownLanguages(unknown));
        }
        config = { ...config, languages: [...new Set(languages)] };
      }
      if (!env.b2cInstanceId)
        throw new DomainError('UNAVAILABLE', AGENT_MESSAGES.noInstance, 'no-instance');
      if (!jobs)
        throw new DomainError('UNAVAILABLE', AGENT_MESSAGES.jobsUnavailable, 'jobs-unavailable');
      const guidance = await guidanceOf(orgId, config);
      const estimate = await estimateFor(envId, config, guidance, productIds);
      if (estimate.products === 0) {
        throw new DomainError('INVALID', AGENT_MESSAGES.nothingInScope, 'agent-nothing-in-scope');
      }
      // The run and its first job commit together (docs/security.md, rule 7): a process that dies
      // between them would leave a queued run that nothing works, blocking the next as active.
      const created = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(agentRuns)
          .values({
            orgId,
            envId,
            agentType,
            provider: config.provider,
            model: AI_MODELS[config.provider],
            concurrency,
            config,
            guidance,
            startedBy: userId,
            onlyProducts: productIds ? [...new Set(productIds)] : null,
            scopeProducts: estimate.products,
            scopeLocales: estimate.locales,
            scopeFields: estimate.fields,
            itemsTotal: estimate.modelCalls,
          })
          .onConflictDoNothing()
          .returning({ id: agentRuns.id });
        if (!row) throw new DomainError('CONFLICT', AGENT_MESSAGES.runActive, 'agent-run-active');
        await jobs.enqueue(AGENTS_PLAN_JOB, { runId: row.id }, { orgId, key: row.id, tx });
        return row;
      });
      return run(orgId, envId, created.id);
    },

    async cancel(orgId, envId, runId) {
      const [updated] = await db
        .update(agentRuns)
        .set({
          status: sql`case when ${agentRuns.status} = 'queued' then 'cancelled' else 'cancelling' end`,
          finishedAt: sql`case when ${agentRuns.status} = 'queued' then now() else null end`,
        })
        .where(
          and(
            eq(agentRuns.orgId, orgId),
            eq(agentRuns.envId, envId),
            eq(agentRuns.id, runId),
            inArray(agentRuns.status, ['queued', 'running']),
          ),
        )
        .returning({ id: agentRuns.id });
      const current = await run(orgId, envId, runId);
      if (!updated && !(current.status === 'cancelling')) {
        throw new DomainError('CONFLICT', AGENT_MESSAGES.runEnded, 'agent-run-active');
      }
      return current;
    },

    async runs(orgId, envId, agentType) {
      return runsWhere(
        and(
          eq(agentRuns.orgId, orgId),
          eq(agentRuns.envId, envId),
          eq(agentRuns.agentType, agentType),
        )!,
        RUN_HISTORY_LIMIT,
      );
    },

    run,

    async *watch(orgId, envId, runId, signal) {
      yield* watchUntilEnded({
        id: runId,
        first: await run(orgId, envId, runId),
        read: () => run(orgId, envId, runId),
        active: (current) => ACTIVE.includes(current.status),
        changed: (current, next) =>
          next.status !== current.status ||
          itemsEnded(next) !== itemsEnded(current) ||
          next.itemsTotal !== current.itemsTotal ||
          next.error !== current.error,
        events: runEvents,
        // Status changes are announced; item totals are read once a second while it runs.
        intervalMs: WATCH_INTERVAL_MS,
        signal,
      });
    },
  };
}
