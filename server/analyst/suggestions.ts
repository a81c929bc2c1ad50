/**
 * The questions the empty analyst screen suggests, drawn from the env's data through the analyst's own
 * read-only tools (so a suggestion names only what the analyst will find): the engine that mentions
 * the brand least, a locale of the translation agent with untranslated products, the last agent run,
 * the proposals waiting for review. A look-up that fails leaves its suggestion out.
 */
import { AGENT_TYPES, type AgentType } from '~/domain/agents/catalogue';
import {
  ANALYST_STARTER_QUESTIONS,
  ANALYST_SUGGESTION,
  ANALYST_SUGGESTIONS_MAX,
} from '~/domain/analyst/suggestions';
import { type AnalystToolOutput, type AnalystToolsScope, analystTools } from './tools';

/** What the AI SDK passes a tool's execute; these tools read none of it. */
const CALL = { toolCallId: 'suggestions', messages: [] } as never;

type Output = AnalystToolOutput & Record<string, unknown>;
const rows = (value: unknown) => (Array.isArray(value) ? value : []) as Record<string, unknown>[];

export async function analystSuggestions(scope: AnalystToolsScope): Promise<string[]> {
  const tools = analystTools(scope);
  const run = async (execute: Promise<unknown> | unknown) => (await execute) as Output;

  const lowestEngine = async () => {
    const result = await run(tools.monitoringResults.execute!({}, CALL));
    const measured = rows(result.engines).flatMap((e) => {
      const rate = (e.mentionRate as { rate: string | null } | undefined)?.rate ?? null;
      return e.engine && rate ? [{ name: String(e.engineName), rate }] : [];
    });
    if (measured.length < 2) return null;
    const lowest = measured.reduce((a, b) => (parseFloat(b.rate) < parseFloat(a.rate) ? b : a));
    return ANALYST_SUGGESTION.lowestEngine(lowest.name, lowest.rate);
  };

  const untranslated = async () => {
    const { config } = await scope.services.agents.getConfig(
      scope.orgId,
      scope.envId,
      'translation',
    );
    const locale = config?.languages.find((l) => l !== 'default');
    if (!locale) return null;
    const result = await run(tools.untranslatedProducts.execute!({ locale }, CALL));
    const missing = Number(result.missing);
    return missing > 0 ? ANALYST_SUGGESTION.untranslated(missing, locale) : null;
  };

  const lastRun = async () => {
    const result = await run(tools.agentRuns.execute!({}, CALL));
    const latest = rows(result.items).reduce<Record<string, unknown> | null>(
      (a, b) => (!a || String(b.createdAt) > String(a.createdAt) ? b : a),
      null,
    );
    const type = latest?.agentType as AgentType | undefined;
    return type && AGENT_TYPES.includes(type) ? ANALYST_SUGGESTION.lastRun(type) : null;
  };

  const pending = async () => {
    const result = await run(tools.proposals.execute!({ status: 'pending' }, CALL));
    const total = Number(result.total);
    return total > 0 ? ANALYST_SUGGESTION.pendingProposals(total) : null;
  };

  const settled = await Promise.allSettled([lowestEngine(), untranslated(), lastRun(), pending()]);
  const drawn = settled.flatMap((s) => (s.status === 'fulfilled' && s.value ? [s.value] : []));
  return (drawn.length > 0 ? drawn : [...ANALYST_STARTER_QUESTIONS]).slice(
    0,
    ANALYST_SUGGESTIONS_MAX,
  );
}
