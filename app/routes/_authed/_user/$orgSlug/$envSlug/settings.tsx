/**
 * /app/{orgSlug}/{envSlug}/settings?view=…: org settings (default), env settings, prompts, users and the
 * signed-in person's account (docs/product.md#settings).
 */
import { createFileRoute, Link } from '@tanstack/react-router';
import type { Api } from '~/app/lib/api';
import { useCurrentEnv } from '~/app/lib/env-context';
import type { OrgContext } from '~/app/lib/org-context';
import { withoutDefaults } from '~/app/lib/search-defaults';
import { SCREEN_GATES } from '~/domain/orgs/gating';
import { SETTINGS_VIEWS, settingsSearch, type SettingsView } from '~/domain/settings/search';
import { TabNav, TabNavLink, TabNavList } from '~/ui/components/tab-nav';
import { PageHeader } from '~/ui/patterns/page-header';
import { AccountSettings } from './-settings/account';
import { EnvSettings } from './-settings/env-settings';
import { OrgSettings } from './-settings/org-settings';
import { PromptsSettings } from './-settings/prompts';
import { UsersSettings } from './-settings/users';

export const Route = createFileRoute('/_authed/_user/$orgSlug/$envSlug/settings')({
  validateSearch: settingsSearch,
  search: withoutDefaults(settingsSearch),
  staticData: { gate: SCREEN_GATES.settings },
  loaderDeps: ({ search }) => ({ view: search.view }),
  loader: ({ context: { api, orgContext }, deps }) => {
    // The env layout shows a failing org context; here it only names what the view reads.
    if (orgContext) startViewReads(api, orgContext, deps.view);
  },
  component: Screen,
});

/**
 * Starts the reads of a view without waiting for them: the header and tabs show at once, each section
 * shows its skeleton until its data arrives (docs/decisions/0023-screen-loading.md).
 */
function startViewReads(api: Api, { org, env }: OrgContext, view: SettingsView) {
  const orgId = org.id;
  const { queryClient, trpc } = api;
  switch (view) {
    case 'env-settings':
      // Who may delete the env, and whether another env still uses the org's API client.
      void queryClient.prefetchQuery(trpc.orgs.allOrgsForUser.queryOptions());
      void queryClient.prefetchQuery(trpc.envs.list.queryOptions({ orgId }));
      if (env.b2cInstance) {
        const b2cInstanceId = env.b2cInstance.id;
        void queryClient.prefetchQuery(
          trpc.b2cInstances.get.queryOptions({ orgId, b2cInstanceId }),
        );
      }
      return;
    case 'prompts':
      void queryClient.prefetchQuery(trpc.prompts.list.queryOptions({ orgId }));
      return;
    case 'users':
      void queryClient.prefetchQuery(trpc.members.list.queryOptions({ orgId }));
      void queryClient.prefetchQuery(trpc.invitations.list.queryOptions({ orgId }));
      return;
    case 'org-settings':
      void queryClient.prefetchQuery(trpc.aiBudget.get.queryOptions({ orgId }));
      void queryClient.prefetchQuery(trpc.orgs.allOrgsForUser.queryOptions());
      return;
    case 'account':
      void queryClient.prefetchQuery(trpc.account.get.queryOptions());
      return;
  }
}

/** Every view's tab, in SETTINGS_VIEWS' order: a view without a label does not compile. */
const VIEW_LABEL: Record<SettingsView, string> = {
  'org-settings': 'Organization',
  'env-settings': 'Environment',
  prompts: 'Prompts',
  users: 'Users',
  account: 'Account',
};
const VIEWS = SETTINGS_VIEWS.map((view) => ({ view, label: VIEW_LABEL[view] }));

function Screen() {
  const { view } = Route.useSearch();
  const params = Route.useParams();
  const { org, env } = useCurrentEnv();
  return (
    <div className="flex flex-col">
      <PageHeader title="Settings" description={`${org.name} · ${env.name}`} />
      <TabNav aria-label="Settings" className="px-8 pt-2">
        <TabNavList>
          {VIEWS.map((v) => (
            <TabNavLink key={v.view} active={v.view === view} asChild>
              <Link
                to="/$orgSlug/$envSlug/settings"
                params={params}
                search={{ view: v.view }}
                activeOptions={{ exact: true, includeSearch: true }}
              >
                {v.label}
              </Link>
            </TabNavLink>
          ))}
        </TabNavList>
      </TabNav>
      <div className="p-8">
        {view === 'org-settings' ? <OrgSettings org={org} /> : null}
        {view === 'env-settings' ? <EnvSettings org={org} env={env} /> : null}
        {view === 'prompts' ? <PromptsSettings org={org} /> : null}
        {view === 'users' ? <UsersSettings org={org} /> : null}
        {view === 'account' ? <AccountSettings org={org} /> : null}
      </div>
    </div>
  );
}
