import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, type MockInstance, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { clock } from '~/app/lib/clock';
import type { B2CInstance, VerifyResult } from '~/domain/instances/entities';
import { INSTANCE_MESSAGES } from '~/domain/instances/messages';
import { BUSINESS_MANAGER_PATH, VERIFY_MESSAGES } from '~/domain/instances/snippets';
import { COPY_CONFIRMATION_MS } from '~/domain/shared/constants';
import { DEVELOPER_MESSAGES } from '~/domain/shared/developer-messages';
import {
  AM_ORGANIZATION,
  instances,
  organizationSteps,
  orgs,
  sessionFor,
  users,
} from '~/mock-server/fixtures';
import { STORY_NOW } from '~/mock-server/products';
import { atOnboarding, envWithoutInstance } from '~/mock-server/scenarios';
import { delayed, domainError, trpcError, type TrpcScenario } from '~/mock-server/trpc/scenario';
import { screen } from '~/stories/support/app-harness';
import { expectConsoleError } from '~/tests/support/console';

const meta = { title: 'Screens/Onboarding' } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const CLIENT_ID = '3f1c2a9e-5b7d-4e2f-9a61-0c8d7e6b5a41';
const fresh = instances.fresh;
const withClient: B2CInstance = { ...fresh, apiClient: { clientId: CLIENT_ID } };
const dataVerified: B2CInstance = { ...withClient, ocapiDataSettingsVerified: true };
const shopVerified: B2CInstance = { ...dataVerified, ocapiShopSettingsVerified: true };
const allVerified: B2CInstance = { ...shopVerified, webdavSettingsVerified: true };
const other: B2CInstance = {
  ...fresh,
  id: 'inst_3',
  instanceId: 'zzte_003',
  host: 'zzte-003.dx.commercecloud.salesforce.com',
  baseUrl: 'https://zzte-003.dx.commercecloud.salesforce.com',
  tenantType: 'staging',
};

function at(step: string, instance: B2CInstance, more: TrpcScenario = {}) {
  return screen({
    url: `/app/acme/prod/onboarding?step=${step}&instance=${instance.id}`,
    session: sessionFor(users.maya),
    trpc: { ...atOnboarding([instance, other]), ...more },
  });
}

const heading = (canvasElement: HTMLElement, name: string) =>
  within(canvasElement).findByRole('heading', { name, level: 2 });

async function expectCurrentStep(canvasElement: HTMLElement, label: string) {
  const steps = within(
    within(canvasElement).getByRole('navigation', { name: 'Onboarding steps' }),
  ).getAllByRole('listitem');
  const current = steps.find((step) => step.getAttribute('aria-current') === 'step');
  await expect(current).toHaveTextContent(label);
}

// ——— Choose an instance ———

const selectInstance = screen({
  url: '/app/acme/prod/onboarding?step=selectInstance',
  session: sessionFor(users.maya),
  trpc: atOnboarding([fresh, other]),
});
export const SelectInstance: Story = {
  ...selectInstance.story,
  tags: ['screen-state', 'state:onboarding.select-instance'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement, 'Choose a B2C Commerce instance');
    await expectCurrentStep(canvasElement, 'Choose instance');
    const list = canvas.getByRole('list', { name: 'B2C Commerce instances' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await expect(within(list).getByText(fresh.host)).toBeVisible();
    await expect(selectInstance.api.calls('b2cInstances.sync')).toEqual([{ orgId: 'org_acme' }]);
    await expect(selectInstance.api.calls('b2cInstances.list')).toEqual([]);
    await userEvent.click(canvas.getByRole('button', { name: 'Choose zzte_002' }));
    await heading(canvasElement, 'Create an API client');
    await expect(canvas.getByRole('button', { name: /zzte_002/ })).toBeVisible();
    // The sync is a mutation (it refreshes the org's copy of the list): the next step does not send it again.
    await expect(selectInstance.api.calls('b2cInstances.sync')).toHaveLength(1);
  },
};

const syncFails = screen({
  url: '/app/acme/prod/onboarding?step=selectInstance',
  session: sessionFor(users.maya),
  trpc: {
    ...atOnboarding([]),
    'b2cInstances.sync': domainError('UNAVAILABLE', 'Account Manager is down', 'b2c-unavailable'),
    'b2cInstances.list': [other],
  },
});
/** The sync fails: the stored list is shown instead (the sync, a mutation, is not retried). */
export const SelectInstanceSyncFallback: Story = {
  ...syncFails.story,
  tags: ['screen-state', 'state:onboarding.select-instance'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Choose zzte_003' })).toBeVisible();
    await expect(syncFails.api.calls('b2cInstances.sync')).toHaveLength(1);
    await expect(syncFails.api.calls('b2cInstances.list')).toHaveLength(1);
  },
};

const empty = screen({
  url: '/app/acme/prod/onboarding?step=selectInstance',
  session: sessionFor(users.maya),
  trpc: atOnboarding([]),
});
export const SelectInstanceEmpty: Story = {
  ...empty.story,
  tags: ['screen-state', 'state:onboarding.select-instance-empty'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      INSTANCE_MESSAGES.instancesEmpty,
    );
    await expect(canvas.getByText(INSTANCE_MESSAGES.instancesEmpty)).toBeVisible();
  },
};

// ——— The Account Manager organization ———

/** Not linked yet: linkOrganization links it, and organizationStep answers the link from then on. */
function organizationScenario() {
  let linked = false;
  return {
    reset: () => {
      linked = false;
    },
    trpc: {
      ...atOnboarding([fresh, other], organizationSteps.unlinkedIdsOnly),
      'b2cInstances.organizationStep': () =>
        linked ? organizationSteps.linked : organizationSteps.unlinkedIdsOnly,
      'b2cInstances.linkOrganization': async ({ realms }: { realms?: string[] }) => {
        await new Promise((resolve) => setTimeout(resolve, 200));
        linked = true;
        return { id: AM_ORGANIZATION.id, name: null, realms: realms ?? [] };
      },
    } satisfies TrpcScenario,
  };
}
const organization = organizationScenario();
const selectOrganization = screen({
  url: '/app/acme/staging/onboarding?step=selectInstance',
  session: sessionFor(users.maya),
  trpc: organization.trpc,
});
/**
 * Before the instances: the customer's Account Manager organization, from the ones Maya belongs to.
 * Her roles cannot read its name or realms, so she types the realm.
 */
export const SelectOrganization: Story = {
  ...selectOrganization.story,
  tags: ['screen-state', 'state:onboarding.select-organization'],
  beforeEach: () => organization.reset(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement, 'Choose a B2C Commerce instance');
    const form = await canvas.findByRole('form', { name: 'Account Manager organization' });
    await expect(within(form).getByText(INSTANCE_MESSAGES.organizationIntro)).toBeVisible();
    const choice = within(form).getByRole('radio', { name: new RegExp(AM_ORGANIZATION.id) });
    await expect(choice).toBeChecked();
    await expect(within(form).getByText('Realms: not readable with your roles')).toBeVisible();
    // Nothing is listed before the organization is chosen.
    await expect(canvas.queryByRole('list', { name: 'B2C Commerce instances' })).toBeNull();
    await expect(selectOrganization.api.calls('b2cInstances.sync')).toEqual([]);

    // Without a realm it cannot be linked: the field says what to type.
    await userEvent.click(within(form).getByRole('button', { name: 'Use this organization' }));
    const realms = within(form).getByRole('textbox', { name: 'Realm IDs' });
    await expect(realms).toHaveAccessibleDescription(
      expect.stringContaining(INSTANCE_MESSAGES.realmsNeeded),
    );
    await expect(selectOrganization.api.calls('b2cInstances.linkOrganization')).toEqual([]);

    await userEvent.type(realms, 'ZZTE');
    await userEvent.click(within(form).getByRole('button', { name: 'Use this organization' }));
    await waitFor(() =>
      expect(selectOrganization.api.calls('b2cInstances.linkOrganization')).toEqual([
        { orgId: 'org_acme', amOrganizationId: AM_ORGANIZATION.id, realms: ['zzte'] },
      ]),
    );
    // Linked: its instances are listed, under the organization kept on the org.
    const list = await canvas.findByRole('list', { name: 'B2C Commerce instances' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    const linked = canvas.getByRole('region', { name: 'Linked Account Manager organization' });
    await expect(linked).toHaveTextContent(
      'Account Manager organization:Acme Outfitters(realms zzte)',
    );
    await expect(selectOrganization.api.calls('b2cInstances.sync')).toEqual([
      { orgId: 'org_acme' },
    ]);
  },
};

const adminChoice = screen({
  url: '/app/acme/staging/onboarding?step=selectInstance',
  session: sessionFor(users.ada),
  trpc: atOnboarding([fresh, other], organizationSteps.unlinkedListable),
});
/** An Account Administrator sees each organization's name and realms: nothing to type. */
export const SelectOrganizationByName: Story = {
  ...adminChoice.story,
  tags: ['screen-state', 'state:onboarding.select-organization'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = await canvas.findByRole('form', { name: 'Account Manager organization' });
    await expect(within(form).getAllByRole('radio')).toHaveLength(2);
    await expect(within(form).getByText('Realms: zzte')).toBeVisible();
    await userEvent.click(within(form).getByRole('radio', { name: /Acme Outfitters EU/ }));
    await expect(within(form).queryByRole('textbox', { name: 'Realm IDs' })).toBeNull();
    await expect(within(form).getByText('Realms: abcd')).toBeVisible();
  },
};

const production: B2CInstance = {
  ...fresh,
  id: 'inst_prd',
  instanceId: 'zzte_prd',
  externalInstanceId: 'zzte_prd',
  host: null,
  baseUrl: null,
  tenantType: 'production',
};
const PRODUCTION_HOST = 'production-eu01-zzte.demandware.net';
const ALLOWED = organizationSteps.linked.allowedHostSuffixes;
const byHostname = screen({
  url: '/app/acme/staging/onboarding?step=selectInstance',
  session: sessionFor(users.maya),
  trpc: {
    ...atOnboarding([fresh, production]),
    'b2cInstances.setHost': ({ host }: { host: string }) =>
      host.endsWith('.demandware.net')
        ? { ...production, host, baseUrl: `https://${host}` }
        : domainError('INVALID', INSTANCE_MESSAGES.hostNotAllowed(ALLOWED), 'host-not-allowed'),
  },
});
/**
 * Account Manager lists production without a host: it asks for it, naming the allowed domains; a
 * host outside them is refused on the field and nothing is saved.
 */
export const InstanceByHostname: Story = {
  ...byHostname.story,
  tags: ['screen-state', 'state:onboarding.instance-by-hostname'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'B2C Commerce instances' });
    await expect(within(list).getByText('Host name needed')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Choose zzte_prd' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Choose zzte_002' })).toBeEnabled();
    const form = canvas.getByRole('form', { name: 'Host name of zzte_prd' });
    const host = within(form).getByRole('textbox', { name: 'Host name of zzte_prd' });
    await expect(host).toHaveAccessibleDescription(INSTANCE_MESSAGES.hostIntro(ALLOWED));
    const save = within(form).getByRole('button', { name: 'Save host name' });

    // Not a host name: refused before anything is sent.
    await userEvent.type(host, 'https://shop.example.com/');
    await userEvent.click(save);
    await expect(host).toHaveAccessibleDescription(
      expect.stringContaining('Enter a host name only'),
    );
    await expect(byHostname.api.calls('b2cInstances.setHost')).toEqual([]);

    // A host off Salesforce's domains: the server refuses it on the field; nothing is saved.
    await userEvent.clear(host);
    await userEvent.type(host, 'shop.example.com');
    await userEvent.click(save);
    await waitFor(() =>
      expect(host).toHaveAccessibleDescription(
        expect.stringContaining(INSTANCE_MESSAGES.hostNotAllowed(ALLOWED)),
      ),
    );
    await expect(within(list).getByText('Host name needed')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Choose zzte_prd' })).toBeDisabled();

    await userEvent.clear(host);
    await userEvent.type(host, PRODUCTION_HOST);
    await userEvent.click(save);
    await expect(await within(list).findByText(PRODUCTION_HOST)).toBeVisible();
    await expect(byHostname.api.calls('b2cInstances.setHost')).toEqual([
      { orgId: 'org_acme', b2cInstanceId: 'inst_prd', host: 'shop.example.com' },
      { orgId: 'org_acme', b2cInstanceId: 'inst_prd', host: PRODUCTION_HOST },
    ]);
    await expect(canvas.getByRole('button', { name: 'Choose zzte_prd' })).toBeEnabled();
  },
};

// ——— API client ———

const createApiClient = at('createApiClient', fresh, {
  'b2cAPIClients.getOrCreate': delayed(300, { clientId: CLIENT_ID, name: 'Beacon' }),
});
export const CreateApiClient: Story = {
  ...createApiClient.story,
  tags: ['screen-state', 'state:onboarding.create-api-client'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement, 'Create an API client');
    await expectCurrentStep(canvasElement, 'Create API client');
    await expect(canvas.getByRole('button', { name: 'Previous' })).toBeEnabled();
    const badge = canvas.getByRole('button', { name: /zzte_002/ });
    await expect(badge).toHaveAccessibleName('Instance zzte_002 , choose another instance');

    // Once the step knows Maya's sign-in may create the client (b2cAPIClients.setup).
    const create = await canvas.findByRole('button', { name: 'Create API client' });
    await userEvent.click(create);
    await expect(create).toHaveAttribute('aria-disabled', 'true');
    await expect(create).toHaveAttribute('aria-busy', 'true');
    await heading(canvasElement, 'Configure OCAPI Data settings');
    await expect(createApiClient.api.calls('b2cAPIClients.getOrCreate')).toEqual([
      { orgId: 'org_acme' },
    ]);

    await userEvent.click(canvas.getByRole('button', { name: /zzte_002/ }));
    await heading(canvasElement, 'Choose a B2C Commerce instance');
    await expectCurrentStep(canvasElement, 'Choose instance');
  },
};

const createApiClientError = at('createApiClient', fresh, {
  'b2cAPIClients.getOrCreate': domainError(
    'UNAVAILABLE',
    INSTANCE_MESSAGES.apiClientCreateFailed,
    'api-client-create-failed',
  ),
});
export const CreateApiClientError: Story = {
  ...createApiClientError.story,
  tags: ['screen-state', 'state:onboarding.create-api-client-error'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement, 'Create an API client');
    await userEvent.click(await canvas.findByRole('button', { name: 'Create API client' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      INSTANCE_MESSAGES.apiClientCreateFailed,
    );
    await expectCurrentStep(canvasElement, 'Create API client');
  },
};

// ——— API client: pasted ———

const PASTED_ID = '9b2e4c61-7d3a-4f8e-b5c2-1e0f9a8d7c63';
const PASTED_SECRET = 'pasted-Secret-2026!';

/** The step's account of what to create in Account Manager: every field, and its value. */
async function expectSettingsToCreate(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  const terms = canvas.getAllByRole('term').map((term) => term.textContent);
  const values = canvas.getAllByRole('definition').map((value) => value.textContent);
  await expect(terms).toEqual(INSTANCE_MESSAGES.apiClientPasteSettings.map((s) => s.field));
  await expect(values).toEqual(INSTANCE_MESSAGES.apiClientPasteSettings.map((s) => s.value));
  await expect(canvas.getByText('Display Name').nextElementSibling).toHaveTextContent(/^Beacon$/);
  await expect(canvas.getByText(/^None\. Not Salesforce Commerce API/)).toBeVisible();
  await expect(canvas.getByText('client_secret_basic')).toBeVisible();
}

const pasteForm = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('form', { name: INSTANCE_MESSAGES.apiClientPasteFormLabel });

const pasteNoRole = at('createApiClient', fresh, {
  'b2cAPIClients.setup': { create: 'no-role' },
  'b2cAPIClients.paste': delayed(300, { clientId: PASTED_ID, name: 'Beacon' }),
});
/**
 * No Account Manager role that may create API clients: the step names the roles, says what to create,
 * takes the pasted id and secret, and moves on; the secret is shown nowhere after.
 */
export const ApiClientPaste: Story = {
  ...pasteNoRole.story,
  tags: ['screen-state', 'state:onboarding.api-client-paste'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement, 'Create an API client');
    await expectCurrentStep(canvasElement, 'Create API client');
    await expect(await canvas.findByText(INSTANCE_MESSAGES.apiClientNoRole)).toBeVisible();
    await expect(canvas.getByText(INSTANCE_MESSAGES.apiClientNoRole)).toHaveTextContent(
      'Account Administrator or API Administrator',
    );
    await expect(canvas.getByText(INSTANCE_MESSAGES.apiClientPasteIntro)).toBeVisible();
    await expectSettingsToCreate(canvasElement);
    await expect(canvas.queryByRole('button', { name: 'Create API client' })).toBeNull();
    await expect(
      canvas.queryByRole('button', { name: INSTANCE_MESSAGES.apiClientCreateInstead }),
    ).toBeNull();
    await expect(pasteNoRole.api.calls('b2cAPIClients.setup')).toEqual([{ orgId: 'org_acme' }]);

    const form = within(pasteForm(canvasElement));
    const id = form.getByLabelText(INSTANCE_MESSAGES.apiClientIdLabel);
    const secret = form.getByLabelText(INSTANCE_MESSAGES.apiClientSecretLabel);
    await expect(id).toHaveAccessibleDescription(INSTANCE_MESSAGES.apiClientIdDescription);
    await expect(secret).toHaveAccessibleDescription(INSTANCE_MESSAGES.apiClientSecretDescription);
    await expect(secret).toHaveAttribute('type', 'password');
    await expect(secret).toHaveAttribute('autocomplete', 'off');
    // Pasted with the spaces a copy brings along: sent without them.
    await userEvent.type(id, `  ${PASTED_ID} `);
    await userEvent.type(secret, PASTED_SECRET);
    const save = form.getByRole('button', { name: INSTANCE_MESSAGES.apiClientPasteSubmit });
    await userEvent.click(save);
    await expect(save).toHaveAttribute('aria-busy', 'true');

    await heading(canvasElement, 'Configure OCAPI Data settings');
    await expect(pasteNoRole.api.calls('b2cAPIClients.paste')).toEqual([
      { orgId: 'org_acme', clientId: PASTED_ID, secret: PASTED_SECRET },
    ]);
    await expect(pasteNoRole.api.calls('b2cAPIClients.getOrCreate')).toEqual([]);
    await expect(
      canvas.getByRole('figure', { name: 'OCAPI Data settings snippet' }),
    ).toHaveTextContent(`"client_id": "${PASTED_ID}"`);
    // The secret is gone from the screen: no field holds it and no text shows it.
    const fields = [...canvasElement.querySelectorAll('input')].map((input) => input.value);
    await expect(fields).not.toContain(PASTED_SECRET);
    await expect(canvasElement.textContent).not.toContain(PASTED_SECRET);

    // Back on the step, the client is set up; nothing asks for the secret again.
    await userEvent.click(canvas.getByRole('button', { name: 'Previous' }));
    await heading(canvasElement, 'Create an API client');
    await expect(canvas.getByText('API client ready')).toBeVisible();
    await expect(canvas.getByText(PASTED_ID)).toBeVisible();
    await expect(
      canvas.queryByLabelText(INSTANCE_MESSAGES.apiClientSecretLabel),
    ).not.toBeInTheDocument();
    await expect(canvasElement.textContent).not.toContain(PASTED_SECRET);
  },
};

const pasteInvalid = at('createApiClient', fresh, {
  'b2cAPIClients.setup': { create: 'no-role' },
  'b2cAPIClients.paste': { clientId: PASTED_ID, name: 'Beacon' },
});
/** The id and secret are checked with the procedure's own schema before anything is sent. */
export const ApiClientPasteInvalid: Story = {
  ...pasteInvalid.story,
  tags: ['screen-state', 'state:onboarding.api-client-paste'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(INSTANCE_MESSAGES.apiClientNoRole)).toBeVisible();
    const form = within(pasteForm(canvasElement));
    const id = form.getByLabelText(INSTANCE_MESSAGES.apiClientIdLabel);
    const secret = form.getByLabelText(INSTANCE_MESSAGES.apiClientSecretLabel);
    const save = form.getByRole('button', { name: INSTANCE_MESSAGES.apiClientPasteSubmit });

    await userEvent.click(save);
    await expect(form.getByText('Enter the API client ID.')).toBeVisible();
    await expect(form.getByText('An API client secret has at least 12 characters.')).toBeVisible();
    await expect(id).toHaveAttribute('aria-invalid', 'true');
    await expect(id).toHaveFocus();

    await userEvent.type(id, 'beacon client/1');
    await userEvent.type(secret, 'too short');
    await userEvent.click(save);
    await expect(
      form.getByText('An API client ID has letters, digits, dashes, dots or underscores only.'),
    ).toBeVisible();
    await expect(form.getByText('An API client secret has at least 12 characters.')).toBeVisible();
    await expect(secret).toHaveAttribute('aria-invalid', 'true');
    await expect(pasteInvalid.api.calls('b2cAPIClients.paste')).toEqual([]);
  },
};

const pasteSignIn = at('createApiClient', fresh, {
  'b2cAPIClients.setup': { create: 'sign-in-needed' },
});
/** No live Account Manager sign-in (Google, or it expired): sign in with Salesforce, or paste one. */
export const ApiClientPasteSignInNeeded: Story = {
  ...pasteSignIn.story,
  tags: ['screen-state', 'state:onboarding.api-client-paste'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement, 'Create an API client');
    await expect(
      await canvas.findByText(INSTANCE_MESSAGES.accountManagerSignInNeeded),
    ).toBeVisible();
    await expect(canvas.getByText(INSTANCE_MESSAGES.apiClientPasteIntroSignIn)).toBeVisible();
    await expect(canvas.queryByText(INSTANCE_MESSAGES.apiClientNoRole)).toBeNull();
    await expectSettingsToCreate(canvasElement);
    await expect(pasteForm(canvasElement)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Create API client' })).toBeNull();
  },
};

const pasteChosen = at('createApiClient', fresh, {
  'b2cAPIClients.getOrCreate': { clientId: CLIENT_ID, name: 'Beacon' },
});
/** Someone who may have Beacon create the client can paste an existing one instead, and go back. */
export const ApiClientPasteInstead: Story = {
  ...pasteChosen.story,
  tags: ['screen-state', 'state:onboarding.api-client-paste'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement, 'Create an API client');
    const instead = await canvas.findByRole('button', {
      name: INSTANCE_MESSAGES.apiClientPasteInstead,
    });
    await expect(canvas.getByRole('button', { name: 'Create API client' })).toBeVisible();
    await userEvent.click(instead);
    await expect(canvas.getByText(INSTANCE_MESSAGES.apiClientPasteIntroChosen)).toBeVisible();
    await expect(canvas.queryByText(INSTANCE_MESSAGES.apiClientNoRole)).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Create API client' })).toBeNull();
    await expectSettingsToCreate(canvasElement);

    await userEvent.click(
      canvas.getByRole('button', { name: INSTANCE_MESSAGES.apiClientCreateInstead }),
    );
    await expect(canvas.getByRole('button', { name: 'Create API client' })).toBeVisible();
    await expect(canvas.queryByRole('form')).toBeNull();
    await userEvent.click(
      canvas.getByRole('button', { name: INSTANCE_MESSAGES.apiClientPasteInstead }),
    );
    await expect(pasteForm(canvasElement)).toBeVisible();
    await expect(pasteChosen.api.calls('b2cAPIClients.getOrCreate')).toEqual([]);
  },
};

const createRefused = at('createApiClient', fresh, {
  'b2cAPIClients.getOrCreate': domainError(
    'FORBIDDEN',
    INSTANCE_MESSAGES.apiClientNoRole,
    'api-client-no-role',
  ),
});
/** The token's roles looked enough, but Account Manager refused the create: paste one instead. */
export const CreateApiClientRefused: Story = {
  ...createRefused.story,
  tags: ['screen-state', 'state:onboarding.api-client-paste'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement, 'Create an API client');
    await userEvent.click(await canvas.findByRole('button', { name: 'Create API client' }));
    await expect(await canvas.findByText(INSTANCE_MESSAGES.apiClientNoRole)).toBeVisible();
    await expect(canvas.getByText(INSTANCE_MESSAGES.apiClientPasteIntro)).toBeVisible();
    await expect(pasteForm(canvasElement)).toBeVisible();
    await expect(canvas.queryByText(INSTANCE_MESSAGES.apiClientCreateFailed)).toBeNull();
    await expect(createRefused.api.calls('b2cAPIClients.getOrCreate')).toHaveLength(1);
  },
};

// ——— API client: activating ———

const ACTIVATING_AT = STORY_NOW.getTime();
/** What verify answers while the client activates: 4 min 10 s of the window left at STORY_NOW. */
const stillActivating = (retryInMs: number): VerifyResult => ({
  status: 'activating',
  message: INSTANCE_MESSAGES.apiClientActivating,
  retryInMs,
  until: ACTIVATING_AT + 250_000,
});
/** The clock the countdown reads, pinned; a play function moves it. */
let pinnedClock: MockInstance<() => Date> | null = null;
const moveClockTo = (ms: number) => pinnedClock?.mockReturnValue(new Date(ms));

function activatingStory(reply: TrpcScenario['b2cAPIClients.verify']) {
  const story = at('configureOcapiDataSettings', withClient, { 'b2cAPIClients.verify': reply });
  return {
    story,
    beforeEach: () => {
      story.api.reset();
      pinnedClock = spyOn(clock, 'now').mockReturnValue(STORY_NOW);
      return () => {
        pinnedClock?.mockRestore();
        pinnedClock = null;
      };
    },
  };
}

async function expectWaiting(canvasElement: HTMLElement, timeLeft: string) {
  const canvas = within(canvasElement);
  const waiting = await canvas.findByText(INSTANCE_MESSAGES.apiClientActivating);
  await expect(waiting).toBeVisible();
  await expect(canvas.getByText(timeLeft)).toBeVisible();
  const verify = canvas.getByRole('button', { name: 'Verifying…' });
  await expect(verify).toHaveAttribute('aria-busy', 'true');
  await expect(canvas.queryByRole('alert')).toBeNull();
}

const activating = activatingStory(stillActivating(15_000));
/** A new client Salesforce does not accept yet: the step waits, says why, and counts down. */
export const ApiClientActivating: Story = {
  ...activating.story.story,
  tags: ['screen-state', 'state:onboarding.api-client-activating'],
  beforeEach: activating.beforeEach,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement, 'Configure OCAPI Data settings');
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
    await expectWaiting(canvasElement, 'About 4 min left.');
    // The countdown follows the clock: 30 s of the window left.
    moveClockTo(ACTIVATING_AT + 220_000);
    await waitFor(() => expect(canvas.getByText('30 s left.')).toBeVisible());
    await expect(activating.story.api.calls('b2cAPIClients.verify')).toEqual([
      { orgId: 'org_acme', b2cInstanceId: fresh.id, capability: 'ocapi-data' },
    ]);
    await expect(canvas.getByText(INSTANCE_MESSAGES.apiClientActivating)).toBeVisible();
  },
};

const activated = activatingStory((_input, { count }) =>
  count === 1 ? stillActivating(400) : { status: 'ok' as const },
);
/** Verify asks again by itself after `retryInMs`; once Salesforce accepts the client, the step is done. */
export const ApiClientActivatingThenVerified: Story = {
  ...activated.story.story,
  tags: ['screen-state', 'state:onboarding.api-client-activating'],
  beforeEach: activated.beforeEach,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement, 'Configure OCAPI Data settings');
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
    await expectWaiting(canvasElement, 'About 4 min left.');
    await heading(canvasElement, 'Configure OCAPI Shop settings');
    const call = { orgId: 'org_acme', b2cInstanceId: fresh.id, capability: 'ocapi-data' };
    await expect(activated.story.api.calls('b2cAPIClients.verify')).toEqual([call, call]);
    await userEvent.click(canvas.getByRole('button', { name: 'Previous' }));
    await heading(canvasElement, 'Configure OCAPI Data settings');
    await expect(canvas.getByText('OCAPI Data settings verified')).toBeVisible();
    await expect(canvas.queryByText(INSTANCE_MESSAGES.apiClientActivating)).toBeNull();
  },
};

const badCredentials = VERIFY_MESSAGES.badCredentials(CLIENT_ID);
const refused = activatingStory((_input, { count }) =>
  count === 1
    ? stillActivating(400)
    : { status: 'error' as const, message: badCredentials, reason: 'bad-credentials' as const },
);
/** The window over, Salesforce still refuses the client: its error shows and the waiting stops. */
export const ApiClientActivatingThenRefused: Story = {
  ...refused.story.story,
  tags: ['screen-state', 'state:onboarding.api-client-activating'],
  beforeEach: refused.beforeEach,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement, 'Configure OCAPI Data settings');
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
    await expectWaiting(canvasElement, 'About 4 min left.');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(badCredentials);
    await expect(canvas.queryByText(INSTANCE_MESSAGES.apiClientActivating)).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Verify' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Verify' })).not.toHaveAttribute('aria-busy');
    await expect(refused.story.api.calls('b2cAPIClients.verify')).toHaveLength(2);
  },
};

const left = activatingStory(stillActivating(1_500));
/** Leaving the step while it waits stops the retries: no call is sent after the step is gone. */
export const ApiClientActivatingLeft: Story = {
  ...left.story.story,
  tags: ['screen-state', 'state:onboarding.api-client-activating'],
  beforeEach: left.beforeEach,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement, 'Configure OCAPI Data settings');
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
    await expectWaiting(canvasElement, 'About 4 min left.');
    await userEvent.click(canvas.getByRole('button', { name: 'Previous' }));
    await heading(canvasElement, 'Create an API client');
    // Over two retry periods: a timer left behind would have sent another call.
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    await expect(left.story.api.calls('b2cAPIClients.verify')).toHaveLength(1);
    await expect(canvas.getByText('API client ready')).toBeVisible();
  },
};

// ——— OCAPI Data ———

const ocapiData = at('configureOcapiDataSettings', withClient, {
  'b2cAPIClients.verify': delayed(300, { status: 'ok' as const }),
});
export const OcapiData: Story = {
  ...ocapiData.story,
  tags: ['screen-state', 'state:onboarding.ocapi-data'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement, 'Configure OCAPI Data settings');
    await expectCurrentStep(canvasElement, 'OCAPI Data settings');
    const link = canvas.getByRole('link', { name: /OCAPI Data settings in Business Manager/ });
    await expect(link).toHaveAttribute(
      'href',
      `${withClient.baseUrl}${BUSINESS_MANAGER_PATH['ocapi-data']}`,
    );
    await expect(link).toHaveAttribute('target', '_blank');
    const snippet = canvas.getByRole('figure', { name: 'OCAPI Data settings snippet' });
    await expect(snippet).toHaveTextContent('"_v": "21.10"');
    await expect(snippet).toHaveTextContent(`"client_id": "${CLIENT_ID}"`);
    await expect(snippet).toHaveTextContent('"resource_id": "/**"');
    for (const method of ['get', 'post', 'put', 'patch', 'delete'])
      await expect(snippet).toHaveTextContent(`"${method}"`);

    const verify = canvas.getByRole('button', { name: 'Verify' });
    await userEvent.click(verify);
    await expect(verify).toHaveAttribute('aria-disabled', 'true');
    await expect(verify).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(verify, { pointerEventsCheck: 0 });
    await heading(canvasElement, 'Configure OCAPI Shop settings');
    await expect(ocapiData.api.calls('b2cAPIClients.verify')).toEqual([
      { orgId: 'org_acme', b2cInstanceId: fresh.id, capability: 'ocapi-data' },
    ]);

    await userEvent.click(canvas.getByRole('button', { name: 'Previous' }));
    await heading(canvasElement, 'Configure OCAPI Data settings');
    await expect(canvas.getByText('OCAPI Data settings verified')).toBeVisible();
  },
};

/**
 * A fake clock for one window of a play function: timers set while it is installed run only when
 * ticked; on uninstall, the ones left are handed back to the real clock with their remaining delay.
 * (storybook/test has no fake timers, and the story must not import vitest.)
 */
function installClock() {
  const real = { setTimeout: window.setTimeout, clearTimeout: window.clearTimeout };
  const realSetTimeout = real.setTimeout.bind(window);
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; run: () => void }>();
  window.setTimeout = ((handler: TimerHandler, ms = 0, ...args: unknown[]) => {
    const id = nextId++;
    const run = () => (typeof handler === 'function' ? handler(...args) : undefined);
    timers.set(id, { at: now + Number(ms), run });
    return id;
  }) as typeof window.setTimeout;
  window.clearTimeout = ((id?: number) => {
    if (id !== undefined) timers.delete(id);
  }) as typeof window.clearTimeout;
  return {
    /** Advances the clock, running every timer that falls due, in order. */
    tick(ms: number) {
      const until = now + ms;
      for (;;) {
        const due = [...timers].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at);
        const first = due[0];
        if (!first) break;
        timers.delete(first[0]);
        now = first[1].at;
        first[1].run();
      }
      now = until;
    },
    /** Lets the page render what the timers changed (real time; the fake clock stands still). */
    settle: () => new Promise<void>((resolve) => realSetTimeout(resolve, 50)),
    uninstall() {
      window.setTimeout = real.setTimeout;
      window.clearTimeout = real.clearTimeout;
      for (const t of timers.values()) realSetTimeout(t.run, Math.max(0, t.at - now));
      timers.clear();
    },
  };
}

const writeText = fn<(text: string) => Promise<void>>();
let finishWrite = () => {};
const copied = at('configureOcapiDataSettings', withClient);
/** 'Copied' for exactly COPY_CONFIRMATION_MS (2 s), checked on a fake clock: still there at 1999 ms, gone at 2000. */
export const OcapiDataCopied: Story = {
  ...copied.story,
  tags: ['screen-state', 'state:onboarding.ocapi-data-copied'],
  beforeEach: () => {
    copied.api.reset();
    writeText.mockReset();
    // The copy completes when the play function says so: after the fake clock is installed.
    writeText.mockImplementation(
      () => new Promise<void>((resolve) => (finishWrite = () => resolve())),
    );
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    return () => {
      Reflect.deleteProperty(navigator, 'clipboard');
    };
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement, 'Configure OCAPI Data settings');
    await userEvent.click(canvas.getByRole('button', { name: 'Copy snippet' }));
    await expect(writeText).toHaveBeenCalledWith(
      expect.stringContaining(`"client_id": "${CLIENT_ID}"`),
    );
    const clock = installClock();
    try {
      finishWrite();
      await clock.settle();
      await expect(canvas.getByRole('button', { name: 'Copied' })).toBeVisible();
      clock.tick(COPY_CONFIRMATION_MS - 1);
      await clock.settle();
      await expect(canvas.getByRole('button', { name: 'Copied' })).toBeVisible();
      clock.tick(1);
      await clock.settle();
      await expect(canvas.queryByRole('button', { name: 'Copied' })).toBeNull();
      await expect(canvas.getByRole('button', { name: 'Copy snippet' })).toBeVisible();
    } finally {
      clock.uninstall();
    }
  },
};

/** Verify answers non-ok (or throws); the step stays, showing `text`. */
function verifyFails(
  step: string,
  instance: B2CInstance,
  title: string,
  reply: TrpcScenario['b2cAPIClients.verify'],
  text: string,
) {
  const story = at(step, instance, { 'b2cAPIClients.verify': reply });
  return {
    ...story.story,
    play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
      const canvas = within(canvasElement);
      await heading(canvasElement, title);
      await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
      await expect(await canvas.findByRole('alert')).toHaveTextContent(text);
      await expect(canvas.getByText(text)).toBeVisible();
      await expect(canvas.getByRole('heading', { name: title, level: 2 })).toBeVisible();
      await expect(canvas.getByRole('button', { name: 'Verify' })).toBeEnabled();
    },
  } satisfies Story;
}

const missingData = VERIFY_MESSAGES.missingSettings('ocapi-data', 'get', '/catalogs');
export const OcapiDataVerifyServerMessage: Story = {
  ...verifyFails(
    'configureOcapiDataSettings',
    withClient,
    'Configure OCAPI Data settings',
    { status: 'error', message: missingData },
    missingData,
  ),
  tags: ['screen-state', 'state:onboarding.ocapi-data-verify-server-message'],
};

export const OcapiDataVerifyFallback: Story = {
  ...verifyFails(
    'configureOcapiDataSettings',
    withClient,
    'Configure OCAPI Data settings',
    { status: 'error' },
    INSTANCE_MESSAGES.verifyFallback('ocapi-data'),
  ),
  tags: ['screen-state', 'state:onboarding.ocapi-data-verify-fallback'],
};

export const OcapiDataVerifyException: Story = {
  ...verifyFails(
    'configureOcapiDataSettings',
    withClient,
    'Configure OCAPI Data settings',
    trpcError('INTERNAL_SERVER_ERROR', 'socket hang up'),
    INSTANCE_MESSAGES.verifyException('ocapi-data'),
  ),
  tags: ['screen-state', 'state:onboarding.ocapi-data-verify-exception'],
};

// ——— OCAPI Shop ———

const ocapiShop = at('configureOcapiShopSettings', dataVerified, {
  'b2cAPIClients.verify': { status: 'ok' },
});
export const OcapiShop: Story = {
  ...ocapiShop.story,
  tags: ['screen-state', 'state:onboarding.ocapi-shop'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement, 'Configure OCAPI Shop settings');
    await expectCurrentStep(canvasElement, 'OCAPI Shop settings');
    await expect(
      canvas.getByRole('link', { name: /OCAPI Shop settings in Business Manager/ }),
    ).toHaveAttribute('href', `${withClient.baseUrl}${BUSINESS_MANAGER_PATH['ocapi-shop']}`);
    const snippet = canvas.getByRole('figure', { name: 'OCAPI Shop settings snippet' });
    await expect(snippet).toHaveTextContent('"_v": "21.10"');
    await expect(snippet).toHaveTextContent('"resource_id": "/**"');
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
    await heading(canvasElement, 'Configure WebDAV permissions');
  },
};

export const OcapiShopVerifyFallback: Story = {
  ...verifyFails(
    'configureOcapiShopSettings',
    dataVerified,
    'Configure OCAPI Shop settings',
    { status: 'error' },
    INSTANCE_MESSAGES.verifyFallback('ocapi-shop'),
  ),
  tags: ['screen-state', 'state:onboarding.ocapi-shop-verify-fallback'],
};

export const OcapiShopVerifyException: Story = {
  ...verifyFails(
    'configureOcapiShopSettings',
    dataVerified,
    'Configure OCAPI Shop settings',
    trpcError('INTERNAL_SERVER_ERROR', 'socket hang up'),
    INSTANCE_MESSAGES.verifyException('ocapi-shop'),
  ),
  tags: ['screen-state', 'state:onboarding.ocapi-shop-verify-exception'],
};

// ——— WebDAV ———

const webdav = at('configureWebdavSettings', shopVerified, {
  'b2cAPIClients.verify': { status: 'ok' },
});
export const Webdav: Story = {
  ...webdav.story,
  tags: ['screen-state', 'state:onboarding.webdav'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement, 'Configure WebDAV permissions');
    await expectCurrentStep(canvasElement, 'WebDAV permissions');
    await expect(
      canvas.getByRole('link', { name: /WebDAV client permissions in Business Manager/ }),
    ).toHaveAttribute('href', `${withClient.baseUrl}${BUSINESS_MANAGER_PATH.webdav}`);
    const snippet = canvas.getByRole('figure', { name: 'WebDAV client permissions snippet' });
    await expect(snippet).toHaveTextContent('"path": "/impex"');
    await expect(snippet).toHaveTextContent('"read_write"');
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
    await heading(canvasElement, 'Finish onboarding');
  },
};

export const WebdavVerifyFallback: Story = {
  ...verifyFails(
    'configureWebdavSettings',
    shopVerified,
    'Configure WebDAV permissions',
    { status: 'error' },
    INSTANCE_MESSAGES.verifyFallback('webdav'),
  ),
  tags: ['screen-state', 'state:onboarding.webdav-verify-fallback'],
};

export const WebdavVerifyException: Story = {
  ...verifyFails(
    'configureWebdavSettings',
    shopVerified,
    'Configure WebDAV permissions',
    trpcError('INTERNAL_SERVER_ERROR', 'socket hang up'),
    INSTANCE_MESSAGES.verifyException('webdav'),
  ),
  tags: ['screen-state', 'state:onboarding.webdav-verify-exception'],
};

// ——— Complete ———

let onboardedNow = false;
const onboardedInstance: B2CInstance = { ...allVerified, onboarded: true };
const complete = at('complete', allVerified, {
  'b2cInstances.verifyOnboarded': async () => {
    await new Promise((resolve) => setTimeout(resolve, 200));
    onboardedNow = true;
    return { status: 'ok' as const };
  },
  // Once verified, the env carries its onboarded instance (the app refetches the context).
  'orgs.getContext': () => ({
    org: orgs.acme,
    env: onboardedNow
      ? {
          ...envWithoutInstance,
          b2cInstance: { id: allVerified.id, instanceId: allVerified.instanceId, onboarded: true },
        }
      : envWithoutInstance,
  }),
  'b2cInstances.get': onboardedInstance,
});
/** Continue verifies the instance and lands on settings → Environment, showing it onboarded. */
export const Complete: Story = {
  ...complete.story,
  tags: ['screen-state', 'state:onboarding.complete'],
  beforeEach: () => {
    complete.api.reset();
    onboardedNow = false;
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement, 'Finish onboarding');
    await expectCurrentStep(canvasElement, 'Complete');
    const stepper = within(canvas.getByRole('navigation', { name: 'Onboarding steps' }));
    await expect(stepper.getAllByRole('button')).toHaveLength(5);
    await expect(
      stepper.getByRole('button', { name: 'Completed: WebDAV permissions' }),
    ).toBeEnabled();

    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(complete.api.calls('b2cInstances.verifyOnboarded')).toEqual([
        { orgId: 'org_acme', envId: 'env_prod', b2cInstanceId: allVerified.id },
      ]),
    );

    // Settings, on the Environment view (?view=env-settings).
    await canvas.findByRole('heading', { name: 'Settings', level: 1 });
    await expect(
      canvas.queryByRole('heading', { name: 'Link a B2C Commerce instance' }),
    ).toBeNull();
    const tabs = within(canvas.getByRole('navigation', { name: 'Settings' }));
    const current = tabs.getByRole('link', { current: 'page' });
    await expect(current).toHaveTextContent('Environment');
    await expect(current).toHaveAttribute('href', '/app/acme/prod/settings?view=env-settings');

    // The env settings content: the environment and its instance, now onboarded.
    await expect(canvas.getByRole('region', { name: 'Environment' })).toHaveTextContent(
      'Production',
    );
    const card = canvas.getByRole('region', { name: 'B2C Commerce instance' });
    await within(card).findByText(allVerified.instanceId);
    await expect(within(card).getByText('Onboarded')).toBeVisible();
    await expect(within(card).getByRole('link', { name: 'Review onboarding' })).toBeVisible();
    await expect(complete.api.calls('b2cInstances.get')).toEqual([
      { orgId: 'org_acme', b2cInstanceId: allVerified.id },
    ]);
  },
};

const revisit = at('complete', allVerified);
/** A completed step in the stepper opens that step again. */
export const CompleteRevisitStep: Story = {
  ...revisit.story,
  tags: ['screen-state', 'state:onboarding.complete'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement, 'Finish onboarding');
    await userEvent.click(canvas.getByRole('button', { name: 'Completed: OCAPI Shop settings' }));
    await heading(canvasElement, 'Configure OCAPI Shop settings');
    await expect(canvas.getByText('OCAPI Shop settings verified')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await heading(canvasElement, 'Configure WebDAV permissions');
  },
};

const notOnboarded = at('complete', allVerified, {
  // Slow enough that the busy button is always seen; it keeps the focus throughout (a loading Button
  // stays focusable), so the screen ends the same on every run.
  'b2cInstances.verifyOnboarded': delayed(300, {
    status: 'error' as const,
    message: 'OCAPI Shop settings missing',
  }),
});
/** Final verification not ok: only logged, the screen stays. */
export const CompleteNotVerified: Story = {
  ...notOnboarded.story,
  beforeEach: () => {
    notOnboarded.api.reset();
    expectConsoleError(DEVELOPER_MESSAGES.finalOnboardingFailed);
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement, 'Finish onboarding');
    const continueButton = canvas.getByRole('button', { name: 'Continue' });
    await userEvent.click(continueButton);
    await expect(continueButton).toHaveAttribute('aria-busy', 'true');
    await waitFor(() =>
      expect(notOnboarded.api.calls('b2cInstances.verifyOnboarded')).toHaveLength(1),
    );
    // The answer (not ok) is only logged: the button is ready again and the screen stays.
    await waitFor(() => expect(continueButton).not.toHaveAttribute('aria-busy'));
    await expect(continueButton).toBeEnabled();
    await expect(canvas.getByRole('heading', { name: 'Finish onboarding' })).toBeVisible();
  },
};

// ——— Reachability ———

const redirect = at('complete', dataVerified);
export const RedirectFirstIncomplete: Story = {
  ...redirect.story,
  tags: ['screen-state', 'state:onboarding.redirect-first-incomplete'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement, 'Configure OCAPI Shop settings');
    await expectCurrentStep(canvasElement, 'OCAPI Shop settings');
    await expect(canvas.queryByRole('heading', { name: 'Finish onboarding' })).toBeNull();
    // The address names the step shown, replacing the unreachable one: Back does not loop.
    const step = () => new URLSearchParams(redirect.history().location.search).get('step');
    await waitFor(() => expect(step()).toBe('configureOcapiShopSettings'));
    await expect(redirect.history().length).toBe(1);
  },
};
