import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { orgLogoConfig } from '~/app/lib/org-logo';
import { ORG_MESSAGES } from '~/domain/orgs/messages';
import { THEME_STORAGE_KEY } from '~/domain/shared/app-theme';
import { APP_MESSAGES } from '~/domain/shared/messages';
import { envs, orgs, sessionFor, users } from '~/mock-server/fixtures';
import { atEnv } from '~/mock-server/scenarios';
import { domainError } from '~/mock-server/trpc/scenario';
import { AppAt, screen } from '~/stories/support/app-harness';
import { expectConsoleError } from '~/tests/support/console';

const meta = { title: 'Screens/Shell' } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const NAV_LABELS = ['AI Discoverability (AEO)', 'Analyst', 'Agents', 'Products', 'Reviews'];
const page = within(document.body);

function remember(key: string, value: string | null) {
  const before = localStorage.getItem(key);
  if (value === null) localStorage.removeItem(key);
  else localStorage.setItem(key, value);
  return () => {
    if (before === null) localStorage.removeItem(key);
    else localStorage.setItem(key, before);
  };
}

const member = screen({ url: '/app/acme/prod', session: sessionFor(users.maya), trpc: atEnv() });
const superuser = screen({ url: '/app/acme/prod', session: sessionFor(users.ada), trpc: atEnv() });

async function rail(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  return canvas.findByRole('navigation', { name: 'Main' });
}

export const Expanded: Story = {
  ...member.story,
  tags: ['screen-state', 'state:shell.expanded'],
  beforeEach: () => {
    member.api.reset();
    return remember('beacon:nav-expanded', null);
  },
  play: async ({ canvasElement }) => {
    const nav = await rail(canvasElement);
    await expect(nav.getBoundingClientRect().width).toBe(240);
    const links = within(nav);
    for (const label of [...NAV_LABELS, 'Settings']) {
      await expect(links.getByRole('link', { name: label })).toBeVisible();
    }
    await expect(links.getByText('AI Discoverability (AEO)')).toBeVisible();
    await expect(links.getByRole('link', { name: 'AI Discoverability (AEO)' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(links.queryByRole('link', { name: 'Landing Pages' })).toBeNull();
    await expect(links.getByRole('button', { name: /^Environment: Production/ })).toBeVisible();
    await expect(links.getByRole('button', { name: /^Org: Acme Outfitters/ })).toBeVisible();
    await expect(links.getByRole('button', { name: /^Account: Maya Member/ })).toBeVisible();
    await expect(links.getByRole('button', { name: 'Collapse navigation' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  },
};

export const Collapsed: Story = {
  ...member.story,
  tags: ['screen-state', 'state:shell.collapsed'],
  beforeEach: () => {
    member.api.reset();
    return remember('beacon:nav-expanded', null);
  },
  play: async ({ canvasElement }) => {
    const nav = await rail(canvasElement);
    await userEvent.click(within(nav).getByRole('button', { name: 'Collapse navigation' }));
    await waitFor(() => expect(nav.getBoundingClientRect().width).toBe(72));
    await expect(within(nav).getByText('Products')).toHaveClass('sr-only');
    await expect(within(nav).getByRole('link', { name: 'Products' })).toBeVisible();
    await expect(localStorage.getItem('beacon:nav-expanded')).toBe('false');
    await expect(within(nav).getByRole('button', { name: 'Expand navigation' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  },
};

export const Superuser: Story = {
  ...superuser.story,
  tags: ['screen-state', 'state:shell.superuser'],
  play: async ({ canvasElement }) => {
    const nav = await rail(canvasElement);
    await expect(within(nav).getByRole('link', { name: 'Landing Pages' })).toBeVisible();
  },
};

const fromStorage = screen({
  url: '/app/acme/prod',
  session: sessionFor(users.maya),
  trpc: atEnv(),
});
/**
 * The app's own theme handling, not the toolbar's: the stored `dim` is what the app starts in, and the
 * user menu switches to beacon and saves it. (appTheme: 'app' keeps the Storybook decorator out.)
 */
export const ThemeDim: Story = {
  ...fromStorage.story,
  render: () => <AppAt url="/app/acme/prod" />,
  parameters: { ...fromStorage.story.parameters, appTheme: 'app' },
  tags: ['screen-state', 'state:shell.theme-dim'],
  beforeEach: () => {
    fromStorage.api.reset();
    // Whatever the previous story left: only the app can make it dim.
    document.documentElement.setAttribute('data-theme', 'beacon');
    return remember(THEME_STORAGE_KEY, 'dim');
  },
  play: async ({ canvasElement }) => {
    const nav = await rail(canvasElement);
    await expect(document.documentElement).toHaveAttribute('data-theme', 'dim');
    await userEvent.click(within(nav).getByRole('button', { name: /^Account:/ }));
    await userEvent.click(await page.findByRole('menuitem', { name: 'Light Mode' }));
    await expect(document.documentElement).toHaveAttribute('data-theme', 'beacon');
    await expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('beacon');
    await userEvent.click(within(nav).getByRole('button', { name: /^Account:/ }));
    await expect(await page.findByRole('menuitem', { name: 'Dark Mode' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    // The menu has closed and focus is back on its button before the story ends (its updates finish here).
    await waitFor(() => expect(page.queryByRole('menu')).toBeNull());
    await expect(within(nav).getByRole('button', { name: /^Account:/ })).toHaveFocus();
  },
};

const LOGO_SERVICE = 'https://logos.beacon.test/{domain}.png';
const logoRequests: string[] = [];
const logoFails = screen({ url: '/app/acme/prod', session: sessionFor(users.maya), trpc: atEnv() });
/** The logo service is configured but the image cannot load (offline, blocked): the org's initials show. */
export const OrgLogoFallback: Story = {
  ...logoFails.story,
  parameters: {
    ...logoFails.story.parameters,
    msw: {
      handlers: {
        ...logoFails.api.handlers,
        logo: http.get('https://logos.beacon.test/*', ({ request }) => {
          logoRequests.push(request.url);
          return HttpResponse.error();
        }),
      },
    },
  },
  beforeEach: () => {
    logoFails.api.reset();
    logoRequests.length = 0;
    const before = orgLogoConfig.template;
    orgLogoConfig.template = LOGO_SERVICE;
    return () => {
      orgLogoConfig.template = before;
    };
  },
  play: async ({ canvasElement }) => {
    const nav = await rail(canvasElement);
    const org = within(nav).getByRole('button', { name: /^Org: Acme Outfitters/ });
    const avatar = org.querySelector<HTMLElement>('[data-slot="avatar"]');
    await expect(avatar).not.toBeNull();
    // The tab's icon is the org's logo while inside the org.
    await expect(document.head.querySelector('link[rel~="icon"]')).toHaveAttribute(
      'href',
      'https://logos.beacon.test/acmeoutfitters.com.png',
    );
    // The image was asked for and failed: the initials stay, no broken image.
    await waitFor(() =>
      expect(logoRequests).toContain('https://logos.beacon.test/acmeoutfitters.com.png'),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect(avatar).toHaveTextContent(/^AO$/);
    await expect(avatar?.querySelector('img')).toBeNull();
  },
};

export const UserMenu: Story = {
  ...member.story,
  tags: ['screen-state', 'state:menu.user'],
  beforeEach: () => {
    member.api.reset();
    return remember(THEME_STORAGE_KEY, null);
  },
  play: async ({ canvasElement }) => {
    const nav = await rail(canvasElement);
    await userEvent.click(within(nav).getByRole('button', { name: /^Account:/ }));
    const menu = await page.findByRole('menu');
    await expect(within(menu).getByText('maya@beacon.test')).toBeVisible();
    await expect(within(menu).getByText('Maya Member')).toBeVisible();
    await expect(within(menu).getByRole('menuitem', { name: 'Sign Out' })).toBeVisible();
    await expect(within(menu).getByRole('menuitem', { name: 'Account' })).toHaveAttribute(
      'href',
      '/app/acme/prod/settings?view=account',
    );
    // The app starts in the toolbar's theme; the toggle offers the other one, and back.
    const startsDim = document.documentElement.getAttribute('data-theme') === 'dim';
    const [toggle, other, back, start] = startsDim
      ? (['Light Mode', 'beacon', 'Dark Mode', 'dim'] as const)
      : (['Dark Mode', 'dim', 'Light Mode', 'beacon'] as const);
    await userEvent.click(within(menu).getByRole('menuitem', { name: toggle }));
    await expect(document.documentElement).toHaveAttribute('data-theme', other);
    await expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe(other);
    await userEvent.click(within(nav).getByRole('button', { name: /^Account:/ }));
    await userEvent.click(await page.findByRole('menuitem', { name: back }));
    await expect(document.documentElement).toHaveAttribute('data-theme', start);
    await userEvent.click(within(nav).getByRole('button', { name: /^Account:/ }));
  },
};

export const EnvSwitcher: Story = {
  ...member.story,
  tags: ['screen-state', 'state:menu.env-switcher'],
  play: async ({ canvasElement }) => {
    const nav = await rail(canvasElement);
    await expect(member.api.calls('envs.list')).toHaveLength(0);
    await userEvent.click(within(nav).getByRole('button', { name: /^Environment:/ }));
    const menu = await page.findByRole('menu');
    await expect(await within(menu).findByRole('menuitem', { name: /Staging/ })).toBeVisible();
    await expect(member.api.calls('envs.list')).toEqual([{ orgId: 'org_acme' }]);
    await expect(
      within(menu).getByRole('menuitem', { name: 'Create environment' }),
    ).toHaveAttribute('href', '/app/acme/create-env');
  },
};

export const OrgSwitcher: Story = {
  ...member.story,
  tags: ['screen-state', 'state:menu.org-switcher'],
  play: async ({ canvasElement }) => {
    const nav = await rail(canvasElement);
    await expect(member.api.calls('orgs.allOrgsForUser')).toHaveLength(0);
    await userEvent.click(within(nav).getByRole('button', { name: /^Org:/ }));
    const menu = await page.findByRole('menu');
    const globex = await within(menu).findByRole('menuitem', { name: /Globex Goods/ });
    await expect(within(globex).getByText('Unverified')).toBeVisible();
    await expect(
      within(menu).getByRole('menuitem', { name: /Acme Outfitters/ }),
    ).not.toHaveTextContent('Unverified');
    await expect(member.api.calls('orgs.allOrgsForUser')).toHaveLength(1);
    await expect(within(menu).queryByText('Create Org')).toBeNull();
  },
};

export const OrgSwitcherSuperuser: Story = {
  ...superuser.story,
  tags: ['screen-state', 'state:menu.org-switcher-superuser'],
  play: async ({ canvasElement }) => {
    const nav = await rail(canvasElement);
    await userEvent.click(within(nav).getByRole('button', { name: /^Org:/ }));
    const menu = await page.findByRole('menu');
    await expect(await within(menu).findByRole('menuitem', { name: /Globex Goods/ })).toBeVisible();
    await expect(within(menu).getByText('Superuser required')).toBeVisible();
    await expect(within(menu).getByRole('menuitem', { name: 'Create Org' })).toHaveAttribute(
      'href',
      '/app/create-org',
    );
    await expect(within(menu).getByRole('menuitem', { name: 'All orgs' })).toHaveAttribute(
      'href',
      '/app/sp/orgs',
    );
    // Acme is verified already, so verifying it again is disabled.
    await expect(within(menu).getByRole('menuitem', { name: 'Verify this Org' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  },
};

const notMember = screen({
  url: '/app/acme/prod',
  session: sessionFor(users.maya),
  trpc: {
    'orgs.getContext': domainError('FORBIDDEN', ORG_MESSAGES.notOrgMember('acme'), 'not-member'),
  },
});
export const OrgContextNotMember: Story = {
  ...notMember.story,
  tags: ['screen-state', 'state:org-context.not-member'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: 'You are not a member of the org "acme"' }),
    ).toBeVisible();
    await expect(notMember.api.calls('orgs.getContext')).toHaveLength(1);
  },
};

const envMissing = screen({
  url: '/app/acme/nope',
  session: sessionFor(users.maya),
  trpc: {
    'orgs.getContext': domainError('NOT_FOUND', ORG_MESSAGES.envNotFound('nope'), 'env-not-found'),
  },
});
export const OrgContextEnvMissing: Story = {
  ...envMissing.story,
  tags: ['screen-state', 'state:org-context.env-missing'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: 'Cannot find Env "nope"' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go to acme' })).toHaveAttribute(
      'href',
      '/app/acme',
    );
  },
};

// ——— The database out of reach ———

const outage = screen({ url: '/app/acme/prod', session: 'database-unavailable', trpc: atEnv() });
/**
 * The server answers that it cannot reach its database (GET /api/auth/session: 503 with Retry-After):
 * the outage screen with Retry, not the sign-in screen. Retry asks again; still down, the screen stays.
 */
export const DatabaseUnreachable: Story = {
  ...outage.story,
  tags: ['screen-state', 'state:shell.database-unreachable'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(APP_MESSAGES.databaseUnavailable)).toBeVisible();
    // The exact words (the catalogue's), not only the constant.
    await expect(
      canvas.getByText('Beacon cannot reach its database. Try again in a few seconds.'),
    ).toBeVisible();
    await expect(canvas.getByRole('heading', { name: APP_MESSAGES.unavailable })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Sign in with Salesforce' })).toBeNull();
    await expect(canvas.queryByRole('navigation', { name: 'Main' })).toBeNull();
    const retry = canvas.getByRole('button', { name: 'Retry' });
    await expect(outage.api.sessionFetches()).toBe(1);
    await userEvent.click(retry);
    await waitFor(() => expect(outage.api.sessionFetches()).toBe(2));
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: 'Retry' })).not.toHaveAttribute('aria-busy'),
    );
    await expect(canvas.getByText(APP_MESSAGES.databaseUnavailable)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Sign in with Salesforce' })).toBeNull();
  },
};

const databaseBack = screen({
  url: '/app/acme/prod',
  session: 'database-unavailable',
  trpc: atEnv(),
});
/** The database is back: Retry finds the session and the screen that was asked for loads. */
export const DatabaseBackAfterRetry: Story = {
  ...databaseBack.story,
  tags: ['skip-visual'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const retry = await canvas.findByRole('button', { name: APP_MESSAGES.retry });
    databaseBack.api.setSession(sessionFor(users.maya));
    await userEvent.click(retry);
    const nav = await rail(canvasElement);
    await expect(within(nav).getByRole('button', { name: /^Account: Maya Member/ })).toBeVisible();
    await expect(canvas.queryByText(APP_MESSAGES.databaseUnavailable)).toBeNull();
    await expect(databaseBack.api.calls('orgs.getContext')).toEqual([
      { orgSlug: 'acme', envSlug: 'prod' },
    ]);
  },
};

const readFails = screen({
  url: '/app/acme/prod',
  session: sessionFor(users.maya),
  trpc: {
    ...atEnv(),
    // Signed in (the session was read), then the org context's read meets the outage; then it is back.
    'orgs.getContext': (input, { count }) =>
      count === 1
        ? domainError('UNAVAILABLE', APP_MESSAGES.databaseUnavailable, 'database-unavailable')
        : { org: orgs.acme, env: envs.prod },
  },
});
/** A screen's read answered 503 (database unavailable): the same outage screen, and Retry loads the screen. */
export const DatabaseUnreachableOnRead: Story = {
  ...readFails.story,
  tags: ['skip-visual'],
  beforeEach: () => {
    readFails.api.reset();
    // React reports what the error boundary caught.
    expectConsoleError(APP_MESSAGES.databaseUnavailable);
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(APP_MESSAGES.databaseUnavailable)).toBeVisible();
    await expect(
      canvas.queryByRole('heading', { name: APP_MESSAGES.somethingWentWrong }),
    ).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: APP_MESSAGES.retry }));
    await rail(canvasElement);
    await expect(canvas.queryByText(APP_MESSAGES.databaseUnavailable)).toBeNull();
    await expect(readFails.api.calls('orgs.getContext')).toHaveLength(2);
  },
};
