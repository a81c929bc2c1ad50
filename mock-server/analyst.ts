/**
 * Acme/prod's analyst for mocks: a question answered from the monitoring results the monitoring mock
 * shows (the tool's output built from those figures as server/analyst/tools.ts builds it, the answer's
 * text written by the AI simulator's own figuresAnswer), its stream, a stopped and a failed answer,
 * and the suggestions the server draws from the same figures.
 */
import { AI_PROVIDER_NAMES, type AiEngine } from '~/domain/ai/models';
import { aiErrorMessage } from '~/domain/ai/errors';
import {
  ANALYST_MESSAGES,
  type AnalystAnswer,
  type AnalystDelta,
  type AnalystMessage,
  type AnalystQuestion,
  type AnalystStep,
} from '~/domain/analyst/conversation';
import { ANALYST_SUGGESTION } from '~/domain/analyst/suggestions';
import type { RateFigure } from '~/domain/monitoring/runs';
import { figuresAnswer } from '~/simulators/ai/answers';
import { monitoringResults } from './monitoring';
import { STORY_NOW } from './products';
import {
  domainError,
  type MockEvent,
  type MockReply,
  mockStream,
  type TrpcScenario,
} from './trpc/scenario';

const HOME = '/app/acme/prod';
const percent = (value: number | null) => (value === null ? null : `${Math.round(value * 100)}%`);
const rate = (r: RateFigure) => ({
  rate: percent(r.rate),
  ci95: r.rate === null ? null : `${percent(r.low)}–${percent(r.high)}`,
  successes: r.successes,
  n: r.n,
});

/** The monitoringResults tool's output over the monitoring mock's latest run. */
const results = monitoringResults();
const engines = results.engines.flatMap((e) =>
  e.engine
    ? [
        {
          engine: e.engine,
          engineName: AI_PROVIDER_NAMES[e.engine],
          mentionRate: rate(e.mentionRate),
          citationRate: rate(e.citationRate),
        },
      ]
    : [],
);
const toolOutput = {
  engines,
  prompts: results.prompts.map((p) => ({
    prompt: p.text,
    mentionRate: rate(p.mentionRate),
    citationRate: rate(p.citationRate),
  })),
  summary: `${engines.length} engine(s), ${results.prompts.length} prompt(s) from the latest run`,
  links: [
    { label: 'AI visibility results', href: HOME },
    ...engines.map((e) => ({
      label: `${AI_PROVIDER_NAMES[e.engine]} results`,
      href: `${HOME}?llm=${e.engine}`,
    })),
  ],
};

/** The engine that mentions the brand least, and its rate as the answer quotes it. */
export const lowestEngine = engines.reduce((a, b) =>
  Number.parseFloat(b.mentionRate.rate ?? '') < Number.parseFloat(a.mentionRate.rate ?? '') ? b : a,
);
export const LOWEST_ENGINE: { engine: AiEngine; name: string; rate: string } = {
  engine: lowestEngine.engine,
  name: lowestEngine.engineName,
  rate: lowestEngine.mentionRate.rate!,
};

export const ANALYST_QUESTION_TEXT = 'Which engine mentions us least, and for which prompts?';
export const monitoringStep: AnalystStep = {
  tool: 'monitoringResults',
  input: {},
  summary: toolOutput.summary,
  links: toolOutput.links,
};
/** The simulator's answer to the question, every figure from the tool's output. */
export const ANALYST_ANSWER_TEXT = figuresAnswer([JSON.stringify(toolOutput)])!;

const at = (minutes: number) => new Date(STORY_NOW.getTime() - minutes * 60_000);

export const analystQuestion: AnalystQuestion = {
  id: 'amsg_q1',
  role: 'user',
  text: ANALYST_QUESTION_TEXT,
  createdAt: at(5),
};
export const analystAnswer: AnalystAnswer = {
  id: 'amsg_a1',
  role: 'assistant',
  text: ANALYST_ANSWER_TEXT,
  steps: [monitoringStep],
  status: 'done',
  error: null,
  createdAt: at(4),
};

/** The provider's trouble as the service words it for the analyst (no "Beacon will try again"). */
export const ANALYST_FAILURE = `${aiErrorMessage('rate_limited', { provider: 'anthropic' }).split(/(?<=\.) /)[0]} ${ANALYST_MESSAGES.retryHint}`;
export const failedAnswer: AnalystAnswer = {
  ...analystAnswer,
  id: 'amsg_a1_failed',
  text: '',
  steps: [],
  status: 'failed',
  error: ANALYST_FAILURE,
};

/** An answer being written: its step and first line in, the rest to come. */
export const ANALYST_PARTIAL_TEXT = ANALYST_ANSWER_TEXT.split('\n')[0]!;
export const streamingAnswer: AnalystAnswer = {
  ...analystAnswer,
  id: 'amsg_a1_streaming',
  text: '',
  steps: [],
  status: 'streaming',
};

/** An answer whose text links outside the allowed kinds (model output is untrusted). */
export const UNSAFE_LINK_TEXT = 'the free report';
export const UNSAFE_ANSWER_TEXT = [
  `- See [${UNSAFE_LINK_TEXT}](javascript:alert(document.cookie)) <img src=x onerror="alert(1)">`,
  '- Compare with [ChatGPT results](/app/acme/prod?llm=openai).',
  '- Read [the guide](https://example.com/aeo-guide).',
].join('\n');

/** What the server suggests from the mock's figures (and a language, a run and the review queue). */
export const analystSuggestions = [
  ANALYST_SUGGESTION.lowestEngine(LOWEST_ENGINE.name, LOWEST_ENGINE.rate),
  ANALYST_SUGGESTION.untranslated(12, 'fr-FR'),
  ANALYST_SUGGESTION.lastRun('seo'),
  ANALYST_SUGGESTION.pendingProposals(18),
];

/** A stream as the server sends it: the steps, the text a few words at a time, then how it ended. */
export function answerEvents(
  answer: Pick<AnalystAnswer, 'steps' | 'text'>,
  end: AnalystDelta | null = { type: 'done' },
  everyMs = 40,
): MockEvent<AnalystDelta>[] {
  const words = answer.text.match(/\S+\s*/g) ?? [];
  const chunks: string[] = [];
  for (let i = 0; i < words.length; i += 4) chunks.push(words.slice(i, i + 4).join(''));
  return [
    ...answer.steps.map((step) => ({ data: { type: 'step' as const, ...step }, afterMs: everyMs })),
    ...chunks.map((delta) => ({ data: { type: 'text' as const, delta }, afterMs: everyMs })),
    ...(end ? [{ data: end, afterMs: everyMs }] : []),
  ];
}

export interface AnalystMockOptions {
  conversation?: AnalystMessage[];
  suggestions?: MockReply<'analyst.suggestions'>;
  /** The answer analyst.ask and analyst.retry open (status streaming). */
  opens?: AnalystAnswer;
  stream?: MockReply<'analyst.stream'>;
}

/** analyst.* for Acme/prod: ask opens `opens` after the question, the stream writes it. */
export function analystMock({
  conversation = [],
  suggestions = analystSuggestions,
  opens = { ...streamingAnswer, id: 'amsg_a2' },
  stream = mockStream(answerEvents(analystAnswer), { end: true }),
}: AnalystMockOptions = {}): TrpcScenario {
  return {
    'analyst.conversation': conversation,
    'analyst.suggestions': suggestions,
    'analyst.ask': (input) => ({
      question: { id: 'amsg_q2', role: 'user', text: input.question, createdAt: STORY_NOW },
      answer: opens,
    }),
    'analyst.retry': () =>
      conversation.some((m) => m.role === 'user')
        ? { answer: opens }
        : domainError('NOT_FOUND', ANALYST_MESSAGES.nothingToRetry),
    'analyst.clear': () => undefined,
    'analyst.stream': stream,
  };
}
