/**
 * A batch of queries over GET — every page load's and every refetch's request, the app's busiest — answered
 * without the Fetch `Request` and `Response` tRPC's `resolveResponse` builds around it (ADR 0054). The
 * answer is built from tRPC's own pieces, in `resolveResponse`'s order: its request parsing
 * (`getRequestInfo`), the procedures themselves, its error shapes (`getErrorShape`), status
 * (`getHTTPStatusCode`) and serialisation (`transformTRPCResponse`); what is left out is the Fetch
 * objects' work (an undici `Request` with its URL parsed twice and an `AbortSignal` joined per call, a
 * `Response` read back as a stream), which was a third of the request's time.
 *
 * Anything else — another method, a single call, JSON lines asked for, a path that names no query,
 * input tRPC cannot parse — is declined before any procedure or `createContext` has run, and goes
 * to `resolveResponse` as before. `query-batch.test.ts` serves one router both ways and requires the
 * same status, headers, body and error reports.
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

/** The answer's headers with the Fetch `Headers` semantics `resolveResponse` gives them: names
 * case-insensitive, `append` joins with ", ", `set-cookie` keeps one value each. */
class AnswerHeaders {
  private readonly values = new Map<string, string[]>();
  set(name: string, value: string): void {
    this.values.set(name.toLowerCase(), [value]);
  }
  append(name: string, value: string): void {
    const key = name.toLowerCase();
    const list = this.values.get(key);
    if (list) list.push(value);
    else this.values.set(key, [value]);
  }
  writeTo(res: ExpressResponse): void {
    for (const [name, list] of this.values)
      res.setHeader(name, name === 'set-cookie' ? list : list.join(', '));
  }
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
  if (url.searchParams.get('batch') !== '1') return false;

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

  const answerHeaders = new AnswerHeaders();
  answerHeaders.set('vary', 'trpc-accept, accept');
  const respond = (untransformed: TRPCResponse | TRPCResponse[], errors: TRPCError[]) => {
    let status = getHTTPStatusCode(untransformed);
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
    if (meta.headers instanceof Headers) {
      for (const [key, value] of meta.headers.entries()) answerHeaders.append(key, value);
    } else if (meta.headers) {
      for (const [key, value] of Object.entries(meta.headers)) {
        if (Array.isArray(value)) for (const v of value) answerHeaders.append(key, v);
        else if (typeof value === 'string') answerHeaders.set(key, value);
      }
    }
    if (meta.status) status = meta.status;
    return status;
  };

  let status: number;
  let body: string;
  try {
    answerHeaders.set('content-type', 'application/json');
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
    status = respond(untransformed, errors);
    body = JSON.stringify(transformTRPCResponse(config, untransformed));
  } catch (cause) {
    // resolveResponse's answer to a failure outside the calls (the transformer or error formatter).
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
    body = JSON.stringify(transformTRPCResponse(config, untransformed));
    status = respond(untransformed, [error]);
  }
  res.statusCode = status;
  answerHeaders.writeTo(res);
  res.end(body);
  return true;
}
