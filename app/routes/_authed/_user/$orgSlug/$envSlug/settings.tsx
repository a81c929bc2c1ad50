/** /app/{orgSlug}/{envSlug}/settings?view=…: org settings (default), env settings, prompts and users (docs/product.md#settings). */
import { createFileRoute, Link } from '@tanstack/react-router';
import { useCurrentEnv } from '~/app/lib/env-context';
import { withoutDefaults } from '~/app/lib/search-defaults';
import { OPT_OUT } from '~/domain/orgs/gating';
import { settingsSearch, type SettingsView } from '~/domain/settings/search';
import { TabNav, TabNavLink, TabNavList } from '~/ui/components/tab-nav';
import { PageHeader } from '~/ui/patterns/page-header';
import { EnvSettings } from './-settings/env-settings';
import { OrgSettings } from './-settings/org-settings';
import { PromptsSettings } from './-settings/prompts';
import { UsersSettings } from './-settings/users';

export const Route = createFileRoute('/_authed/_user/$orgSlug/$envSlug/settings')({
  validateSearch: settingsSearch,
  search: withoutDefaults(settingsSearch),
  staticData: { gate: OPT_OUT.instanceOnly },
  component: Screen,
});

const VIEWS: { view: SettingsView; label: string }[] = [
  { view: 'org-settings', label: 'Organization' },
  { view: 'env-settings', label: 'Environment' },
  { view: 'prompts', label: 'Prompts' },
  { view: 'users', label: 'Users' },
];

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
      </div>
    </div>
  );
}
