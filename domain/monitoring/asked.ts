/**
 * How a run asked an engine. Apart from runs.ts, which the entry chunk reaches, so that the models
 * and their prices load with the screens that show them (docs/decisions/0002-lean-entry-chunk.md).
 */
import { AI_MODELS, type AiEngine } from '~/domain/ai/models';
import type { AskedAs } from './runs';

/**
 * How a run asked an engine, from the run's snapshot: its mode from `memoryEngines`, its model as
 * recorded when the run started (runs from before models were recorded: the engine's model now).
 */
export function askedAs(
  snapshot: { memoryEngines?: readonly AiEngine[]; models?: Partial<Record<AiEngine, string>> },
  engine: AiEngine,
): AskedAs {
  return {
    mode: (snapshot.memoryEngines ?? []).includes(engine) ? 'memory' : 'web-search',
    model: snapshot.models?.[engine] ?? AI_MODELS[engine],
  };
}
