/** The env's locales for landing page forms, as the catalogue copy names them. */
import { useQuery } from '@tanstack/react-query';
import { useCurrentEnv } from '~/app/lib/env-context';
import { useTRPC } from '~/app/lib/trpc';
import { DEFAULT_LOCALE } from '~/domain/products/entities';

/** `default` first, then the copy's locales; `default` alone before there is an instance or a copy. */
export function useEnvLocales(scope: { orgId: string; envId: string }): string[] {
  const trpc = useTRPC();
  const { env } = useCurrentEnv();
  const { data } = useQuery({
    ...trpc.products.facets.queryOptions(scope),
    enabled: env.b2cInstance?.onboarded === true,
  });
  const locales = data?.locales ?? [];
  return locales.includes(DEFAULT_LOCALE) ? locales : [DEFAULT_LOCALE, ...locales];
}
