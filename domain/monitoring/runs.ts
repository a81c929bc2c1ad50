/** Monitoring runs and their results, as the procedures answer them (docs/product.md#monitoring). */
import type { AiEngine } from '~/domain/ai/models';
import type { MonitoringConfig } from './config';
import type { Sentiment } from './parse';
import type { AnswersRemoved } from './retention';
import type { Rate } from './stats';
import type { UpliftFigure, UpliftSummary } from './uplift';
import type { AnswerSearch, AskMode } from './sources';

export type { UpliftFigure, UpliftSummary } from './uplift';

export const MONITORING_RUN_STATUSES = [
  'queued',
  'running',
  'succeeded',
  'partly-failed',
  'failed',
  'cancelled',
] as const;
export type MonitoringRunStatus = (typeof MONITORING_RUN_STATUSES)[number];

/** A run in these holds the env's one active slot (a partial unique index in the database). */
export const ACTIVE_MONITORING_RUN_STATUSES = [
  'queued',
  'running',
] as const satisfies readonly MonitoringRunStatus[];

export const SAMPLE_STATUSES = ['queued', 'done', 'failed'] as const;
export type SampleStatus = (typeof SAMPLE_STATUSES)[number];

/** What started a run. */
export const RUN_TRIGGERS = ['manual', 'schedule', 'onboarding'] as const;
export type RunTrigger = (typeof RUN_TRIGGERS)[number];

/** What the run procedures answer when they refuse (server/monitoring/service.ts). */
export const MONITORING_RUN_MESSAGES = {
  notConfigured: 'Save the monitoring configuration before running it.',
  runActive: 'Monitoring is already running in this environment. Wait for it to end.',
  jobsUnavailable: 'Background jobs are not running on this server, so monitoring cannot run.',
  runNotFound: 'This monitoring run is not in this environment.',
  promptNotFound: 'This prompt was not asked in that run.',
  noRun: 'No monitoring run has finished in this environment yet.',
} as const;

/** Samples of one run asked at once across every worker (a pg-boss group, as agent runs use). */
export const MONITORING_CONCURRENCY = 20;

/** A prompt as a run asked it: its library id when it came from there, and its text then. */
export interface RunPrompt {
  /** Stable within the env: the library prompt's id, or `new:` and a digest of a written prompt's text. */
  key: string;
  text: string;
  /** The library prompt's name; null for a prompt written in the config. */
  name: string | null;
  /** The market it was asked in; null or absent for prompts of configs from before markets. */
  market?: string | null;
}

export interface MonitoringRun {
  id: string;
  status: MonitoringRunStatus;
  trigger: RunTrigger;
  engines: AiEngine[];
  prompts: number;
  samplesPerPrompt: number;
  samplesTotal: number;
  samplesDone: number;
  samplesFailed: number;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  error: string | null;
  /** Per engine while the run is queued or running (samples ended of total); empty once it ended. */
  progress: EngineProgress[];
}

export interface EngineProgress {
  engine: AiEngine;
  total: number;
  done: number;
  failed: number;
}

/** One answer of a run, as parsed: what the prompt detail lists. */
export interface SampleView {
  engine: AiEngine;
  idx: number;
  status: SampleStatus;
  model: string | null;
  brandMentioned: boolean | null;
  brandCited: boolean | null;
  /** 1 = the first brand the answer names; null when the brand is not named. */
  position: number | null;
  competitors: string[];
  /** Catalogue products named, by id and their default name. */
  products: { b2cProductId: string; name: string | null }[];
  /** URLs written in the answer's text (not sources the engine reported). */
  urls: string[];
  /** How the engine was asked; null for answers from before the mode was recorded. */
  mode: AskMode | null;
  /** What the engine's web search found and cited; null when it was asked without search. */
  search: AnswerSearch | null;
  sentiment: Sentiment | null;
  /** The raw answer, untrusted text: shown as text, never as markup. */
  answer: string | null;
  error: string | null;
}

/** One prompt's samples in a run (the latest finished one unless asked), per engine. */
export interface PromptSamples {
  run: MonitoringRun;
  prompt: RunPrompt;
  samples: SampleView[];
}

/** One figure with the n behind it: mention or citation rate. */
export type RateFigure = Rate;

/** How an engine was asked in a run: with its web search or from memory, and which model. */
export interface AskedAs {
  mode: AskMode;
  model: string;
}

export interface EngineFigures {
  /** null: every engine together. */
  engine: AiEngine | null;
  /** How the latest run asked this engine; null for every engine together. */
  asked: AskedAs | null;
  mentionRate: RateFigure;
  citationRate: RateFigure;
  /** The brand's average position among the brands named, over the answers that name it; null when none do. */
  averagePosition: number | null;
  /** Brand → share of all brand mentions (the brand under its own name). */
  shareOfVoice: Record<string, number>;
  sentiment: Record<Sentiment, number>;
}

export interface PromptFigures {
  key: string;
  text: string;
  /** The market it is asked in; null for a prompt without one. */
  market: string | null;
  mentionRate: RateFigure;
  citationRate: RateFigure;
}

export interface TrendPoint {
  runId: string;
  at: Date;
  mentionRate: RateFigure;
  citationRate: RateFigure;
}

/** A publish of approved proposals between two runs: marked on the trend. */
export interface PublishMark {
  at: Date;
  products: string[];
  proposals: number;
}

/** One market's figures in the latest run (every engine, or the one chosen). */
export interface MarketFigures {
  /** null: prompts of configs from before markets, asked without one. */
  market: string | null;
  prompts: number;
  mentionRate: RateFigure;
  citationRate: RateFigure;
}

export interface MonitoringResults {
  run: MonitoringRun | null;
  config: MonitoringConfig | null;
  /** The market the figures below are narrowed to; null: every market, pooled. */
  market: string | null;
  /** The markets the latest run asked, each with its own figures: what the pooled view pools. */
  markets: MarketFigures[];
  overall: EngineFigures | null;
  engines: EngineFigures[];
  prompts: PromptFigures[];
  trend: TrendPoint[];
  publishes: PublishMark[];
  /** Per prompt whose answers named a product the latest publish changed (domain/monitoring/uplift.ts). */
  uplift: UpliftFigure[];
  /** The windows around the latest publish, the overall answer and the drift; null with no publish. */
  upliftSummary: UpliftSummary | null;
  /** Catalogue products the latest run's answers named, most named first, with counts per engine. */
  products: NamedProduct[];
  /**
   * Set when runs these results show have had their raw answers removed by the org's retention
   * (their figures stay); null while every answer is kept.
   */
  answersRemoved: AnswersRemoved | null;
}

export interface NamedProduct {
  b2cProductId: string;
  name: string | null;
  /** Answers naming it, every engine together. */
  answers: number;
  engines: Partial<Record<AiEngine, number>>;
}

/** What monitoring.results answers before any run has finished and nothing is configured. */
export const NO_RESULTS: MonitoringResults = {
  run: null,
  config: null,
  market: null,
  markets: [],
  overall: null,
  engines: [],
  prompts: [],
  trend: [],
  publishes: [],
  uplift: [],
  upliftSummary: null,
  products: [],
  answersRemoved: null,
};
