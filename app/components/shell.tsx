/** The signed-in shell: nav rail with switchers, settings and user menu, around a screen. */
import { useMutation, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Link, useMatchRoute } from '@tanstack/react-router';
import {
  BotIcon,
  BuildingIcon,
  ChartLineIcon,
  CheckIcon,
  ChevronsUpDownIcon,
  ClipboardCheckIcon,
  LayoutTemplateIcon,
  LogOutIcon,
  MoonIcon,
  PackageIcon,
  PlusIcon,
  SettingsIcon,
  ShieldCheckIcon,
  SparklesIcon,
  SunIcon,
  UserRoundIcon,
} from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { signOut } from '~/app/lib/auth-actions';
import { orgLogoUrl } from '~/app/lib/org-logo';
import { browser } from '~/app/lib/reload';
import { useCurrentUser } from '~/app/lib/session';
import { useTheme } from '~/app/lib/theme';
import { useTRPC } from '~/app/lib/trpc';
import type { Env, Org } from '~/domain/orgs/entities';
import { ORG_MESSAGES } from '~/domain/orgs/messages';
import { Avatar, AvatarFallback, AvatarImage, initials } from '~/ui/components/avatar';
import { Badge } from '~/ui/components/badge';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '~/ui/components/dropdown-menu';
import {
  NavRail,
  NavRailFooter,
  NavRailHeader,
  NavRailItem,
  NavRailSection,
  NavRailToggle,
} from '~/ui/components/nav-rail';
import { Spinner } from '~/ui/components/spinner';
import { TooltipProvider } from '~/ui/components/tooltip';
import { cn } from '~/ui/lib/cn';

const RAIL_KEY = 'beacon:nav-expanded';

function readRailExpanded(): boolean {
  try {
    return localStorage.getItem(RAIL_KEY) !== 'false';
  } catch {
    return true;
  }
}

const switcherTrigger =
  'flex h-12 w-full items-center gap-3 rounded-field px-2 text-left text-sm outline-none hover:bg-base-300 focus-visible:ring-2 focus-visible:ring-primary';

function OrgLogo({ org }: { org: Pick<Org, 'name'> }) {
  const src = orgLogoUrl(org.name);
  return (
    <Avatar size="sm" className="rounded-field">
      {src ? <AvatarImage src={src} alt="" /> : null}
      <AvatarFallback className="rounded-field bg-primary text-primary-content">
        {initials(org.name)}
      </AvatarFallback>
    </Avatar>
  );
}

/**
 * The org and env switchers: a trigger showing the current one, and a menu that loads the list only
 * when opened, marks the current item, and ends with the switcher's own actions.
 */
function Switcher<T extends { id: string }>({
  expanded,
  label,
  avatar,
  title,
  titleClassName,
  caption,
  menuLabel,
  menuClassName,
  open,
  onOpenChange,
  list,
  loadingText,
  errorText,
  item,
  children,
}: {
  expanded: boolean;
  label: string;
  avatar: ReactNode;
  title: string;
  titleClassName: string;
  caption: string;
  menuLabel: string;
  menuClassName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The list, loaded only while the menu is open (`enabled: open`). */
  list: Pick<UseQueryResult<T[]>, 'isPending' | 'isError' | 'data'>;
  loadingText: string;
  errorText: string;
  item: (item: T) => ReactNode;
  children?: ReactNode;
}) {
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger
        className={cn(switcherTrigger, !expanded && 'justify-center px-0')}
        aria-label={label}
      >
        {avatar}
        {expanded ? (
          <>
            <span className="min-w-0 flex-1">
              <span className={cn('block truncate', titleClassName)}>{title}</span>
              <span className="block truncate text-xs text-base-content/75">{caption}</span>
            </span>
            <ChevronsUpDownIcon aria-hidden className="size-4 shrink-0 opacity-70" />
          </>
        ) : null}
      </DropdownMenuTrigger>
      <DropdownMenuContent side="right" align="start" className={menuClassName}>
        <DropdownMenuLabel>{menuLabel}</DropdownMenuLabel>
        {list.isPending ? (
          <DropdownMenuItem disabled>
            <Spinner size="sm" label={null} />
            {loadingText}
          </DropdownMenuItem>
        ) : list.isError ? (
          <DropdownMenuItem disabled className="text-error">
            {errorText}
          </DropdownMenuItem>
        ) : (
          <DropdownMenuGroup>
            {(list.data ?? []).map((entry) => (
              <DropdownMenuItem key={entry.id} asChild>
                {item(entry)}
              </DropdownMenuItem>
            ))}
          </DropdownMenuGroup>
        )}
        {children}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function OrgSwitcher({ org, expanded }: { org: Org; expanded: boolean }) {
  const trpc = useTRPC();
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  const orgs = useQuery({ ...trpc.orgs.allOrgsForUser.queryOptions(), enabled: open });
  const verify = useMutation({
    ...trpc.orgs.verify.mutationOptions(),
    onSuccess: () => browser.reload(),
  });
  return (
    <Switcher
      expanded={expanded}
      label={`Org: ${org.name}. Switch org`}
      avatar={<OrgLogo org={org} />}
      title={org.name}
      titleClassName="font-semibold"
      caption="Org"
      menuLabel="Orgs"
      menuClassName="w-72"
      open={open}
      onOpenChange={setOpen}
      list={orgs}
      loadingText="Loading orgs…"
      errorText="Could not load your orgs."
      item={(item) => (
        <Link to="/$orgSlug" params={{ orgSlug: item.slug }}>
          <span className="flex-1 truncate">{item.name}</span>
          {item.verified ? null : <Badge variant="warning">{ORG_MESSAGES.unverified}</Badge>}
          {item.id === org.id ? <CheckIcon aria-label="Current org" className="size-4" /> : null}
        </Link>
      )}
    >
      {user.isSuperUser ? (
        <>
          <DropdownMenuSeparator />
          <DropdownMenuLabel className="flex items-center justify-between gap-2">
            <span>Admin</span>
            <Badge variant="outline">{ORG_MESSAGES.superuserRequired}</Badge>
          </DropdownMenuLabel>
          <DropdownMenuItem asChild>
            <Link to="/create-org">
              <PlusIcon aria-hidden className="size-4" />
              Create Org
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to="/sp/orgs">
              <BuildingIcon aria-hidden className="size-4" />
              All orgs
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem
            disabled={org.verified || verify.isPending}
            onSelect={(event) => {
              event.preventDefault();
              verify.mutate({ orgId: org.id });
            }}
          >
            <ShieldCheckIcon aria-hidden className="size-4" />
            Verify this Org
          </DropdownMenuItem>
        </>
      ) : null}
    </Switcher>
  );
}

function EnvSwitcher({ org, env, expanded }: { org: Org; env: Env; expanded: boolean }) {
  const trpc = useTRPC();
  const [open, setOpen] = useState(false);
  const envs = useQuery({ ...trpc.envs.list.queryOptions({ orgId: org.id }), enabled: open });
  return (
    <Switcher
      expanded={expanded}
      label={`Environment: ${env.name}. Switch environment`}
      avatar={
        <span
          aria-hidden
          className="flex size-8 shrink-0 items-center justify-center rounded-field bg-base-300 text-xs font-semibold uppercase"
        >
          {env.slug.slice(0, 2)}
        </span>
      }
      title={env.name}
      titleClassName="font-medium"
      caption="Environment"
      menuLabel="Environments"
      menuClassName="w-64"
      open={open}
      onOpenChange={setOpen}
      list={envs}
      loadingText="Loading environments…"
      errorText="Could not load environments."
      item={(item) => (
        <Link to="/$orgSlug/$envSlug" params={{ orgSlug: org.slug, envSlug: item.slug }}>
          <span className="flex-1 truncate">{item.name}</span>
          <span className="text-xs text-base-content/70">{item.slug}</span>
          {item.id === env.id ? (
            <CheckIcon aria-label="Current environment" className="size-4" />
          ) : null}
        </Link>
      )}
    >
      <DropdownMenuSeparator />
      <DropdownMenuItem asChild>
        <Link to="/$orgSlug/create-env" params={{ orgSlug: org.slug }}>
          <PlusIcon aria-hidden className="size-4" />
          Create environment
        </Link>
      </DropdownMenuItem>
    </Switcher>
  );
}

function UserMenu({
  expanded,
  params,
}: {
  expanded: boolean;
  /** Where the account settings open: this env's settings. */
  params: { orgSlug: string; envSlug: string };
}) {
  const user = useCurrentUser();
  const { theme, setTheme } = useTheme();
  const [signingOut, setSigningOut] = useState(false);
  const dark = theme === 'dim';
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className={cn(switcherTrigger, !expanded && 'justify-center px-0')}
        aria-label={`Account: ${user.name ?? user.email}`}
      >
        <Avatar size="sm">
          {user.image ? <AvatarImage src={user.image} alt="" /> : null}
          <AvatarFallback>{initials(user.name ?? user.email)}</AvatarFallback>
        </Avatar>
        {expanded ? (
          <span className="min-w-0 flex-1">
            <span className="block truncate font-medium">{user.name ?? user.email}</span>
            <span className="block truncate text-xs text-base-content/75">{user.email}</span>
          </span>
        ) : null}
      </DropdownMenuTrigger>
      <DropdownMenuContent side="right" align="end" className="w-64">
        <DropdownMenuLabel>
          <span className="block truncate">{user.name ?? user.email}</span>
          <span className="block truncate text-xs font-normal text-base-content/75">
            {user.email}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/$orgSlug/$envSlug/settings" params={params} search={{ view: 'account' }}>
            <UserRoundIcon aria-hidden className="size-4" />
            Account
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => setTheme(dark ? 'beacon' : 'dim')}>
          {dark ? (
            <SunIcon aria-hidden className="size-4" />
          ) : (
            <MoonIcon aria-hidden className="size-4" />
          )}
          {dark ? 'Light Mode' : 'Dark Mode'}
        </DropdownMenuItem>
        <DropdownMenuItem
          disabled={signingOut}
          onSelect={(event) => {
            event.preventDefault();
            setSigningOut(true);
            signOut().catch(() => setSigningOut(false));
          }}
        >
          <LogOutIcon aria-hidden className="size-4" />
          Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

interface NavEntry {
  to: string;
  label: string;
  icon: ReactNode;
  exact?: boolean;
  superuserOnly?: boolean;
}

const NAV: NavEntry[] = [
  {
    to: '/$orgSlug/$envSlug',
    label: 'AI Discoverability (AEO)',
    icon: <SparklesIcon />,
    exact: true,
  },
  { to: '/$orgSlug/$envSlug/analyst', label: 'Analyst', icon: <ChartLineIcon /> },
  { to: '/$orgSlug/$envSlug/agents', label: 'Agents', icon: <BotIcon /> },
  { to: '/$orgSlug/$envSlug/products', label: 'Products', icon: <PackageIcon /> },
  { to: '/$orgSlug/$envSlug/reviews', label: 'Reviews', icon: <ClipboardCheckIcon /> },
  {
    to: '/$orgSlug/$envSlug/landing-pages',
    label: 'Landing Pages',
    icon: <LayoutTemplateIcon />,
    superuserOnly: true,
  },
];

export function Shell({ org, env, children }: { org: Org; env: Env; children: ReactNode }) {
  const user = useCurrentUser();
  const matchRoute = useMatchRoute();
  const [expanded, setExpanded] = useState(readRailExpanded);
  const onExpandedChange = (next: boolean) => {
    setExpanded(next);
    try {
      localStorage.setItem(RAIL_KEY, String(next));
    } catch {
      // Not persisted: the rail still toggles.
    }
  };
  const params = { orgSlug: org.slug, envSlug: env.slug };
  const isActive = (to: string, exact = false) =>
    Boolean(matchRoute({ to, params, fuzzy: !exact } as Parameters<typeof matchRoute>[0]));
  return (
    <TooltipProvider>
      <div data-slot="shell" className="flex h-svh overflow-hidden bg-base-100">
        <NavRail expanded={expanded} onExpandedChange={onExpandedChange}>
          <NavRailHeader className={cn(!expanded && 'justify-center')}>
            <OrgSwitcher org={org} expanded={expanded} />
          </NavRailHeader>
          <EnvSwitcher org={org} env={env} expanded={expanded} />
          <NavRailSection title="Workspace">
            {NAV.filter((entry) => !entry.superuserOnly || user.isSuperUser).map((entry) => (
              <NavRailItem
                key={entry.to}
                icon={entry.icon}
                label={entry.label}
                active={isActive(entry.to, entry.exact)}
                asChild
              >
                {/* The rail decides what is current; the link's own fuzzy match would mark home everywhere. */}
                <Link
                  to={entry.to}
                  params={params}
                  activeOptions={{ exact: entry.exact ?? false, includeSearch: false }}
                />
              </NavRailItem>
            ))}
          </NavRailSection>
          <NavRailFooter>
            <ul className="flex flex-col gap-1">
              <NavRailItem
                icon={<SettingsIcon />}
                label="Settings"
                active={isActive('/$orgSlug/$envSlug/settings')}
                asChild
              >
                <Link to="/$orgSlug/$envSlug/settings" params={params} />
              </NavRailItem>
            </ul>
            <UserMenu expanded={expanded} params={params} />
            <NavRailToggle className={cn(expanded && 'self-end')} />
          </NavRailFooter>
        </NavRail>
        <main className="min-w-0 flex-1 overflow-y-auto">{children}</main>
      </div>
    </TooltipProvider>
  );
}
