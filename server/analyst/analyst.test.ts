/**
 * The analyst on the server, against the AI simulator (the real AI SDK providers): an answer looked up
 * through the tools whose figures all come from the database, the tools scoped to the caller's org,
 * Stop, a provider failure kept with its question and retried, and the conversation kept across calls.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiCallOptions, AiService } from '~/server/ai/service';
import type { AnalystDelta } from '~/domain/analyst/conversation';
import { ANALYST_STARTER_QUESTIONS, ANALYST_SUGGESTION } from '~/domain/analyst/suggestions';
import type { MonitoringConfig } from '~/domain/monitoring/config';
import { BRAND, OTHER_BRANDS } from '~/simulators/ai/answers';
import { type AiSimulator, createAiSimulator } from '~/simulators/ai/simulator';
import { and, eq } from 'drizzle-orm';
import { ANALYST_MESSAGES } from '~/domain/analyst/conversation';
import {
  analystMessages,
  monitoringAggregates,
  monitoringAlerts,
  monitoringRuns,
} from '~/server/db/schema';
import { describeEachDriver } from '~/server/db/test-db';
import type { RunSnapshot } from '~/server/monitoring/runner';
import { createSecrets } from '~/server/secrets';
import { type BeaconServices, createServices } from '~/server/services';
import { aiOnSimulator } from '~/server/simulator-link';
import { addEnv, domainError, fakeGateway, makeOrg, makeUser } from '~/server/test-support';
import { createAnalystService, historyOf } from './service';
import { appRouter } from '~/server/trpc/router';
import { createCallerFactory } from '~/server/trpc/trpc';
import { type AnalystToolOutput, analystTools } from './tools';

let ai: AiSimulator;
beforeAll(async () => {
  ai = await createAiSimulator();
});
afterAll(async () => {
  await ai.stop();
});

const PROMPTS = [
  { key: 'p-bag', text: 'What is a good leather bag for work?', name: null },
  { key: 'p-coat', text: 'Which wool coat is best for winter?', name: null },
];
/** Answers naming the brand, of 10, per engine and prompt. */
const MENTIONS: Record<string, Record<string, number>> = {
  openai: { 'p-bag': 3, 'p-coat': 2 },
  anthropic: { 'p-bag': 7, 'p-coat': 6 },
};

const config: MonitoringConfig = {
  brandName: BRAND.name,
  brandDomain: new URL(BRAND.url).hostname.replace(/^www\./, ''),
  brandVariants: [],
  competitors: OTHER_BRANDS.map((b) => ({ name: b.name, domain: new URL(b.url).hostname })),
  promptIds: [],
  newPrompts: PROMPTS.map((p) => p.text),
  engines: ['openai', 'anthropic'],
  memoryEngines: [],
  otherMarkets: [],
  samples: 10,
  schedule: 'off',
  upliftRuns: 3,
};

/** What the AI SDK passes a tool's execute; these tools read none of it. */
const CALL = { toolCallId: 't', messages: [] } as never;

const percentsIn = (text: string) => [...text.matchAll(/\d+(?:\.\d+)?%/g)].map((m) => m[0]);

async function collect(stream: AsyncGenerator<AnalystDelta>) {
  const deltas: AnalystDelta[] = [];
  for await (const d of stream) deltas.push(d);
  return deltas;
}
const textOf = (deltas: AnalystDelta[]) =>
  deltas.map((d) => (d.type === 'text' ? d.delta : '')).join('');

describeEachDriver('analyst', (get) => {
  let services: BeaconServices;
  beforeAll(() => {
    services = createServices({
      db: get().db,
      b2c: fakeGateway().gateway,
      secrets: createSecrets(randomBytes(32)),
      ai: aiOnSimulator(ai.url, 10_000),
    });
  });

  /** An org with one env whose latest monitoring run finished with MENTIONS. */
  async function monitoredEnv() {
    const db = get().db;
    const user = await makeUser(db);
    const org = await makeOrg(db, { members: [{ user }] });
    const env = await addEnv(db, org.id, 'prod');
    const snapshot: RunSnapshot = { ...config, prompts: PROMPTS };
    const [run] = await db
      .insert(monitoringRuns)
      .values({
        orgId: org.id,
        envId: env.id,
        status: 'succeeded',
        config: snapshot,
        samplesTotal: 40,
        samplesDone: 40,
        finishedAt: new Date(),
      })
      .returning();
    await db.insert(monitoringAggregates).values(
      Object.entries(MENTIONS).flatMap(([engine, byPrompt]) =>
        Object.entries(byPrompt).map(([promptKey, mentions]) => ({
          runId: run!.id,
          envId: env.id,
          engine,
          promptKey,
          n: 10,
          mentions,
          citations: 0,
          positionSum: mentions,
          brandCounts: { [BRAND.name]: mentions },
          productCounts: {},
          sentimentCounts: {},
          finishedAt: new Date(),
        })),
      ),
    );
    return { user, org, env, scope: [org.id, env.id, user.id] as const };
  }

  it('answers a monitoring question from the monitoringResults tool, every figure from the database', async () => {
    const { org, env, scope } = await monitoredEnv();
    const { question, answer } = await services.analyst.ask(
      ...scope,
      'Which engine mentions us least, and for which prompts?',
    );
    expect(answer.status).toBe('streaming');
    const deltas = await collect(services.analyst.stream(...scope, answer.id));

    const steps = deltas.filter((d) => d.type === 'step');
    expect(steps.map((s) => s.tool)).toEqual(['monitoringResults']);
    expect(steps[0]!.links).toContainEqual({
      label: 'ChatGPT results',
      href: `/app/${org.slug}/${env.slug}?llm=openai`,
    });
    expect(deltas.filter((d) => d.type === 'text').length).toBeGreaterThan(1);
    expect(deltas.at(-1)).toEqual({ type: 'done' });

    // The tool's own figures, and the database's.
    const tool = analystTools({ services, orgId: org.id, envId: env.id }).monitoringResults;
    const result = JSON.stringify(await tool.execute!({}, CALL));
    const openaiRate = `${Math.round(((3 + 2) / 20) * 100)}%`;
    expect(result).toContain(`"rate":"${openaiRate}"`);

    const text = textOf(deltas);
    expect(text).toContain(`**ChatGPT** mentions the brand least: ${openaiRate}`);
    expect(text).toContain(PROMPTS[1]!.text);
    const figures = percentsIn(text);
    expect(figures.length).toBeGreaterThan(2);
    for (const figure of figures) expect(percentsIn(result)).toContain(figure);

    const messages = await services.analyst.conversation(...scope);
    expect(messages).toMatchObject([
      {
        id: question.id,
        role: 'user',
        text: 'Which engine mentions us least, and for which prompts?',
      },
      { id: answer.id, role: 'assistant', status: 'done', text, error: null },
    ]);
    expect(messages[1]).toMatchObject({ steps: [{ tool: 'monitoringResults' }] });
  });

  it('answers where the assistants find their answers from the stored sources, never from URLs in text', async () => {
    const { org, env, scope } = await monitoredEnv();
    const db = get().db;
    const brandPage = `${BRAND.url}/leather-bag.html`;
    const review = 'https://www.gearreviewweekly.example/best/bag';
    // ChatGPT searched 10 answers a prompt: the brand's page cited by 4, a review page by 6.
    await db
      .update(monitoringAggregates)
      .set({
        searched: 10,
        citedDomains: { 'beacon-outfitters.example': 4, 'gearreviewweekly.example': 6 },
        citedPages: {
          [brandPage]: {
            n: 4,
            title: 'Leather Bag | Beacon Outfitters',
            domain: 'beacon-outfitters.example',
          },
          [review]: { n: 6, title: 'The best bags', domain: 'gearreviewweekly.example' },
        },
      })
      .where(
        and(eq(monitoringAggregates.envId, env.id), eq(monitoringAggregates.engine, 'openai')),
      );
    const { answer } = await services.analyst.ask(
      ...scope,
      'Which pages do the assistants’ web searches cite as sources?',
    );
    const deltas = await collect(services.analyst.stream(...scope, answer.id));
    const steps = deltas.filter((d) => d.type === 'step');
    expect(steps.map((s) => s.tool)).toEqual(['monitoringSources']);

    const tool = analystTools({ services, orgId: org.id, envId: env.id }).monitoringSources;
    const output = (await tool.execute!({}, CALL)) as AnalystToolOutput & {
      engines: {
        engine: string;
        asked: string;
        answersSearched: number;
        brandShareOfCitations: string | null;
        brandPagesCited: { url: string; citations: number }[];
        otherPagesCited: { url: string; citations: number }[];
      }[];
    };
    const chatgpt = output.engines.find((e) => e.engine === 'openai')!;
    expect(chatgpt).toMatchObject({
      asked: 'API with web search',
      answersSearched: 20,
      brandShareOfCitations: '40%',
      brandPagesCited: [{ url: brandPage, citations: 8 }],
      otherPagesCited: [{ url: review, citations: 12 }],
    });
    expect(output.links).toEqual([
      { label: 'AI visibility sources', href: `/app/${org.slug}/${env.slug}` },
    ]);
  });

  it('lists the open alerts from the monitoringAlerts tool, with the sentence Home shows', async () => {
    const { org, env, scope } = await monitoredEnv();
    const db = get().db;
    const [run] = await db
      .select({ id: monitoringRuns.id })
      .from(monitoringRuns)
      .where(eq(monitoringRuns.envId, env.id));
    await db.insert(monitoringAlerts).values({
      orgId: org.id,
      envId: env.id,
      runId: run!.id,
      series: 'openai:fr-FR',
      engine: 'openai',
      market: 'fr-FR',
      metric: 'mention',
      direction: 'drop',
      baseline: { rate: 0.6, successes: 120, n: 200 },
      current: { rate: 0.2, successes: 8, n: 40 },
      difference: -0.4,
      noise: 0.08,
      pValue: 0.00001,
      runIds: [run!.id],
      baselineRunIds: [],
    });
    const { answer } = await services.analyst.ask(...scope, 'Are there open alerts?');
    const steps = (await collect(services.analyst.stream(...scope, answer.id))).filter(
      (d) => d.type === 'step',
    );
    expect(steps.map((s) => s.tool)).toEqual(['monitoringAlerts']);
    const tool = analystTools({ services, orgId: org.id, envId: env.id }).monitoringAlerts;
    const output = (await tool.execute!({}, CALL)) as AnalystToolOutput & {
      alerts: { alert: string; from: string; to: string }[];
    };
    expect(output.alerts).toEqual([
      expect.objectContaining({
        alert:
          'Mention rate on ChatGPT in French (France) fell from 60% to 20% in the latest run (40 points, 5.0× the run-to-run noise of ±8 points).',
        from: '60%',
        to: '20%',
      }),
    ]);
    expect(output.summary).toBe('1 open alert');
  });

  it("never returns another org's data: org B's tools see only org B", async () => {
    const a = await monitoredEnv();
    const db = get().db;
    const userB = await makeUser(db);
    const orgB = await makeOrg(db, { members: [{ user: userB }] });
    const envB = await addEnv(db, orgB.id, 'prod');
    const tools = analystTools({ services, orgId: orgB.id, envId: envB.id });
    const results = JSON.stringify([
      await tools.monitoringResults.execute!({}, CALL),
      await tools.proposals.execute!({}, CALL),
      await tools.agentRuns.execute!({}, CALL),
      await tools.monitoringSources.execute!({}, CALL),
      await tools.monitoringAlerts.execute!({}, CALL),
    ]);
    expect(results).not.toContain(a.org.id);
    expect(results).not.toContain(a.org.slug);
    expect(results).not.toContain(PROMPTS[0]!.text);
    expect(results).not.toMatch(/"rate":"\d+%"/);

    // Org A's env under org B's id (a model cannot pick the org, but a caller could try the env):
    // the env guard refuses it before any tool runs or any row is written.
    const caller = createCallerFactory(appRouter)({
      user: userB,
      services,
      requestId: 'analyst-test',
    });
    const crossed = { orgId: orgB.id, envId: a.env.id };
    await expect(caller.analyst.suggestions(crossed)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(caller.analyst.ask({ ...crossed, question: 'Hi' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await services.analyst.conversation(orgB.id, a.env.id, userB.id)).toEqual([]);

    // And through the conversation: org B's question gets nothing of A's figures.
    const { answer } = await services.analyst.ask(
      orgB.id,
      envB.id,
      userB.id,
      'Which engine mentions us least?',
    );
    const text = textOf(
      await collect(services.analyst.stream(orgB.id, envB.id, userB.id, answer.id)),
    );
    expect(percentsIn(text)).toEqual([]);
    expect(text).not.toContain(PROMPTS[0]!.text);
    // Nor can org B's user read org A's answer.
    const { answer: answerA } = await services.analyst.ask(...a.scope, 'Which engine?');
    await expect(
      collect(services.analyst.stream(orgB.id, envB.id, userB.id, answerA.id)),
    ).rejects.toThrow();
  });

  it('stops mid-answer: the model call is aborted and the partial answer kept as stopped', async () => {
    const { scope } = await monitoredEnv();
    const { answer } = await services.analyst.ask(...scope, 'Which engine mentions us least?');
    const controller = new AbortController();
    const stream = services.analyst.stream(...scope, answer.id, controller.signal);
    let partial = '';
    for await (const d of stream) {
      if (d.type === 'text') {
        partial += d.delta;
        controller.abort();
        break;
      }
    }
    expect(partial.length).toBeGreaterThan(0);
    const [, stored] = await services.analyst.conversation(...scope);
    expect(stored).toMatchObject({ status: 'stopped', text: partial });
    // Replayed as it stopped.
    const replay = await collect(services.analyst.stream(...scope, answer.id));
    expect(replay.at(-1)).toEqual({ type: 'stopped' });
  });

  it('ends failed with a plain message when the provider fails mid-answer, keeps the question, and retry answers', async () => {
    const { scope } = await monitoredEnv();
    const question = 'Which engine mentions us least?';
    const { answer } = await services.analyst.ask(...scope, question);
    const deltas: AnalystDelta[] = [];
    for await (const d of services.analyst.stream(...scope, answer.id)) {
      deltas.push(d);
      // The tool was called; the model's next request (its answer) fails.
      if (d.type === 'step') ai.faults.add({ kind: 'server_error', times: 1 });
    }
    expect(deltas.map((d) => d.type)).toEqual(['step', 'error']);
    const error = deltas.at(-1) as { type: 'error'; message: string };
    expect(error.message).toMatch(
      /^\w+ had an internal error\. Your question is kept: retry it\.$/,
    );

    const [asked, failed] = await services.analyst.conversation(...scope);
    expect(asked).toMatchObject({ role: 'user', text: question });
    expect(failed).toMatchObject({ status: 'failed', error: error.message });

    const { answer: again } = await services.analyst.retry(...scope);
    const retried = await collect(services.analyst.stream(...scope, again.id));
    expect(retried.at(-1)).toEqual({ type: 'done' });
    expect(textOf(retried)).toContain('mentions the brand least');
    const messages = await services.analyst.conversation(...scope);
    expect(messages.map((m) => [m.role, m.role === 'assistant' ? m.status : m.text])).toEqual([
      ['user', question],
      ['assistant', 'failed'],
      ['assistant', 'done'],
    ]);
  });

  it('keeps the conversation across calls, per person and env, until cleared', async () => {
    const { org, env, scope } = await monitoredEnv();
    const first = await services.analyst.ask(...scope, 'Which engine mentions us least?');
    await collect(services.analyst.stream(...scope, first.answer.id));
    const second = await services.analyst.ask(...scope, 'What is still untranslated in fr-FR?');
    const deltas = await collect(services.analyst.stream(...scope, second.answer.id));
    const step = deltas.find((d) => d.type === 'step');
    expect(step).toMatchObject({ tool: 'untranslatedProducts', input: { locale: 'fr-FR' } });

    const other = await makeUser(get().db);
    expect(await services.analyst.conversation(org.id, env.id, other.id)).toEqual([]);
    const messages = await services.analyst.conversation(...scope);
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(messages.map((m) => m.id)).toEqual([
      first.question.id,
      first.answer.id,
      second.question.id,
      second.answer.id,
    ]);
    await services.analyst.clear(...scope);
    expect(await services.analyst.conversation(...scope)).toEqual([]);
  });

  it("suggests questions drawn from the env's data, which the analyst answers from the tool they name", async () => {
    const { org, env, scope } = await monitoredEnv();
    const openaiRate = `${Math.round(((3 + 2) / 20) * 100)}%`;
    const suggestions = await services.analyst.suggestions(org.id, env.id);
    // No translation languages, agent runs or proposals yet: only the monitoring figures speak.
    expect(suggestions).toEqual([ANALYST_SUGGESTION.lowestEngine('ChatGPT', openaiRate)]);

    const { answer } = await services.analyst.ask(...scope, suggestions[0]!);
    const deltas = await collect(services.analyst.stream(...scope, answer.id));
    expect(deltas.find((d) => d.type === 'step')).toMatchObject({ tool: 'monitoringResults' });
    expect(textOf(deltas)).toContain(`**ChatGPT** mentions the brand least: ${openaiRate}`);

    // An env with nothing measured yet gets the starter questions.
    const empty = await addEnv(get().db, org.id, 'staging');
    expect(await services.analyst.suggestions(org.id, empty.id)).toEqual([
      ...ANALYST_STARTER_QUESTIONS,
    ]);
  });

  /** A model that says one word, then waits for `release()` before it finishes its answer. */
  function heldModel() {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const calls: AiCallOptions[] = [];
    const ai = {
      async *streamWithTools(options: AiCallOptions) {
        calls.push(options);
        yield { type: 'text' as const, delta: 'Thinking' };
        await held;
        yield { type: 'text' as const, delta: ' done.' };
      },
    } as unknown as AiService;
    return { ai, calls, release };
  }

  async function streamingAnswers(envId: string, userId: string) {
    return get()
      .db.select({ id: analystMessages.id })
      .from(analystMessages)
      .where(
        and(
          eq(analystMessages.envId, envId),
          eq(analystMessages.userId, userId),
          eq(analystMessages.status, 'streaming'),
        ),
      );
  }

  it('one answer at a time, whichever process is asked: another process refuses a question and does not write the same answer', async () => {
    const { env, user, scope } = await monitoredEnv();
    const model = heldModel();
    // Two server processes: their own analyst services on the same database.
    const first = createAnalystService({ db: get().db, ai: model.ai, services });
    const second = createAnalystService({ db: get().db, ai: model.ai, services });

    const { answer } = await first.ask(...scope, 'Which engine mentions us least?');
    const writing = first.stream(...scope, answer.id);
    expect(await writing.next()).toEqual({
      done: false,
      value: { type: 'text', delta: 'Thinking' },
    });

    // The other process refuses a new question while the answer is being written…
    const refused = await domainError(second.ask(...scope, 'And for which prompts?'));
    expect([refused.kind, refused.message]).toEqual([
      'CONFLICT',
      ANALYST_MESSAGES.answerInProgress,
    ]);
    expect((await domainError(second.retry(...scope))).message).toBe(
      ANALYST_MESSAGES.answerInProgress,
    );
    // …and, asked to stream the same answer, shows what is stored of it (nothing yet) without a
    // second model call.
    expect(await collect(second.stream(...scope, answer.id))).toEqual([]);
    expect(model.calls).toHaveLength(1);

    model.release();
    const rest: AnalystDelta[] = [];
    for await (const d of writing) rest.push(d);
    expect(rest).toEqual([{ type: 'text', delta: ' done.' }, { type: 'done' }]);
    const messages = await first.conversation(...scope);
    expect(messages.map((m) => (m.role === 'assistant' ? m.status : m.role))).toEqual([
      'user',
      'done',
    ]);
    // Once it is written, either process takes the next question.
    await second.ask(...scope, 'And for which prompts?');
    expect(await streamingAnswers(env.id, user.id)).toHaveLength(1);
  });

  it('two questions asked at once leave at most one answer being written', async () => {
    const { env, user, scope } = await monitoredEnv();
    const model = heldModel();
    const processes = [0, 1, 2].map(() =>
      createAnalystService({ db: get().db, ai: model.ai, services }),
    );
    const outcomes = await Promise.allSettled(
      processes.map((analyst, i) => analyst.ask(...scope, `Question ${i}`)),
    );
    expect(outcomes.some((o) => o.status === 'fulfilled')).toBe(true);
    for (const o of outcomes) {
      if (o.status === 'rejected') expect(o.reason).toMatchObject({ kind: 'CONFLICT' });
    }
    expect(await streamingAnswers(env.id, user.id)).toHaveLength(1);
    model.release();
  });

  it('gives the model the earlier turns before the question, as its own messages', async () => {
    const { scope } = await monitoredEnv();
    const calls: AiCallOptions[] = [];
    const ai = {
      async *streamWithTools(options: AiCallOptions) {
        calls.push(options);
        yield { type: 'text' as const, delta: `Answer ${calls.length}` };
      },
    } as unknown as AiService;
    const analyst = createAnalystService({ db: get().db, ai, services });
    for (const question of ['Which engine mentions us least?', 'And for which prompts?']) {
      const { answer } = await analyst.ask(...scope, question);
      await collect(analyst.stream(...scope, answer.id));
    }
    expect(calls.map((c) => [c.prompt, c.history])).toEqual([
      ['Which engine mentions us least?', []],
      [
        'And for which prompts?',
        [
          { role: 'user', content: 'Which engine mentions us least?' },
          { role: 'assistant', content: 'Answer 1' },
        ],
      ],
    ]);
  });
});

describe('historyOf', () => {
  const q = (content: string) => ({ role: 'user' as const, content, status: 'done' as const });
  const a = (content: string, status: 'done' | 'stopped' | 'failed' = 'done') => ({
    role: 'assistant' as const,
    content,
    status,
  });

  it('pairs each question with its last answer that has text, the last three pairs only', () => {
    expect(
      historyOf([
        q('Q1'),
        a('A1'),
        q('Q2'),
        a('', 'failed'),
        a('A2 after a retry'),
        q('Q3 unanswered'),
        a('', 'failed'),
        q('Q4'),
        a('A4 so far', 'stopped'),
        q('Q5'),
        a('A5'),
      ]),
    ).toEqual([
      { role: 'user', content: 'Q2' },
      { role: 'assistant', content: 'A2 after a retry' },
      { role: 'user', content: 'Q4' },
      { role: 'assistant', content: 'A4 so far' },
      { role: 'user', content: 'Q5' },
      { role: 'assistant', content: 'A5' },
    ]);
  });

  it('cuts long messages', () => {
    const [question] = historyOf([q('x'.repeat(5000)), a('y')]);
    expect(question!.content).toHaveLength(2000);
  });
});
