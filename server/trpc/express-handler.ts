/**
 * tRPC over Express: tRPC's own request resolution (`resolveResponse` from `@trpc/server/http`, the
 * entry point tRPC documents for adapters) between tRPC's own request conversion
 * (`incomingMessageToRequest`) and a writer of ours. It differs from `createExpressMiddleware` in one
 * step only, the writing of the answer (ADR 0053): tRPC pipes every answer through a WritableStream
 * chunk by chunk, which for a JSON answer — every query and mutation that is not streamed, the app's
 * busiest path — is one chunk known in full before the first byte goes out. Such an answer is written
 * whole with one `res.end`; a streamed answer (`trpc-accept: application/jsonl`, server-sent events) is
 * piped as tRPC pipes it, each chunk flushed as it comes.
 */
import type { AnyTRPCRouter, inferRouterContext } from '@trpc/server';
import {
  incomingMessageToRequest,
  internal_exceptionHandler,
} from '@trpc/server/adapters/node-http';
import { type HTTPErrorHandler, type ResponseMetaFn, resolveResponse } from '@trpc/server/http';
import { getAcceptHeader } from '@trpc/server/unstable-core-do-not-import';
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { answerQueryBatch, writeHead } from './query-batch';

export interface TrpcExpressHandlerOptions<TRouter extends AnyTRPCRouter> {
  router: TRouter;
  createContext: (opts: {
    req: ExpressRequest;
    res: ExpressResponse;
  }) => Promise<inferRouterContext<TRouter>>;
  maxBodySize: number;
  maxBatchSize: number;
  responseMeta?: ResponseMetaFn<TRouter>;
  onError?: HTTPErrorHandler<TRouter, ExpressRequest>;
}

/**
 * A JSON answer tRPC built whole from one string: JSON, and not the JSON lines a client asked for with
 * `trpc-accept` or `accept` (tRPC's own test, whose streamed answers are `application/json` too).
 */
function isWholeJson(request: Request, response: Response): boolean {
  return (
    response.headers.get('content-type') === 'application/json' &&
    getAcceptHeader(request.headers) !== 'application/jsonl'
  );
}

async function pipeStream(
  body: ReadableStream<Uint8Array>,
  res: ExpressResponse,
  signal: AbortSignal,
): Promise<void> {
  const writable = new WritableStream<Uint8Array>({
    async write(chunk) {
      if (!res.write(chunk))
        await new Promise<void>((resolve, reject) => {
          const done = () => {
            res.off('drain', done);
            res.off('close', done);
            res.off('error', failed);
            resolve();
          };
          const failed = (error: Error) => {
            done();
            reject(error);
          };
          res.once('drain', done);
          res.once('close', done);
          res.once('error', failed);
        });
      (res as { flush?: () => void }).flush?.();
    },
  });
  try {
    await body.pipeTo(writable, { signal });
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') return;
    throw error;
  }
}

async function writeAnswer(
  response: Response,
  request: Request,
  res: ExpressResponse,
): Promise<void> {
  writeHead(res, response.status, response.headers);
  if (!response.body) {
    res.end();
    return;
  }
  if (isWholeJson(request, response)) {
    res.end(await response.text());
    return;
  }
  try {
    await pipeStream(response.body, res, request.signal);
  } finally {
    res.end();
  }
}

export function trpcExpressHandler<TRouter extends AnyTRPCRouter>(
  options: TrpcExpressHandlerOptions<TRouter>,
) {
  const { router, maxBodySize, maxBatchSize, responseMeta, onError, createContext } = options;
  return (req: ExpressRequest, res: ExpressResponse): void => {
    const path = req.path.slice(req.path.lastIndexOf('/') + 1);
    const answer = async () => {
      if (await answerQueryBatch(options, req, res, path)) return;
      const request = incomingMessageToRequest(req, res, { maxBodySize });
      const response = await resolveResponse({
        router,
        req: request,
        path,
        maxBatchSize,
        error: null,
        createContext: () => createContext({ req, res }),
        ...(responseMeta ? { responseMeta } : {}),
        onError: onError ? (o) => onError({ ...o, req }) : undefined,
      });
      await writeAnswer(response, request, res);
    };
    // A failure outside the procedures (resolveResponse answers those itself): tRPC's own answer, an
    // error in its shape, reported through onError.
    answer().catch(internal_exceptionHandler({ req, res, path, router, onError, createContext }));
  };
}
