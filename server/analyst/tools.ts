/**
 * The analyst's tools: read-only look-ups through the area services, the caller's org and env fixed
 * here (never taken from the model's input). Each answers compact JSON and the app screens its figures
 * come from. Text from the catalogue or the prompts is data: it is returned as quoted JSON strings and
 * the system prompt tells the model never to follow it.
 */
import { alertText } from '~/domain/monitoring/alerts';
import { tool } from 'ai';
import { AGENT_TYPES, type AgentType } from '~/domain/agents/catalogue';
import type { AnalystLink } from '~/domain/analyst/conversation';
import {
  ANALYST_TOOL_DESCRIPTIONS,
  ANALYST_TOOL_INPUTS,
  type AnalystToolName,
} from '~/domain/analyst/tools';
import { AI_PROVIDER_NAMES } from '~/domain/ai/models';
import type { RateFigure } from '~/domain/monitoring/runs';
import { ASK_MODE_LABELS } from '~/domain/monitoring/sources';
import type { ReadServices } from '~/server/services';

export interface AnalystToolsScope {
  /** Read-only: a tool that wrote (verified the org, say) would not compile. */
  services: Pick<ReadServices, 'orgs' | 'envs' | 'monitoring' | 'products' | 'reviews' | 'agents'>;
  orgId: string;
  envId: string;
}

/** What every tool answers: its figures, what they say in a few words, and where they come from. */
export interface AnalystToolOutput {
  summary: string;
  links: AnalystLink[];
  [key: string]: unknown;
}

/** A rate as the answer quotes it: whole percent, its 95% interval and the n behind it. */
export const percent = (value: number | null) =>
  value === null ? null : `${Math.round(value * 100)}%`;
const rate = (r: RateFigure) => ({
  rate: percent(r.rate),
  ci95: r.rate === null ? null : `${percent(r.low)}–${percent(r.high)}`,
  successes: r.successes,
  n: r.n,
});

/** Pages of the catalogue copy an untranslated look-up reads at most. */
const MAX_PRODUCT_PAGES = 10;
const MAX_LISTED = 20;

export function analystTools({ services, orgId, envId }: AnalystToolsScope) {
  let base: Promise<string> | undefined;
  /** The env's screens start here: /app/{org}/{env}. */
  const appBase = () =>
    (base ??= (async () => {
      const [org, envs] = await Promise.all([services.orgs.get(orgId), services.envs.list(orgId)]);
      const env = envs.find((e) => e.id === envId);
      return `/app/${encodeURIComponent(org.slug)}/${encodeURIComponent(env?.slug ?? envId)}`;
    })());

  const tools = {
    monitoringResults: tool({
      description: ANALYST_TOOL_DESCRIPTIONS.monitoringResults,
      inputSchema: ANALYST_TOOL_INPUTS.monitoringResults,
      execute: async ({ engine }): Promise<AnalystToolOutput> => {
        const [results, at] = await Promise.all([
          services.monitoring.results(orgId, envId, engine ?? null),
          appBase(),
        ]);
        const engines = results.engines.map((e) => ({
          engine: e.engine,
          engineName: e.engine ? AI_PROVIDER_NAMES[e.engine] : 'All engines',
          mentionRate: rate(e.mentionRate),
          citationRate: rate(e.citationRate),
        }));
        const prompts = results.prompts.map((p) => ({
          prompt: p.text,
          mentionRate: rate(p.mentionRate),
          citationRate: rate(p.citationRate),
        }));
        return {
          run: results.run
            ? { id: results.run.id, finishedAt: results.run.finishedAt?.toISOString() ?? null }
            : null,
          engines,
          prompts,
          summary: results.run
            ? `${engines.length} engine(s), ${prompts.length} prompt(s) from the latest run`
            : 'No monitoring run yet',
          links: [
            { label: 'AI visibility results', href: at },
            ...results.engines.flatMap((e) =>
              e.engine
                ? [
                    {
                      label: `${AI_PROVIDER_NAMES[e.engine]} results`,
                      href: `${at}?llm=${e.engine}`,
                    },
                  ]
                : [],
            ),
          ],
        };
      },
    }),

    untranslatedProducts: tool({
      description: ANALYST_TOOL_DESCRIPTIONS.untranslatedProducts,
      inputSchema: ANALYST_TOOL_INPUTS.untranslatedProducts,
      execute: async ({ locale, field = 'name' }): Promise<AnalystToolOutput> => {
        const at = await appBase();
        const missing: { b2cProductId: string; defaultName: string | null }[] = [];
        let checked = 0;
        let total = 0;
        for (let page = 1; page <= MAX_PRODUCT_PAGES; page++) {
          const result = await services.products.list(orgId, {
            orgId,
            envId,
            page,
            language: locale,
            showOffline: true,
          });
          total = result.total;
          checked += result.items.length;
          for (const item of result.items) {
            if (item.name === null) {
              missing.push({ b2cProductId: item.b2cProductId, defaultName: item.defaultName });
            }
          }
          if (page * result.pageSize >= result.total || result.items.length === 0) break;
        }
        return {
          locale,
          field,
          missing: missing.length,
          checked,
          total,
          products: missing.slice(0, MAX_LISTED),
          summary: `${missing.length} of ${checked} product(s) have no ${field} in ${locale}`,
          links: [
            {
              label: `Products in ${locale}`,
              href: `${at}/products?language=${encodeURIComponent(locale)}`,
            },
          ],
        };
      },
    }),

    proposals: tool({
      description: ANALYST_TOOL_DESCRIPTIONS.proposals,
      inputSchema: ANALYST_TOOL_INPUTS.proposals,
      execute: async ({ status, agentType, since }): Promise<AnalystToolOutput> => {
        const at = await appBase();
        const page = await services.reviews.list(
          orgId,
          envId,
          { reviewStatus: status ?? 'all', agentType: agentType ?? 'all', showOffline: true },
          1,
        );
        const from = since ? new Date(`${since}T00:00:00Z`) : null;
        const items = page.items
          .filter((p) => !from || p.createdAt >= from)
          .map((p) => ({
            id: p.id,
            b2cProductId: p.b2cProductId,
            productName: p.productName,
            field: p.field,
            locale: p.locale,
            agentType: p.agentType,
            status: p.status,
            createdAt: p.createdAt.toISOString(),
          }));
        const query = new URLSearchParams({
          ...(status ? { reviewStatus: status } : { reviewStatus: 'all' }),
          ...(agentType ? { agentType } : {}),
        });
        return {
          total: from ? items.length : page.total,
          items: items.slice(0, MAX_LISTED),
          summary: `${from ? items.length : page.total} proposal(s)${since ? ` since ${since}` : ''}`,
          links: [{ label: 'Review queue', href: `${at}/reviews?${query.toString()}` }],
        };
      },
    }),

    agentRuns: tool({
      description: ANALYST_TOOL_DESCRIPTIONS.agentRuns,
      inputSchema: ANALYST_TOOL_INPUTS.agentRuns,
      execute: async ({ agentType }): Promise<AnalystToolOutput> => {
        const at = await appBase();
        const types: readonly AgentType[] = agentType ? [agentType] : AGENT_TYPES;
        const runs = (
          await Promise.all(types.map((t) => services.agents.runs(orgId, envId, t)))
        ).flat();
        const items = runs.slice(0, MAX_LISTED).map((r) => ({
          id: r.id,
          agentType: r.agentType,
          status: r.status,
          itemsTotal: r.itemsTotal,
          itemsDone: r.itemsDone,
          itemsFailed: r.itemsFailed,
          proposals: r.proposals,
          createdAt: r.createdAt.toISOString(),
          finishedAt: r.finishedAt?.toISOString() ?? null,
        }));
        return {
          total: runs.length,
          items,
          summary: `${runs.length} run(s)`,
          links: types.map((t) => ({ label: `${t} agent`, href: `${at}/agents/${t}` })),
        };
      },
    }),

    monitoringSources: tool({
      description: ANALYST_TOOL_DESCRIPTIONS.monitoringSources,
      inputSchema: ANALYST_TOOL_INPUTS.monitoringSources,
      execute: async ({ engine }): Promise<AnalystToolOutput> => {
        // The sources each engine's search reported, as stored with the run; never URLs guessed
        // from an answer's text.
        const [sources, at] = await Promise.all([
          services.monitoring.sources(orgId, envId, engine ?? null),
          appBase(),
        ]);
        const share = (value: number | null) => percent(value);
        const pages = (list: readonly { url: string; title: string | null; citations: number }[]) =>
          list.slice(0, 5).map((p) => ({ url: p.url, title: p.title, citations: p.citations }));
        const engines = sources.engines.map((e) => ({
          engine: e.engine,
          engineName: AI_PROVIDER_NAMES[e.engine],
          asked: ASK_MODE_LABELS[e.mode],
          answersSearched: e.searched,
          citations: e.citations,
          brandShareOfCitations: share(e.brandShare),
          topDomains: e.domains
            .slice(0, 5)
            .map((d) => ({ domain: d.domain, kind: d.kind, citations: d.citations })),
          brandPagesCited: pages(e.brandPages),
          otherPagesCited: pages(e.otherPages),
        }));
        return {
          run: sources.run
            ? { id: sources.run.id, finishedAt: sources.run.finishedAt.toISOString() }
            : null,
          overall: sources.overall
            ? {
                answersSearched: sources.overall.searched,
                citations: sources.overall.citations,
                brandShareOfCitations: share(sources.overall.brandShare),
              }
            : null,
          engines,
          summary: sources.run
            ? `Sources cited by ${engines.length} engine(s) in the latest run`
            : 'No monitoring run yet',
          links: [{ label: 'AI visibility sources', href: at }],
        };
      },
    }),

    monitoringAlerts: tool({
      description: ANALYST_TOOL_DESCRIPTIONS.monitoringAlerts,
      inputSchema: ANALYST_TOOL_INPUTS.monitoringAlerts,
      execute: async (): Promise<AnalystToolOutput> => {
        const [{ alerts }, at] = await Promise.all([
          services.monitoring.alerts(orgId, envId),
          appBase(),
        ]);
        return {
          alerts: alerts.map((a) => ({
            alert: alertText(a),
            metric: a.metric,
            engine: a.engine ? AI_PROVIDER_NAMES[a.engine] : 'every engine',
            market: a.market,
            from: percent(a.baseline.rate),
            to: percent(a.current.rate),
            answersBefore: a.baseline.n,
            answersNow: a.current.n,
            raisedAt: a.createdAt.toISOString(),
            runsFinishedAt: a.runsFinishedAt.map((d) => d.toISOString()),
          })),
          summary:
            alerts.length === 0
              ? 'No open alert'
              : `${alerts.length} open alert${alerts.length === 1 ? '' : 's'}`,
          links: [{ label: 'AI visibility alerts', href: at }],
        };
      },
    }),
  } satisfies Record<AnalystToolName, unknown>;
  return tools;
}

export type AnalystTools = ReturnType<typeof analystTools>;
