/**
 * Runs the AI provider simulator on its own: `npm run ai-simulator`. Point the server at it with
 * AI_SIMULATOR_URL (printed on start); AI_SIMULATOR_PORT picks the port (default 4020),
 * AI_SIMULATOR_LATENCY_MS a wait before every answer (default 0), AI_SIMULATOR_STOREFRONTS the B2C
 * simulator's URL whose live storefronts shopping answers depend on (none by default).
 */
import { createAiSimulator } from './simulator';

const port = Number(process.env.AI_SIMULATOR_PORT ?? 4020);
// A model's thinking time, for benches: every call waits this long before answering.
const latencyMs = Number(process.env.AI_SIMULATOR_LATENCY_MS ?? 0);
// Shopping answers read the storefronts this B2C simulator serves, as a crawler would.
const storefronts = process.env.AI_SIMULATOR_STOREFRONTS || undefined;
const sim = await createAiSimulator({ port, latencyMs, ...(storefronts ? { storefronts } : {}) });

const lines = [
  `AI provider simulator at ${sim.url}  (AI_SIMULATOR_URL=${sim.url})`,
  `  OpenAI:    ${sim.baseUrls.openai}  (Responses, Chat Completions, models)`,
  `  Anthropic: ${sim.baseUrls.anthropicSdk}  (AI SDK: ${sim.baseUrls.anthropic})`,
  `  Google:    ${sim.baseUrls.googleSdk}  (AI SDK: ${sim.baseUrls.google})`,
  `  Faults:    POST ${sim.url}/__sim/faults {"kind":"rate_limit","vendor":"anthropic"}`,
  ...(storefronts ? [`  Shopping answers crawl the storefronts of ${storefronts}`] : []),
];
process.stdout.write(`${lines.join('\n')}\n`);

const shutdown = () => {
  void sim.stop().then(() => process.exit(0));
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
