/**
 * The agents area (docs/product.md#agents): per-env configs checked against the env's catalogue copy,
 * run estimates, runs planned and worked as background jobs (server/agents/jobs.ts), and their live
 * state.
 */
import type { AgentType } from '~/domain/agents/catalogue';
import type { AgentConfig, AgentConfigOf } from '~/domain/agents/config';
import type {
  AgentRun,
  AgentsOverview,
  RunEstimate,
  SavedAgentConfig,
} from '~/domain/agents/runs';

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
    options: { concurrency: number },
  ): Promise<AgentRun>;
  cancel(orgId: string, envId: string, runId: string): Promise<AgentRun>;
  runs(orgId: string, envId: string, agentType: AgentType): Promise<AgentRun[]>;
  run(orgId: string, envId: string, runId: string): Promise<AgentRun>;
  watch(orgId: string, envId: string, runId: string, signal?: AbortSignal): AsyncGenerator<AgentRun>;
}
