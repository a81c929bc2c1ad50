/** Google's Gemini API wire format: generateContent and streamGenerateContent (?alt=sse). */
import type { SimAnswer, SimRequest, SimTool } from './answers';
import { chunks } from './answers';
import {
  byteOffset,
  domainOf,
  GEMINI_REDIRECT_BASE,
  pageToken,
  type SimWebSearch,
} from './web-search';
import {
  ANY_JSON_SCHEMA,
  asArray,
  isRecord,
  simId,
  simRequest,
  simTool,
  type SseWriter,
  textOf,
} from './wire';

export function parseGenerateContentRequest(
  model: string,
  body: Record<string, unknown>,
): SimRequest {
  const system = isRecord(body.systemInstruction) ? textOf(body.systemInstruction.parts) : '';
  let prompt = '';
  const toolResults: string[] = [];
  for (const c of asArray(body.contents)) {
    if (!isRecord(c) || (c.role !== undefined && c.role !== 'user')) continue;
    const text = textOf(c.parts);
    if (text) prompt = text;
    for (const part of asArray(c.parts)) {
      if (isRecord(part) && isRecord(part.functionResponse)) {
        toolResults.push(JSON.stringify(part.functionResponse.response ?? {}));
      }
    }
  }
  const tools: SimTool[] = asArray(body.tools).flatMap((t) =>
    isRecord(t)
      ? asArray(t.functionDeclarations)
          .filter(isRecord)
          .map((f) =>
            simTool(f, isRecord(f.parametersJsonSchema) ? f.parametersJsonSchema : f.parameters),
          )
      : [],
  );
  const calling =
    isRecord(body.toolConfig) && isRecord(body.toolConfig.functionCallingConfig)
      ? body.toolConfig.functionCallingConfig
      : {};
  const allowed = asArray(calling.allowedFunctionNames);
  const forcedTool =
    calling.mode === 'ANY'
      ? typeof allowed[0] === 'string' && allowed.length === 1
        ? allowed[0]
        : true
      : undefined;
  const config = isRecord(body.generationConfig) ? body.generationConfig : {};
  const givenSchema = isRecord(config.responseJsonSchema)
    ? config.responseJsonSchema
    : isRecord(config.responseSchema)
      ? config.responseSchema
      : undefined;
  const schema =
    givenSchema ?? (config.responseMimeType === 'application/json' ? ANY_JSON_SCHEMA : undefined);
  // Grounding with Google Search: a `googleSearch` tool (REST also takes `google_search`).
  const webSearch: SimWebSearch | undefined = asArray(body.tools).some(
    (t) => isRecord(t) && (isRecord(t.googleSearch) || isRecord(t.google_search)),
  )
    ? {}
    : undefined;
  return simRequest({
    ...(webSearch ? { webSearch } : {}),
    vendor: 'google',
    model,
    system,
    prompt,
    raw: body,
    schema,
    tools,
    forcedTool,
    toolResults,
  });
}

const usageMetadata = (a: SimAnswer, outputTokens = a.outputTokens) => ({
  promptTokenCount: a.inputTokens,
  candidatesTokenCount: outputTokens,
  totalTokenCount: a.inputTokens + outputTokens,
});

function parts(a: SimAnswer): Record<string, unknown>[] {
  return a.kind === 'tool'
    ? a.calls.map((c) => ({ functionCall: { name: c.name, args: c.args } }))
    : [{ text: a.text }];
}

/**
 * A searched answer's grounding: the queries, a chunk per page found (its `uri` a redirect to the
 * page, its `title` the page's domain, as the Gemini API gives them) and the answer's spans, counted
 * in UTF-8 bytes, with the chunks that support them.
 */
function groundingMetadata(a: SimAnswer) {
  if (a.kind !== 'text' || !a.search) return undefined;
  const { queries, results, citations } = a.search;
  return {
    webSearchQueries: queries,
    searchEntryPoint: {
      renderedContent: `<div class="container">${queries.map((q) => `<a class="chip">${q}</a>`).join('')}</div>`,
    },
    groundingChunks: results.map((r) => ({
      web: { uri: `${GEMINI_REDIRECT_BASE}${pageToken(r.url)}`, title: domainOf(r.url) },
    })),
    groundingSupports: citations.map((c) => ({
      segment: {
        startIndex: byteOffset(a.text, c.start),
        endIndex: byteOffset(a.text, c.end),
        text: a.text.slice(c.start, c.end),
      },
      groundingChunkIndices: [c.result],
    })),
  };
}

export function generateContentJson(req: SimRequest, a: SimAnswer, seed: number) {
  const grounding = groundingMetadata(a);
  return {
    candidates: [
      {
        content: { role: 'model', parts: parts(a) },
        finishReason: 'STOP',
        index: 0,
        ...(grounding ? { groundingMetadata: grounding } : {}),
      },
    ],
    usageMetadata: usageMetadata(a),
    modelVersion: req.model,
    responseId: simId('', seed),
  };
}

export function generateContentStream(req: SimRequest, a: SimAnswer, seed: number, out: SseWriter) {
  const base = { modelVersion: req.model, responseId: simId('', seed) };
  const pieces: Record<string, unknown>[][] =
    a.kind === 'tool' ? [parts(a)] : chunks(a.text).map((text) => [{ text }]);
  const grounding = groundingMetadata(a);
  let written = 0;
  pieces.forEach((p, i) => {
    const last = i === pieces.length - 1;
    written += a.kind === 'text' ? String(p[0]?.text ?? '').length : 0;
    const outputTokens = last ? a.outputTokens : Math.ceil(written / 4);
    out.raw(
      `data: ${JSON.stringify({
        candidates: [
          {
            content: { role: 'model', parts: p },
            index: 0,
            ...(last ? { finishReason: 'STOP' } : {}),
            ...(last && grounding ? { groundingMetadata: grounding } : {}),
          },
        ],
        usageMetadata: usageMetadata(a, outputTokens),
        ...base,
      })}\r\n\r\n`,
    );
  });
  out.end();
}

export function googleModels(models: readonly string[]) {
  return {
    models: models.map((id) => ({
      name: `models/${id}`,
      version: '001',
      displayName: id.replace(/-/g, ' ').replace(/^gemini/, 'Gemini'),
      description: `Simulated ${id}`,
      inputTokenLimit: 1_048_576,
      outputTokenLimit: 65_536,
      supportedGenerationMethods: ['generateContent', 'countTokens'],
    })),
  };
}
