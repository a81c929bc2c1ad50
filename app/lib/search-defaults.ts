/** Keeps URLs clean: search values equal to their defaults are left out of links and redirects. */
import { type SearchMiddleware, stripSearchParams } from '@tanstack/react-router';

export function withoutDefaults<T extends object>(schema: {
  parse(input: unknown): T;
}): {
  middlewares: SearchMiddleware<T>[];
} {
  return { middlewares: [stripSearchParams(schema.parse({}) as never) as SearchMiddleware<T>] };
}
