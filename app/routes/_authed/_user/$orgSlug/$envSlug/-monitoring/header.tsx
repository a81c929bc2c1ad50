/** The AEO home's title row and its two views, shared by the results and the config. */
import { getRouteApi, Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Button } from '~/ui/components/button';
import { PageHeader } from '~/ui/patterns/page-header';

export const homeRoute = getRouteApi('/_authed/_user/$orgSlug/$envSlug/');

export const AEO_TITLE = 'AI Discoverability (AEO)';
export const AEO_DESCRIPTION =
  'How AI assistants such as ChatGPT, Claude and Gemini describe and recommend your products.';

export function AeoHeader({ actions, children }: { actions?: ReactNode; children: ReactNode }) {
  const { view } = homeRoute.useSearch();
  return (
    <div className="flex flex-col">
      <PageHeader title={AEO_TITLE} description={AEO_DESCRIPTION} actions={actions} />
      <div className="flex flex-col gap-6 p-8">
        <nav aria-label="AEO views" className="flex gap-2 print:hidden">
          <Button asChild variant={view === 'results' ? 'primary' : 'outline'} size="sm">
            <Link
              from="/$orgSlug/$envSlug/"
              search={(prev) => ({ ...prev, view: 'results' as const })}
              aria-current={view === 'results' ? 'page' : undefined}
            >
              Results
            </Link>
          </Button>
          <Button asChild variant={view === 'config' ? 'primary' : 'outline'} size="sm">
            <Link
              from="/$orgSlug/$envSlug/"
              search={(prev) => ({ ...prev, view: 'config' as const, prompt: undefined })}
              aria-current={view === 'config' ? 'page' : undefined}
            >
              Configuration
            </Link>
          </Button>
        </nav>
        {children}
      </div>
    </div>
  );
}
