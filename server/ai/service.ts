/**
 * The one way the server calls AI models: text, streamed text, structured output checked against a
 * zod schema, and tool calls. Every call records its usage and cost, fails with a typed AiError
 * (retryable or not) and never retries transient failures itself: the job that made the call
 * retries with backoff. A structured answer that cannot be read or breaks the schema is asked for
 * once more, then fails; it is never returned unvalidated.
 */
import {
  generateText as sdkGenerateText,
  Output,
  stepCountIs,
  streamText as sdkStreamText,
  type ToolSet,
} from 'ai';
import { z } from 'zod';
import { AiError, type AiErrorReason } from '~/domain/ai/errors';
import { AI_ENGINES, type AiEngine, type AiModelId, costOf } from '~/domain/ai/models';
import type { AnswerSearch } from '~/domain/monitoring/sources';
import type { SpendArea } from '~/domain/ai-budget/entities';
import type { AiSpendLedger } from '~/server/ai-budget/service';
import { createSharedRateLimiter, type RateCounter } from '~/server/rate-limits';
import { toAiError } from './errors';
import type { AiRegistry, ResolvedModel, SearchOptions } from './registry';
import { readSearch } from './sources';

// Importing the AI SDK installs zod's English messages process-wide ("Invalid input: expected
// object, received array" instead of "Invalid input"). Said here too, so the server's validation
// messages do not depend on which module happens to load first.
z.config(z.locales.en());

export type AiOperation = 'text' | 'stream' | 'object' | 'tools' | 'stream-tools' | 'search';

/** What a streamed call with tools reports as it goes: text deltas and each tool's result. */
export type AiToolStreamPart =
  | { type: 'text'; delta: string }
  | { type: 'tool-result'; toolName: string; input: unknown; output: unknown };

/** One model call, as a run reports it. */
export interface AiUsageRecord {
  provider: AiEngine;
  model: AiModelId;
  operation: AiOperation;
  /** What the call was for (a job kind, an agent), when the caller said. */
  label?: string;
  inputTokens: number;
  outputTokens: number;
  /** Web searches the call ran (billed per search or per grounded prompt). */
  searches?: number;
  costUsd: number;
  ok: boolean;
  reason?: AiErrorReason;
  simulated: boolean;
  at: Date;
}

export interface AiCallOptions {
  /** The configured provider when absent. */
  provider?: AiEngine;
  system?: string;
  prompt: string;
  /** Earlier turns of a conversation, oldest first, sent before `prompt` as the model's messages. */
  history?: readonly { role: 'user' | 'assistant'; content: string }[];
  label?: string;
  abortSignal?: AbortSignal;
  /** Overrides the service's timeout for this call. */
  timeoutMs?: number;
  /** Extra HTTP headers (the simulator's fault header in tests). */
  headers?: Record<string, string>;
  /**
   * Who pays: work done for an org names it and its area. The call is refused (OVER_BUDGET, before
   * anything is sent) once the org's AI budget for the month is spent, and its cost is added to the
   * month after it answers (server/ai-budget/service.ts).
   */
  spend?: { orgId: string; area: SpendArea };
}

export interface AiCallUsage {
  inputTokens: number;
  outputTokens: number;
  /** Web searches billed with the call; absent without search. */
  searches?: number;
  costUsd: number;
}

export interface AiServiceOptions {
  registry: AiRegistry;
  timeoutMs: number;
  /** Called once per model request, failed ones included; a rejected promise is logged by the caller's logger. */
  recordUsage?: (record: AiUsageRecord) => void | Promise<void>;
  onRecordError?: (error: unknown) => void;
  /**
   * Requests per minute each vendor may receive from this process (absent or 0: no limit). Calls
   * over it wait for their turn rather than fail; a vendor's own 429 is still a rate_limited AiError.
   */
  requestsPerMinute?: Partial<Record<AiEngine, number>>;
  /**
   * When given (PostgreSQL), the requests per minute are counted across every process on the database
   * (server/rate-limits.ts): a call over the limit waits for the next minute's window.
   */
  sharedCounter?: RateCounter;
  /** The AI budget calls that name who pays (`spend`) are checked against and charged to. */
  ledger?: AiSpendLedger;
}

/**
 * Spaces one vendor's requests to a rate: each call takes the next free slot (`60_000 / rpm` ms
 * apart), with up to one second's worth of calls let through at once.
 */
export function createRateLimiter(requestsPerMinute: number, now: () => number = Date.now) {
  const interval = 60_000 / requestsPerMinute;
  const burst = Math.max(1, Math.floor(requestsPerMinute / 60));
  let next = 0;
  return {
    /** Resolves when the call may go; rejects with the signal's reason when it aborts first. */
    async acquire(signal?: AbortSignal): Promise<void> {
      const at = now();
      // Idle time refills up to `burst` slots.
      next = Math.max(next, at - (burst - 1) * interval);
      const wait = next - at;
      next += interval;
      if (wait <= 0) return;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, wait);
        signal?.addEventListener(
          'abort',
          () => {
            clearTimeout(timer);
            reject(signal.reason);
          },
          { once: true },
        );
      });
    },
  };
}

export interface AiService {
  /**
   * The answer engines this server can ask (a key, or the simulator): what a new monitoring
   * configuration starts with. Every engine when none is, so a configuration can still be written.
   */
  engines(): AiEngine[];
  generateText(options: AiCallOptions): Promise<{ text: string; usage: AiCallUsage }>;
  /**
   * Text answered with the vendor's own web search (its provider tool): the answer, and the sources,
   * citations and queries its engine reports. Search fees are in the cost.
   */
  generateWithSearch(
    options: AiCallOptions & { search: SearchOptions },
  ): Promise<{ text: string; usage: AiCallUsage; search: AnswerSearch }>;
  /** Text deltas as they arrive; `done` resolves with the whole text and usage (or rejects with the AiError). */
  streamText(options: AiCallOptions): {
    textStream: AsyncIterable<string>;
    done: Promise<{ text: string; usage: AiCallUsage }>;
  };
  generateObject<T>(
    options: AiCallOptions & { schema: z.ZodType<T>; schemaName?: string },
  ): Promise<{ object: T; usage: AiCallUsage; attempts: number }>;
  /** Lets the model call `tools` (executed here) for up to `maxSteps` rounds, then answer in text. */
  generateWithTools<TOOLS extends ToolSet>(
    options: AiCallOptions & { tools: TOOLS; maxSteps?: number },
  ): Promise<{
    text: string;
    toolCalls: { toolName: string; input: unknown }[];
    usage: AiCallUsage;
  }>;
  /**
   * `generateWithTools`, streamed: text deltas and tool results as they come. The stream throws the
   * AiError on a provider failure, or the signal's reason when the caller aborts.
   */
  streamWithTools<TOOLS extends ToolSet>(
    options: AiCallOptions & { tools: TOOLS; maxSteps?: number },
  ): AsyncGenerator<AiToolStreamPart>;
}

const BAD_OUTPUT: readonly AiErrorReason[] = ['malformed_output', 'schema_mismatch'];

export function createAiService(options: AiServiceOptions): AiService {
  const limiters = new Map(
    Object.entries(options.requestsPerMinute ?? {})
      .filter(([, rpm]) => typeof rpm === 'number' && rpm > 0)
      .map(([provider, rpm]) => [
        provider as AiEngine,
        options.sharedCounter
          ? createSharedRateLimiter(options.sharedCounter, `ai:${provider}`, rpm!)
          : createRateLimiter(rpm!),
      ]),
  );
  const turn = (resolved: ResolvedModel, call: AiCallOptions) =>
    limiters.get(resolved.provider)?.acquire(call.abortSignal);

  const record = (
    resolved: ResolvedModel,
    operation: AiOperation,
    call: AiCallOptions,
    usage: { inputTokens?: number | undefined; outputTokens?: number | undefined } | undefined,
    failure?: AiError,
    searches = 0,
  ): AiCallUsage => {
    const inputTokens = usage?.inputTokens ?? 0;
    const outputTokens = usage?.outputTokens ?? 0;
    const costUsd = costOf({ model: resolved.modelId, inputTokens, outputTokens, searches });
    try {
      const pending = options.recordUsage?.({
        provider: resolved.provider,
        model: resolved.modelId,
        operation,
        ...(call.label ? { label: call.label } : {}),
        inputTokens,
        outputTokens,
        ...(searches > 0 ? { searches } : {}),
        costUsd,
        ok: !failure,
        ...(failure ? { reason: failure.reason } : {}),
        simulated: resolved.simulated,
        at: new Date(),
      });
      if (pending) pending.catch((error: unknown) => options.onRecordError?.(error));
    } catch (error) {
      options.onRecordError?.(error);
    }
    return { inputTokens, outputTokens, ...(searches > 0 ? { searches } : {}), costUsd };
  };

  /** Refuses a call whose org has spent its month's budget: nothing is sent to the model. */
  const affordable = async (call: AiCallOptions): Promise<void> => {
    if (call.spend && options.ledger) await options.ledger.assertAvailable(call.spend.orgId);
  };
  /** Adds an answered call's cost to its org's month, before the caller sees the answer. */
  const charge = async (call: AiCallOptions, usage: AiCallUsage): Promise<AiCallUsage> => {
    if (call.spend && options.ledger) {
      try {
        await options.ledger.add(call.spend.orgId, call.spend.area, usage);
      } catch (error) {
        options.onRecordError?.(error);
      }
    }
    return usage;
  };

  const signalFor = (call: AiCallOptions) => {
    const timeout = AbortSignal.timeout(call.timeoutMs ?? options.timeoutMs);
    return call.abortSignal ? AbortSignal.any([call.abortSignal, timeout]) : timeout;
  };

  const common = (resolved: ResolvedModel, call: AiCallOptions) => ({
    ...resolved.plain,
    model: resolved.model,
    ...(call.system ? { system: call.system } : {}),
    ...(call.history?.length
      ? { messages: [...call.history, { role: 'user' as const, content: call.prompt }] }
      : { prompt: call.prompt }),
    // Retries belong to the job that made the call (backoff, a retry budget), not to each request.
    maxRetries: 0,
    abortSignal: signalFor(call),
    ...(call.headers ? { headers: call.headers } : {}),
  });

  /** The typed failure, recorded; errors that are not AI failures (our bugs, the caller's abort) pass through. */
  const fail = (
    resolved: ResolvedModel,
    operation: AiOperation,
    call: AiCallOptions,
    error: unknown,
  ) => {
    if (call.abortSignal?.aborted) return error;
    const typed = toAiError(error, resolved.provider);
    record(resolved, operation, call, undefined, typed ?? undefined);
    return typed ?? error;
  };

  /** Runs `attempt` again once when the answer could not be read or broke the schema. */
  async function withOneRetry<R>(
    resolved: ResolvedModel,
    operation: AiOperation,
    call: AiCallOptions,
    attempt: () => Promise<R>,
  ): Promise<{ result: R; attempts: number }> {
    for (let attempts = 1; ; attempts += 1) {
      try {
        return { result: await attempt(), attempts };
      } catch (error) {
        const failure = fail(resolved, operation, call, error);
        if (attempts === 1 && failure instanceof AiError && BAD_OUTPUT.includes(failure.reason)) {
          continue;
        }
        throw failure;
      }
    }
  }

  return {
    engines() {
      const configured = options.registry
        .describe()
        .filter((p) => p.target !== 'none')
        .map((p) => p.provider);
      return configured.length > 0 ? configured : [...AI_ENGINES];
    },

    async generateText(call) {
      const resolved = options.registry.model(call.provider);
      await affordable(call);
      const { result } = await withOneRetry(resolved, 'text', call, async () => {
        await turn(resolved, call);
        return sdkGenerateText(common(resolved, call));
      });
      return {
        text: result.text,
        usage: await charge(call, record(resolved, 'text', call, result.totalUsage)),
      };
    },

    async generateWithSearch(call) {
      const resolved = options.registry.model(call.provider);
      await affordable(call);
      const { result } = await withOneRetry(resolved, 'search', call, async () => {
        await turn(resolved, call);
        return sdkGenerateText({
          ...common(resolved, call),
          ...resolved.search(call.search),
        });
      });
      const search = readSearch(resolved.provider, result);
      return {
        text: result.text,
        search,
        usage: await charge(
          call,
          record(resolved, 'search', call, result.totalUsage, undefined, search.searches),
        ),
      };
    },

    streamText(call) {
      const resolved = options.registry.model(call.provider);
      let resolveDone!: (value: { text: string; usage: AiCallUsage }) => void;
      let rejectDone!: (reason: unknown) => void;
      const done = new Promise<{ text: string; usage: AiCallUsage }>((res, rej) => {
        resolveDone = res;
        rejectDone = rej;
      });
      // A caller that only reads the stream still sees the failure there; this keeps an unread
      // `done` from becoming an unhandled rejection.
      done.catch(() => undefined);
      async function* textStream(): AsyncGenerator<string> {
        let text = '';
        try {
          await affordable(call);
        } catch (error) {
          rejectDone(error);
          throw error;
        }
        try {
          await turn(resolved, call);
          const result = sdkStreamText({
            ...common(resolved, call),
            // The error part below carries the failure; without this the SDK also logs it.
            onError: () => undefined,
          });
          for await (const part of result.fullStream) {
            if (part.type === 'text-delta') {
              text += part.text;
              yield part.text;
            } else if (part.type === 'error') {
              throw part.error;
            } else if (part.type === 'abort') {
              throw (
                call.abortSignal?.reason ?? new DOMException('The call timed out', 'TimeoutError')
              );
            }
          }
          const usage = await charge(
            call,
            record(resolved, 'stream', call, await result.totalUsage),
          );
          resolveDone({ text, usage });
        } catch (error) {
          const failure = fail(resolved, 'stream', call, error);
          rejectDone(failure);
          throw failure;
        }
      }
      return { textStream: textStream(), done };
    },

    async generateObject<T>(call: AiCallOptions & { schema: z.ZodType<T>; schemaName?: string }) {
      const resolved = options.registry.model(call.provider);
      await affordable(call);
      const { result, attempts } = await withOneRetry(resolved, 'object', call, async () => {
        await turn(resolved, call);
        const r = await sdkGenerateText({
          ...common(resolved, call),
          output: Output.object({
            schema: call.schema,
            ...(call.schemaName ? { name: call.schemaName } : {}),
          }),
        });
        // The SDK validated it; validate again so nothing unchecked leaves this function whatever
        // the SDK version does.
        const checked = call.schema.safeParse(r.output);
        if (!checked.success) {
          throw new AiError('schema_mismatch', {
            provider: resolved.provider,
            cause: checked.error,
          });
        }
        return { object: checked.data, usage: r.totalUsage };
      });
      return {
        object: result.object,
        usage: await charge(call, record(resolved, 'object', call, result.usage)),
        attempts,
      };
    },

    async generateWithTools(call) {
      const resolved = options.registry.model(call.provider);
      await affordable(call);
      const { result } = await withOneRetry(resolved, 'tools', call, async () => {
        await turn(resolved, call);
        return sdkGenerateText({
          ...common(resolved, call),
          tools: call.tools,
          stopWhen: stepCountIs(call.maxSteps ?? 5),
        });
      });
      return {
        text: result.text,
        toolCalls: result.steps.flatMap((step) =>
          step.toolCalls.map((c) => ({ toolName: c.toolName, input: c.input })),
        ),
        usage: await charge(call, record(resolved, 'tools', call, result.totalUsage)),
      };
    },

    async *streamWithTools(call) {
      const resolved = options.registry.model(call.provider);
      await affordable(call);
      try {
        await turn(resolved, call);
        const result = sdkStreamText({
          ...common(resolved, call),
          tools: call.tools,
          stopWhen: stepCountIs(call.maxSteps ?? 5),
          onError: () => undefined,
        });
        for await (const part of result.fullStream) {
          if (part.type === 'text-delta') {
            yield { type: 'text', delta: part.text };
          } else if (part.type === 'tool-result') {
            yield {
              type: 'tool-result',
              toolName: part.toolName,
              input: part.input,
              output: part.output,
            };
          } else if (part.type === 'tool-error') {
            throw part.error;
          } else if (part.type === 'error') {
            throw part.error;
          } else if (part.type === 'abort') {
            throw (
              call.abortSignal?.reason ?? new DOMException('The call timed out', 'TimeoutError')
            );
          }
        }
        await charge(call, record(resolved, 'stream-tools', call, await result.totalUsage));
      } catch (error) {
        throw fail(resolved, 'stream-tools', call, error);
      }
    },
  };
}
