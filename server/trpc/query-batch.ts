/**
 * A batch of queries over GET — every page load's and every refetch's request, the app's busiest — answered
 * without the Fetch `Request` and `Response` tRPC's `resolveResponse` builds around it (ADR 0054). The
 * answer is built from tRPC's own pieces, in `resolveResponse`'s order: its request parsing
 * (`getRequestInfo`), the procedures themselves, its error shapes (`getErrorShape`), status
 * (`getHTTPStatusCode`) and serialisation (`transformTRPCResponse`); what is left out is the Fetch
 * objects' work (an undici `Request` with its URL parsed twice and an `AbortSignal` joined per call, a
 * `Response` read back as a stream), which was a third of the request's time.
 *
 * Anything else — another method, a single call, JSON lines asked for, a path that names no query or
 * does not decode, a batch over the limit, a URL a Fetch `Request` refuses — is declined before any
 * procedure or `createContext` has run, and goes to `resolveResponse` as before. Input that is not
 * JSON is each call's error, as in `resolveResponse`. When `responseMeta` adds a status or headers,
 * the answer is built as tRPC builds it (a Fetch `Headers` and `Response`, which validate both).
 * `express-handler.test.ts` serves one router through tRPC's adapter, ours and this alone, and
 * requires the same status, headers, body and hook calls.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { AnyTRPCProcedure, AnyTRPCRouter, inferRouterContext } from '@trpc/server';
import { createURL } from '@trpc/server/adapters/node-http';
import type { HTTPErrorHandler, ResponseMetaFn } from '@trpc/server/http';
import {
  getAcceptHeader,
  getErrorShape,
  getHTTPStatusCode,
  getRequestInfo,
  getTRPCErrorFromUnknown,
  isAsyncIterable,
  isObject,
  isPromise,
  TRPCError,
  type TRPCRequestInfo,
  type TRPCResponse,
  transformTRPCResponse,
} from '@trpc/server/unstable-core-do-not-import';
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';

export interface QueryBatchOptions<TRouter extends AnyTRPCRouter> {
  router: TRouter;
  maxBatchSize: number;
  createContext: (opts: {
    req: ExpressRequest;
    res: ExpressResponse;
  }) => Promise<inferRouterContext<TRouter>>;
  responseMeta?: ResponseMetaFn<TRouter>;
  onError?: HTTPErrorHandler<TRouter, ExpressRequest>;
}

/** A Node request's headers through the part of the Fetch `Headers` interface tRPC's request parsing
 * reads (`get`, `has`), with the values Node has already combined, as tRPC's own conversion copies them. */
function nodeHeaders(incoming: IncomingHttpHeaders): Headers {
  const get = (name: string): string | null => {
    const value = incoming[name.toLowerCase()];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(', ') : value;
  };
  const headers: Pick<Headers, 'get' | 'has'> = { get, has: (name) => get(name) !== null };
  return headers as Headers;
}

/** The headers every answer of `resolveResponse` carries before `responseMeta` adds any, in the
 * order a Fetch `Headers` gives them. */
const ANSWER_HEADERS: [string, string][] = [
  ['content-type', 'application/json'],
  ['vary', 'trpc-accept, accept'],
];

/** Status and headers to Node's response as tRPC's writer puts them: a status set earlier (by
 * `createContext`, say) is kept, and a Fetch `Headers`'s `set-cookie` values go as one list. */
export function writeHead(
  res: ExpressResponse,
  status: number,
  headers: Headers | readonly [string, string][],
): void {
  if (res.statusCode === 200) res.statusCode = status;
  for (const [key, value] of headers) if (key !== 'set-cookie') res.setHeader(key, value);
  if (!(headers instanceof Headers)) return;
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);
}

/** `resolveResponse`'s test for a value only a streamed answer can carry. */
function isDataStream(value: unknown): boolean {
  if (!isObject(value)) return false;
  if (isAsyncIterable(value)) return true;
  return Object.values(value).some(isPromise) || Object.values(value).some(isAsyncIterable);
}

/** The request's signal, as tRPC's conversion makes it: aborted when the client leaves before the
 * answer has been written. */
function requestSignal(req: ExpressRequest, res: ExpressResponse) {
  const controller = new AbortController();
  const onAbort = () => {
    res.off('close', onClose);
    req.off('aborted', onAbort);
    controller.abort();
  };
  const onClose = () => {
    if (res.writableEnded) {
      req.off('aborted', onAbort);
      return;
    }
    onAbort();
  };
  res.once('close', onClose);
  req.once('aborted', onAbort);
  const detach = () => {
    res.off('close', onClose);
    req.off('aborted', onAbort);
  };
  return { signal: controller.signal, detach };
}

type Call = TRPCRequestInfo['calls'][number];
type CallResult =
  | { call: Call; error: TRPCError; data?: undefined }
  | { call: Call; error?: undefined; data: unknown };

/**
 * Answers `req` when it is a batch of queries over GET and returns true; returns false, having run
 * nothing, for any other request. A failure outside the procedures (an error formatter that throws
 * twice) is thrown, for the caller's exception handler, as `resolveResponse` throws it.
 */
export async function answerQueryBatch<TRouter extends AnyTRPCRouter>(
  options: QueryBatchOptions<TRouter>,
  req: ExpressRequest,
  res: ExpressResponse,
  path: string,
): Promise<boolean> {
  if (req.method !== 'GET') return false;
  const headers = nodeHeaders(req.headers);
  if (getAcceptHeader(headers) === 'application/jsonl') return false;
  let url: URL;
  let decodedPath: string;
  try {
    url = createURL(req);
    decodedPath = decodeURIComponent(path);
  } catch {
    return false;
  }
  // A Fetch Request refuses a URL with credentials (a Host header of `user:pass@host`): tRPC's answer.
  if (url.searchParams.get('batch') !== '1' || url.username || url.password) return false;

  const { router, maxBatchSize, createContext, responseMeta, onError } = options;
  const config = router._def._config;
  const { signal, detach } = requestSignal(req, res);
  let info: TRPCRequestInfo;
  try {
    const request: Pick<Request, 'method' | 'headers' | 'signal' | 'url'> = {
      method: 'GET',
      headers,
      signal,
      url: url.href,
    };
    info = await getRequestInfo({
      req: request as Request,
      path: decodedPath,
      router,
      searchParams: url.searchParams,
      headers,
      url,
      maxBatchSize,
    });
  } catch {
    detach();
    return false;
  }
  const queries: { call: Call; procedure: AnyTRPCProcedure }[] = [];
  for (const call of info.calls) {
    if (call.procedure?._def.type !== 'query') {
      detach();
      return false;
    }
    queries.push({ call, procedure: call.procedure });
  }

  // From here on, what resolveResponse does for a batch that is not streamed, in its order.
  let ctx: inferRouterContext<TRouter> | undefined;
  let ctxError: TRPCError | undefined;
  try {
    ctx = await createContext({ req, res });
  } catch (cause) {
    ctxError = getTRPCErrorFromUnknown(cause);
  }
  const calls = queries.map(async ({ call, procedure }): Promise<CallResult> => {
    try {
      if (ctxError) throw ctxError;
      const data: unknown = await procedure({
        path: call.path,
        getRawInput: call.getRawInput,
        ctx,
        type: 'query',
        signal,
        batchIndex: call.batchIndex,
      });
      return { call, data };
    } catch (cause) {
      const error = getTRPCErrorFromUnknown(cause);
      onError?.({ error, path: call.path, input: call.result(), ctx, type: 'query', req });
      return { call, error };
    }
  });

  // What responseMeta adds goes into a Fetch `Headers`, as in resolveResponse (which validates and
  // trims each value, joins repeats, and keeps what the first call added if a failure calls it again).
  let metaHeaders: Headers | undefined;
  const respond = (untransformed: TRPCResponse | TRPCResponse[], errors: TRPCError[]) => {
    const meta =
      responseMeta?.({
        ctx,
        info,
        paths: info.calls.map((call) => call.path),
        data: Array.isArray(untransformed) ? untransformed : [untransformed],
        errors,
        eagerGeneration: false,
        type: info.type,
      }) ?? {};
    if (meta.headers) {
      const headers = (metaHeaders ??= new Headers(ANSWER_HEADERS));
      if (meta.headers instanceof Headers) {
        for (const [key, value] of meta.headers.entries()) headers.append(key, value);
      } else {
        for (const [key, value] of Object.entries(meta.headers)) {
          if (Array.isArray(value)) for (const v of value) headers.append(key, v);
          else if (typeof value === 'string') headers.set(key, value);
        }
      }
    }
    return {
      status: meta.status || getHTTPStatusCode(untransformed),
      fromMeta: Boolean(meta.status),
    };
  };
  /** The answer, checked as tRPC's `new Response` checks it when a hook had a say in it (a status
   * outside 200–599 or one that carries no body throws, as it does there). */
  const answer = (body: string, { status, fromMeta }: ReturnType<typeof respond>) => {
    if (fromMeta || metaHeaders) new Response(body, { status, headers: metaHeaders });
    return { body, status };
  };

  let written: { body: string; status: number };
  try {
    const results = (await Promise.all(calls)).map((result): CallResult => {
      if (result.error || !isDataStream(result.data)) return result;
      const error = new TRPCError({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message:
          'Cannot use stream-like response in non-streaming request - use httpBatchStreamLink',
      });
      return { call: result.call, error };
    });
    const untransformed = results.map(({ call, error, data }): TRPCResponse => {
      if (!error) return { result: { data } };
      return {
        error: getErrorShape({
          config,
          ctx,
          error,
          input: call.result(),
          path: call.path,
          type: 'query',
        }),
      };
    });
    const errors = results.flatMap(({ error }) => (error ? [error] : []));
    const head = respond(untransformed, errors);
    written = answer(JSON.stringify(transformTRPCResponse(config, untransformed)), head);
  } catch (cause) {
    // resolveResponse's answer to a failure outside the calls (the transformer, the error formatter,
    // a status or header responseMeta gave that a Response refuses). A second failure is thrown.
    const error = getTRPCErrorFromUnknown(cause);
    onError?.({ error, path: undefined, input: undefined, ctx, type: info.type, req });
    const untransformed = {
      error: getErrorShape({
        config,
        error,
        type: info.type,
        path: undefined,
        input: undefined,
        ctx,
      }),
    };
    const body = JSON.stringify(transformTRPCResponse(config, untransformed));
    written = answer(body, respond(untransformed, [error]));
  }
  writeHead(res, written.status, metaHeaders ?? ANSWER_HEADERS);
  res.end(written.body);
  return true;
}
