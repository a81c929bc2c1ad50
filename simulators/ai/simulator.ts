/**
 * The AI provider simulator: one loopback HTTP server speaking each vendor's API as their SDKs call
 * it, at /openai/v1 (Responses, Chat Completions, models), /anthropic (/v1/messages, /v1/models)
 * /google (/v1beta/models/{model}:generateContent, :streamGenerateContent, models) and /perplexity
 * (/chat/completions, Sonar with its web search). Answers are
 * deterministic for a request; faults are injected per vendor. See
 * docs/decisions/0020-ai-models-and-simulator.md.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Request, type Response } from 'express';
import { z } from 'zod';
import { AI_MODELS } from '~/domain/ai/models';
import { anthropicModels, messagesJson, messagesStream, parseMessagesRequest } from './anthropic';
import {
  type AiVendor,
  type AnswerFlavour,
  answer,
  languageOf,
  type SimAnswer,
  type SimRequest,
  seedOf,
  taskOf,
  DEFAULT_MISSTATEMENTS,
  type Misstatements,
} from './answers';
import {
  AI_FAULT_KINDS,
  type AiFaultKind,
  type AiFaultRule,
  FAULT_HEADER,
  httpFault,
} from './faults';
import {
  generateContentJson,
  generateContentStream,
  googleModels,
  parseGenerateContentRequest,
} from './google';
import {
  chatJson,
  chatStream,
  openaiModels,
  parseChatRequest,
  parseResponsesRequest,
  responsesJson,
  responsesStream,
} from './openai';
import { parseSonarRequest, sonarJson, sonarStream } from './perplexity';
import { createStorefrontCrawler, type StorefrontProduct } from './storefront';
import { isRecord, sse, type SseWriter } from './wire';

/** A request's own wait before the answer, in milliseconds. */
export const LATENCY_HEADER = 'x-ai-sim-latency-ms';

const MAX_LOGGED_REQUESTS = 1000;

export const AI_VENDORS = [
  'openai',
  'anthropic',
  'google',
  'perplexity',
] as const satisfies readonly AiVendor[];

/** Models each vendor lists; any model id is answered. */
export const SIM_MODELS: Record<AiVendor, readonly string[]> = {
  openai: [AI_MODELS.openai, 'gpt-5-mini'],
  anthropic: [AI_MODELS.anthropic, 'claude-haiku-5-5'],
  google: [AI_MODELS.google, 'gemini-2.5-pro'],
  perplexity: [AI_MODELS.perplexity, 'sonar-pro'],
};

const rate = z.number().min(0).max(1);
const misstatementsSchema = z
  .object({ price: rate, discontinued: rate })
  .refine((r) => r.price + r.discontinued <= 1);

export interface AiSimulatorOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** Milliseconds every model call waits before answering, like a real model's thinking time; 0 by default. */
  latencyMs?: number;
  /**
   * The B2C simulator's URL: shopping answers then depend on the storefronts it serves, crawled
   * through their Shop API (see storefront.ts). Absent, they name the simulator's own brand.
   */
  storefronts?: string;
  /** How often shopping answers misstate the storefront's product (DEFAULT_MISSTATEMENTS if absent). */
  misstatements?: Misstatements;
  /** How often shopping answers name the storefront's product, relative to the answer model (1). */
  visibility?: number;
}

export interface AiSimulatorRequest {
  vendor: AiVendor;
  path: string;
  stream: boolean;
  /** The last user turn's text. */
  prompt: string;
  fault?: AiFaultKind;
  /**
   * The country the request gave its web search's user location (OpenAI's `web_search` and
   * Anthropic's `web_search_*` tools' `user_location.country`, Perplexity's
   * `web_search_options.user_location.country`; Gemini's search takes none). Only recorded: the
   * answer's language comes from the question, and the simulated search ranks nothing by country.
   */
  country?: string;
}

export interface AiSimulator {
  /** The origin, e.g. "http://127.0.0.1:4020". */
  url: string;
  /** Base URLs as each vendor's SDK takes them. */
  baseUrls: {
    /** AI SDK and the openai SDK. */
    openai: string;
    /** AI SDK (`createAnthropic`): includes /v1. */
    anthropic: string;
    /** @anthropic-ai/sdk: without /v1. */
    anthropicSdk: string;
    /** AI SDK (`createGoogleGenerativeAI`): includes /v1beta. */
    google: string;
    /** @google/genai: without /v1beta. */
    googleSdk: string;
    /** AI SDK (`createPerplexity`) and the openai SDK at Perplexity's base URL. */
    perplexity: string;
  };
  faults: { add(rule: AiFaultRule): () => void; clear(): void };
  /** Changes the wait before every answer (benches set it); a request's `x-ai-sim-latency-ms` header overrides it. */
  setLatency(ms: number): void;
  /** Changes how often shopping answers misstate the storefront's product (`POST /__sim/misstatements`). */
  setMisstatements(rates: Misstatements): void;
  /**
   * Scales how often shopping answers name the storefront's product (`POST /__sim/visibility`): 1 as
   * the answer model has it, 0 never. What an engine's update or a rival's new pages do to a brand.
   */
  setVisibility(share: number): void;
  /** Model calls answered (or faulted), oldest first; the last 1,000. */
  requests: AiSimulatorRequest[];
  stop(): Promise<void>;
}

interface Route<Body> {
  vendor: AiVendor;
  parse(body: Record<string, unknown>, req: Request): SimRequest;
  stream(body: Record<string, unknown>, req: Request): boolean;
  json(sim: SimRequest, a: SimAnswer, seed: number): Body;
  sse(sim: SimRequest, a: SimAnswer, seed: number, out: SseWriter): void;
}

export function baseUrlsFor(url: string): AiSimulator['baseUrls'] {
  return {
    openai: `${url}/openai/v1`,
    anthropic: `${url}/anthropic/v1`,
    anthropicSdk: `${url}/anthropic`,
    google: `${url}/google/v1beta`,
    googleSdk: `${url}/google`,
    perplexity: `${url}/perplexity`,
  };
}

/** Distinct requests whose repeat count the simulator remembers. */
const MAX_OCCURRENCES = 100_000;

export async function createAiSimulator(options: AiSimulatorOptions = {}): Promise<AiSimulator> {
  let rules: (AiFaultRule & { remaining: number })[] = [];
  const requests: AiSimulatorRequest[] = [];
  const hanging = new Set<Response>();
  /** Times each request (by its seed) was asked; the oldest forgotten past MAX_OCCURRENCES. */
  const occurrences = new Map<number, number>();

  const addRule = (rule: AiFaultRule) => {
    const entry = { ...rule, remaining: rule.times === 0 ? Infinity : (rule.times ?? 1) };
    rules.push(entry);
    return () => {
      rules = rules.filter((r) => r !== entry);
    };
  };

  /** The fault for this request: its header first, else the first matching rule (consumed). */
  const takeFault = (vendor: AiVendor, req: Request): AiFaultRule | undefined => {
    const header = req.get(FAULT_HEADER);
    if (header && (AI_FAULT_KINDS as readonly string[]).includes(header)) {
      const retryAfter = Number(req.get(`${FAULT_HEADER}-retry-after`));
      return {
        kind: header as AiFaultKind,
        ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}),
      };
    }
    const rule = rules.find((r) => !r.vendor || r.vendor === vendor);
    if (!rule) return undefined;
    rule.remaining -= 1;
    if (rule.remaining <= 0) rules = rules.filter((r) => r !== rule);
    return rule;
  };

  let latencyMs = options.latencyMs ?? 0;
  let misstatements = options.misstatements ?? DEFAULT_MISSTATEMENTS;
  let visibility = rate.parse(options.visibility ?? 1);
  const crawler = options.storefronts ? createStorefrontCrawler(options.storefronts) : null;

  /**
   * Whether a request is a shopping question asked with the vendor's web search (and no tools of its
   * own), which the storefronts' pages answer. Without search a model answers from what it learnt in
   * training: the simulator's own, fixed world, which no publish changes.
   */
  const asksStorefront = (sim: SimRequest) =>
    sim.webSearch !== undefined &&
    sim.tools.length === 0 &&
    sim.toolResults.length === 0 &&
    taskOf(`${sim.system}\n${sim.prompt}`) === 'shopping';
  /** What the storefronts answer a request with; never throws ([] when the crawl fails). */
  const storefrontFor = async (sim: SimRequest): Promise<StorefrontProduct[]> => {
    try {
      return (await crawler?.productsFor(sim.prompt, languageOf(sim))) ?? [];
    } catch {
      return [];
    }
  };

  const handle =
    <Body>(route: Route<Body>) =>
    (req: Request, res: Response) => {
      const run = () => {
        answerCall(route, req, res).catch((error: unknown) => {
          if (res.headersSent) res.end();
          else res.status(500).json({ error: { message: String(error) } });
        });
      };
      const wait = Number(req.get(LATENCY_HEADER) ?? latencyMs);
      if (Number.isFinite(wait) && wait > 0) {
        const timer = setTimeout(run, wait);
        res.on('close', () => clearTimeout(timer));
        return;
      }
      run();
    };

  async function answerCall<Body>(route: Route<Body>, req: Request, res: Response): Promise<void> {
    const body: Record<string, unknown> = isRecord(req.body) ? req.body : {};
    const stream = route.stream(body, req);
    const fault = takeFault(route.vendor, req);
    // A long `npm start` session keeps only the recent calls.
    if (requests.length >= MAX_LOGGED_REQUESTS)
      requests.splice(0, requests.length - MAX_LOGGED_REQUESTS + 1);
    // Parsed before the log, so a faulted call's entry says what it asked too.
    const parsed = route.parse(body, req);
    const country = parsed.webSearch?.country;
    requests.push({
      vendor: route.vendor,
      path: req.path,
      stream,
      prompt: parsed.prompt,
      ...(fault ? { fault: fault.kind } : {}),
      ...(country !== undefined ? { country } : {}),
    });
    if (fault) {
      const http = httpFault(route.vendor, fault);
      if (http) {
        res.status(http.status).set(http.headers).json(http.body);
        return;
      }
      if (fault.kind === 'timeout') {
        // Never answer: the caller's timeout is what ends it (or the simulator stopping).
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
    }
    // The same request asked again gets its next sample (deterministic by the count).
    const asked = seedOf(parsed);
    const occurrence = occurrences.get(asked) ?? 0;
    occurrences.set(asked, occurrence + 1);
    if (occurrences.size > MAX_OCCURRENCES) occurrences.delete(occurrences.keys().next().value!);
    // Only a crawl waits; every other answer is given in the same tick, as before storefronts.
    const storefront = crawler && asksStorefront(parsed) ? await storefrontFor(parsed) : undefined;
    const sim: SimRequest = {
      ...parsed,
      occurrence,
      misstatements,
      visibility,
      ...(storefront ? { storefront } : {}),
    };
    const flavour: AnswerFlavour =
      fault?.kind === 'schema_mismatch'
        ? 'schema-breaking'
        : fault?.kind === 'malformed_json' && sim.schema
          ? 'malformed'
          : 'valid';
    const a = answer(sim, flavour);
    const seed = seedOf(sim);
    if (fault?.kind === 'malformed_json' && !sim.schema) {
      // Nothing was asked in JSON, so the envelope itself is cut off.
      const whole = JSON.stringify(route.json(sim, a, seed));
      if (stream) {
        const out = sse(res);
        out.raw(`data: ${whole.slice(0, Math.floor(whole.length / 2))}\n\n`);
        out.end();
      } else {
        res
          .status(200)
          .type('application/json')
          .send(whole.slice(0, Math.floor(whole.length / 2)));
      }
      return;
    }
    if (stream) route.sse(sim, a, seed, sse(res));
    else res.json(route.json(sim, a, seed));
  }

  const app = express();
  app.disable('x-powered-by');
  app.use(express.json({ limit: '20mb' }));

  app.post('/__sim/faults', (req, res) => {
    const body = (isRecord(req.body) ? req.body : {}) as Partial<AiFaultRule>;
    if (!body.kind || !(AI_FAULT_KINDS as readonly string[]).includes(body.kind)) {
      res.status(400).json({ error: `kind must be one of ${AI_FAULT_KINDS.join(', ')}` });
      return;
    }
    if (body.vendor && !(AI_VENDORS as readonly string[]).includes(body.vendor)) {
      res.status(400).json({ error: `vendor must be one of ${AI_VENDORS.join(', ')}` });
      return;
    }
    addRule(body as AiFaultRule);
    res.status(201).json({ ok: true });
  });
  app.post('/__sim/misstatements', (req, res) => {
    const parsed = misstatementsSchema.safeParse(req.body);
    if (!parsed.success) {
      res.status(400).json({ error: 'price and discontinued must be numbers from 0 to 1' });
      return;
    }
    misstatements = parsed.data;
    res.json(misstatements);
  });
  app.post('/__sim/visibility', (req, res) => {
    const parsed = z.object({ share: rate }).safeParse(req.body);
    if (!parsed.success) {
      res.status(400).json({ error: 'share must be a number from 0 to 1' });
      return;
    }
    visibility = parsed.data.share;
    res.json({ share: visibility });
  });
  app.delete('/__sim/faults', (_req, res) => {
    rules = [];
    res.status(204).end();
  });
  app.get('/', (_req, res) => {
    res.json({ simulator: 'ai', vendors: baseUrlsFor(url), models: SIM_MODELS });
  });

  // OpenAI
  app.post(
    '/openai/v1/responses',
    handle({
      vendor: 'openai',
      parse: parseResponsesRequest,
      stream: (b) => b.stream === true,
      json: responsesJson,
      sse: responsesStream,
    }),
  );
  app.post(
    '/openai/v1/chat/completions',
    handle({
      vendor: 'openai',
      parse: parseChatRequest,
      stream: (b) => b.stream === true,
      json: chatJson,
      sse: chatStream,
    }),
  );
  app.get('/openai/v1/models', (_req, res) => {
    res.json(openaiModels(SIM_MODELS.openai));
  });

  // Anthropic
  app.post(
    '/anthropic/v1/messages',
    handle({
      vendor: 'anthropic',
      parse: parseMessagesRequest,
      stream: (b) => b.stream === true,
      json: messagesJson,
      sse: messagesStream,
    }),
  );
  app.get('/anthropic/v1/models', (_req, res) => {
    res.json(anthropicModels(SIM_MODELS.anthropic));
  });

  // Google: the model and the method share one path segment ("gemini-2.5-flash:generateContent").
  // The AI SDK calls v1beta; @google/genai given only a base URL calls v1.
  const googleCall =
    /^\/google\/v1(?:beta)?\/models\/([^/:]+):(generateContent|streamGenerateContent)$/;
  app.post(
    googleCall,
    handle({
      vendor: 'google',
      parse: (b, req) => parseGenerateContentRequest(googleCall.exec(req.path)?.[1] ?? '', b),
      stream: (_b, req) => req.path.endsWith(':streamGenerateContent'),
      json: generateContentJson,
      sse: generateContentStream,
    }),
  );
  app.get(['/google/v1beta/models', '/google/v1/models'], (_req, res) => {
    res.json(googleModels(SIM_MODELS.google));
  });

  // Perplexity: Sonar's chat completions, which search unless told not to.
  app.post(
    '/perplexity/chat/completions',
    handle({
      vendor: 'perplexity',
      parse: parseSonarRequest,
      stream: (b) => b.stream === true,
      json: sonarJson,
      sse: sonarStream,
    }),
  );

  app.use((req, res) => {
    res.status(404).json({ error: { message: `No simulated endpoint ${req.method} ${req.path}` } });
  });

  const server: Server = createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const url = `http://${options.host ?? '127.0.0.1'}:${address.port}`;

  return {
    url,
    baseUrls: baseUrlsFor(url),
    setLatency: (ms) => {
      latencyMs = ms;
    },
    setMisstatements: (rates) => {
      misstatements = misstatementsSchema.parse(rates);
    },
    setVisibility: (share) => {
      visibility = rate.parse(share);
    },
    faults: {
      add: addRule,
      clear: () => {
        rules = [];
      },
    },
    requests,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        for (const res of hanging) res.destroy();
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
