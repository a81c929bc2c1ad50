import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { AEO_TITLE } from '~/app/routes/_authed/_user/$orgSlug/$envSlug/-monitoring/header';
import { CONFIG_MESSAGES } from '~/domain/agents/config';
import { ALERT_MESSAGES } from '~/domain/monitoring/alerts';
import { MONITORING_MESSAGES } from '~/domain/monitoring/config';
import { MARKET_MESSAGES } from '~/domain/monitoring/markets';
import type { Prompt } from '~/domain/prompts/entities';
import { orgs, promptList, prompts, sessionFor, users } from '~/mock-server/fixtures';
import {
  monitoringConfig,
  monitoringConfigMock,
  type MonitoringConfigMockOptions,
  monitoringDefaults,
  savedMonitoringConfig,
  savedMonitoringConfigInMarkets,
  unsavedMonitoringConfig,
} from '~/mock-server/monitoring-config';
import { STORY_NOW } from '~/mock-server/products';
import { atEnv } from '~/mock-server/scenarios';
import { pending, type TrpcScenario } from '~/mock-server/trpc/scenario';
import { screen } from '~/stories/support/app-harness';
import { pinnedClock } from '~/stories/support/clock';
import { MONITORING_CONFIG_TEXT as TEXT } from '~/ui/patterns/monitoring/config-form';
import { POWER_TEXT } from '~/ui/patterns/monitoring/power';
import { CONFIG_FORM_TEXT as FOOTER } from '~/ui/patterns/config-form';

const meta = {
  title: 'Screens/AEO Configuration',
  // "Saved 3 days ago" is read against a pinned clock, so the text and the baseline stay put.
  beforeEach: pinnedClock(),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const CONFIG = '/app/acme/prod?view=config';
const scope = { orgId: orgs.acme.id, envId: 'env_prod' };

/** The screen over the monitoring mock; saves change what it stores until the story runs again. */
function atConfig(options: MonitoringConfigMockOptions = {}, more: TrpcScenario = {}) {
  const mock = monitoringConfigMock(options);
  const story = screen({
    url: CONFIG,
    session: sessionFor(users.maya),
    trpc: { ...atEnv(), ...mock.scenario, ...more },
  });
  return {
    ...story,
    mock,
    story: {
      ...story.story,
      beforeEach: () => {
        story.story.beforeEach();
        mock.reset();
      },
    },
  };
}

/** The screen once its form is in (the form loads behind its own skeleton). */
async function configLoaded(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await canvas.findByRole('heading', { name: AEO_TITLE, level: 1 });
  const form = await canvas.findByRole('form', { name: TEXT.form });
  return { canvas, form: within(form) };
}

/** A fieldset of the form, by its legend. */
const group = (form: ReturnType<typeof within>, legend: string) =>
  within(form.getByRole('group', { name: legend }));

/** The Field around a labelled control: its error is the alert inside. */
function fieldOf(control: HTMLElement) {
  const field = control.closest<HTMLElement>('[data-slot="field"]');
  if (!field) throw new Error('The control is not inside a Field.');
  return within(field);
}

/** The label of a checkbox (its accessible name). */
const checkboxLabel = (box: HTMLElement) =>
  document.querySelector(`label[for="${box.id}"]`)?.textContent;

const options = (inGroup: ReturnType<typeof within>) =>
  inGroup.getAllByRole('checkbox').map(checkboxLabel);

const checked = (inGroup: ReturnType<typeof within>) =>
  inGroup
    .getAllByRole('checkbox')
    .filter((box: HTMLElement) => box.getAttribute('aria-checked') === 'true')
    .map(checkboxLabel);

/** Clicks a group's checkbox and waits until it shows the new state. */
async function toggle(inGroup: ReturnType<typeof within>, name: string) {
  const box = inGroup.getByRole('checkbox', { name });
  const was = box.getAttribute('aria-checked');
  await userEvent.click(box);
  await waitFor(() => expect(box).not.toHaveAttribute('aria-checked', was ?? ''));
}

/** The listbox of an open select renders in a portal on the document's body. */
const page = () => within(document.body);

/** Opens a select and picks an option by its name. */
async function choose(select: HTMLElement, option: string) {
  await userEvent.click(select);
  await userEvent.click(await page().findByRole('option', { name: option }));
  await waitFor(() => expect(select).toHaveTextContent(option));
}

/** A further market's block, by its legend ("Market 2"). */
const marketBlock = (form: ReturnType<typeof within>, n: number) =>
  group(form, TEXT.otherMarket(n));

/** Replaces a text box's value the fast way: clear, then paste. */
async function retype(control: HTMLElement, text: string) {
  await userEvent.clear(control);
  if (text) await userEvent.paste(text);
}

const savedStatus = (canvasElement: HTMLElement) =>
  canvasElement.querySelector<HTMLElement>('[data-slot="config-saved"]')!;

/** Scrolls the screen back to its title, so the baseline shows the screen as it opens. */
function backToTop(canvasElement: HTMLElement) {
  canvasElement.querySelector('[data-slot="page-header"]')?.scrollIntoView({ block: 'start' });
}

// ——— Loading ———

const loading = atConfig({}, { 'monitoring.getConfig': pending });
/** While the config loads: the title, the views and the form's skeleton; no form to fill in yet. */
export const ConfigLoading: Story = {
  ...loading.story,
  parameters: { ...loading.story.parameters, stillLoading: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: TEXT.title, level: 2 });
    await waitFor(() =>
      expect(canvasElement.querySelector('[data-slot="skeleton"]')).not.toBeNull(),
    );
    await expect(canvas.queryByRole('form', { name: TEXT.form })).toBeNull();
    await waitFor(() => expect(loading.api.calls('monitoring.getConfig')).toEqual([scope]));
  },
};

// ——— Before the first save ———

const firstTime = atConfig({ saved: unsavedMonitoringConfig });
/**
 * Before the first save: the brand from the AEO agent, the library's prompts, every engine, 10
 * samples and no schedule; saving stores it.
 */
export const ConfigFirstTime: Story = {
  ...firstTime.story,
  play: async ({ canvasElement }) => {
    const { form } = await configLoaded(canvasElement);
    await expect(savedStatus(canvasElement)).toHaveTextContent(FOOTER.notSavedYet);
    await expect(form.getByLabelText('Brand name')).toHaveValue(monitoringDefaults.brandName);
    await expect(form.getByLabelText('Brand domain')).toHaveValue(monitoringDefaults.brandDomain);
    // The prompts are asked in the env's en-US market.
    await expect(form.getByRole('combobox', { name: TEXT.market })).toHaveTextContent(
      'English (United States) · en-US',
    );
    await expect(checked(group(form, TEXT.library))).toEqual([
      'Gift for a camper',
      'Trail running shoes',
      'Waterproof hiking jacket',
    ]);
    await expect(checked(group(form, TEXT.engines))).toEqual([
      'ChatGPT',
      'Claude',
      'Gemini',
      'Perplexity',
    ]);
    // Every engine searches the web by default; Gemini is asked from memory here.
    const webSearch = group(form, TEXT.webSearch);
    await expect(checked(webSearch)).toEqual(['ChatGPT', 'Claude', 'Gemini', 'Perplexity']);
    await expect(webSearch.getByText('$35 per 1,000 answers searched')).toBeVisible();
    await expect(webSearch.getByText('$5 per 1,000 answers')).toBeVisible();
    await userEvent.click(webSearch.getByRole('checkbox', { name: /Gemini/ }));
    await expect(form.getByLabelText(TEXT.samples)).toHaveValue(10);
    await expect(form.getByRole('radio', { name: 'Off' })).toBeChecked();

    await userEvent.click(form.getByRole('button', { name: FOOTER.save }));
    await expect(await form.findByText(TEXT.savedTitle)).toBeVisible();
    await expect(firstTime.mock.stored().config).toEqual({
      ...monitoringDefaults,
      brandVariants: [],
      competitors: [],
      newPrompts: [],
      otherMarkets: [],
      engines: ['openai', 'anthropic', 'google', 'perplexity'],
      memoryEngines: ['google'],
      samples: 10,
      schedule: 'off',
      upliftRuns: 3,
    });
  },
};

// ——— The saved config ———

const saved = atConfig();
/**
 * The env's saved config read back into every control: brand, spellings, competitors, the library's
 * prompts picked and one written here, engines, samples, schedule. A change saves, says so and stays.
 */
export const Config: Story = {
  ...saved.story,
  tags: ['screen-state', 'state:aeo.config'],
  play: async ({ canvasElement }) => {
    const { canvas, form } = await configLoaded(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Configuration' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(canvas.getByRole('heading', { name: TEXT.title, level: 2 })).toBeVisible();
    await expect(savedStatus(canvasElement)).toHaveTextContent('Saved 3 days ago');

    // Brand.
    await expect(form.getByLabelText('Brand name')).toHaveValue('Acme Outfitters');
    await expect(form.getByLabelText('Brand domain')).toHaveValue('acme-outfitters.com');
    await expect(form.getByLabelText('Brand spelling 1')).toHaveValue('Acme');
    await expect(form.getByLabelText('Brand spelling 2')).toHaveValue('Acme Outdoor');

    // Competitors, with their domains when known.
    const competitors = group(form, TEXT.competitors);
    await expect(competitors.getByLabelText('Competitor 1 name')).toHaveValue('Summit Supply Co.');
    await expect(competitors.getByLabelText('Competitor 1 domain')).toHaveValue('summitsupply.com');
    await expect(competitors.getByLabelText('Competitor 2 name')).toHaveValue('Trailborn');
    await expect(competitors.getByLabelText('Competitor 2 domain')).toHaveValue('');

    // Prompts: from before markets, so in none; the library's, two picked, and one written here.
    await expect(form.getByRole('combobox', { name: TEXT.market })).toHaveTextContent(
      TEXT.marketNotSet,
    );
    await expect(form.queryByRole('group', { name: TEXT.otherMarket(2) })).toBeNull();
    const library = group(form, TEXT.library);
    await expect(options(library)).toEqual([
      'Gift for a camper',
      'Trail running shoes',
      'Waterproof hiking jacket',
    ]);
    await expect(checked(library)).toEqual(['Trail running shoes', 'Waterproof hiking jacket']);
    await expect(
      library.getByRole('checkbox', { name: 'Trail running shoes' }),
    ).toHaveAccessibleDescription(prompts.trailShoes.text);
    const newPrompts = form.getByLabelText(TEXT.newPrompts);
    await expect(newPrompts).toHaveValue(monitoringConfig.newPrompts.join('\n'));
    await expect(form.getByText('1 new prompt')).toBeVisible();

    // Engines, samples, schedule.
    const engines = group(form, TEXT.engines);
    await expect(options(engines)).toEqual(['ChatGPT', 'Claude', 'Gemini', 'Perplexity']);
    await expect(checked(engines)).toEqual(['ChatGPT', 'Claude']);
    await expect(form.getByLabelText(TEXT.samples)).toHaveValue(12);
    const schedule = group(form, TEXT.schedule);
    await expect(schedule.getByRole('radio', { name: 'Weekly' })).toBeChecked();
    await expect(saved.api.calls('monitoring.getConfig')).toEqual([scope]);
    await expect(saved.api.calls('prompts.list')).toEqual([{ orgId: scope.orgId }]);

    // Gemini too, and daily: an unsaved change until saved.
    await toggle(engines, 'Gemini');
    await userEvent.click(schedule.getByRole('radio', { name: 'Daily' }));
    await expect(savedStatus(canvasElement)).toHaveTextContent('Unsaved changes');
    await expect(saved.api.calls('monitoring.saveConfig')).toEqual([]);

    await userEvent.click(form.getByRole('button', { name: FOOTER.save }));
    await expect(await form.findByText(TEXT.savedTitle)).toBeVisible();
    await expect(savedStatus(canvasElement)).toHaveTextContent('Saved just now');
    const expected = {
      ...monitoringConfig,
      engines: ['openai', 'anthropic', 'google'],
      schedule: 'daily',
    };
    await expect(saved.api.calls('monitoring.saveConfig')).toEqual([{ ...scope, ...expected }]);
    await expect(saved.mock.stored()).toEqual({
      config: expected,
      defaults: savedMonitoringConfig.defaults,
      markets: savedMonitoringConfig.markets,
      updatedAt: STORY_NOW,
    });

    // The form stays, showing what was saved.
    await expect(checked(engines)).toEqual(['ChatGPT', 'Claude', 'Gemini']);
    await expect(schedule.getByRole('radio', { name: 'Daily' })).toBeChecked();
    await expect(form.getByLabelText('Competitor 1 name')).toHaveValue('Summit Supply Co.');
    backToTop(canvasElement);
  },
};

const planning = atConfig();
/**
 * The smallest change in mention rate the config can detect (80% power, 5% false alarms), across the
 * prompts and for one prompt alone, read again as the samples, engines and runs change; nothing saved.
 */
export const ConfigPower: Story = {
  ...planning.story,
  tags: ['screen-state', 'state:aeo.power'],
  play: async ({ canvasElement }) => {
    const { form } = await configLoaded(canvasElement);
    const power = within(form.getByRole('region', { name: POWER_TEXT.title }));
    const detectable = () =>
      canvasElement.querySelector('[data-slot="power-detectable"]')?.textContent;
    // The saved config: 3 prompts, ChatGPT and Claude, 12 samples, 3 runs a side.
    await expect(form.getByLabelText(TEXT.upliftRuns)).toHaveValue(3);
    await expect(detectable()).toBe(
      'A publish that changes the mention rate by 18 points across the prompts is found 80% of the time, with 5% false alarms; for one prompt on its own, the change must be 26 points.',
    );
    await expect(
      power.getByText(/^With 3 prompts, 2 engines, 12 samples each and 3 runs/),
    ).toBeVisible();

    // More samples: a smaller change.
    await retype(form.getByLabelText(TEXT.samples), '30');
    await waitFor(() =>
      expect(detectable()).toBe(
        'A publish that changes the mention rate by 14 points across the prompts is found 80% of the time, with 5% false alarms; for one prompt on its own, the change must be 20 points.',
      ),
    );
    // Gemini too, and five runs a side: smaller again.
    await toggle(group(form, TEXT.engines), 'Gemini');
    await retype(form.getByLabelText(TEXT.upliftRuns), '5');
    await waitFor(() =>
      expect(detectable()).toBe(
        'A publish that changes the mention rate by 9 points across the prompts is found 80% of the time, with 5% false alarms; for one prompt on its own, the change must be 12 points.',
      ),
    );
    await expect(
      power.getByText(/^With 3 prompts, 3 engines, 30 samples each and 5 runs/),
    ).toBeVisible();

    // Samples out of range: no figure, and what to give instead.
    await retype(form.getByLabelText(TEXT.samples), '0');
    await expect(await power.findByText(POWER_TEXT.incomplete)).toBeVisible();
    await expect(planning.api.calls('monitoring.saveConfig')).toEqual([]);
  },
};

const edited = atConfig();
/**
 * The lists grow and shrink from the keyboard: a new competitor's name takes focus, a removed
 * spelling hands focus on, a written prompt is a new line. The save sends what the schema reads (the
 * domain in lower case, blank lines dropped).
 */
export const ConfigListsEdited: Story = {
  ...edited.story,
  play: async ({ canvasElement }) => {
    const { form } = await configLoaded(canvasElement);
    const competitors = group(form, TEXT.competitors);
    await userEvent.click(competitors.getByRole('button', { name: TEXT.addCompetitor }));
    const third = competitors.getByLabelText('Competitor 3 name');
    await waitFor(() => expect(third).toHaveFocus());
    await userEvent.paste('Northwind Gear');
    await retype(competitors.getByLabelText('Competitor 3 domain'), 'NorthwindGear.com');

    await userEvent.click(form.getByRole('button', { name: 'Remove Brand spelling 1' }));
    const first = form.getByLabelText('Brand spelling 1');
    await waitFor(() => expect(first).toHaveFocus());
    await expect(first).toHaveValue('Acme Outdoor');
    await expect(form.queryByLabelText('Brand spelling 2')).toBeNull();

    const newPrompts = form.getByLabelText(TEXT.newPrompts);
    await userEvent.click(newPrompts);
    await userEvent.keyboard('{Control>}{End}{/Control}');
    await userEvent.paste('\n\n  Best lightweight tent for two people?  ');
    await expect(form.getByText('2 new prompts')).toBeVisible();

    await userEvent.click(form.getByRole('button', { name: FOOTER.save }));
    await expect(await form.findByText(TEXT.savedTitle)).toBeVisible();
    const expected = {
      ...monitoringConfig,
      brandVariants: ['Acme Outdoor'],
      competitors: [
        ...monitoringConfig.competitors,
        { name: 'Northwind Gear', domain: 'northwindgear.com' },
      ],
      newPrompts: [...monitoringConfig.newPrompts, 'Best lightweight tent for two people?'],
    };
    await expect(edited.api.calls('monitoring.saveConfig')).toEqual([{ ...scope, ...expected }]);
    await expect(edited.mock.stored().config).toEqual(expected);
    await expect(competitors.getByLabelText('Competitor 3 domain')).toHaveValue(
      'northwindgear.com',
    );
  },
};

// ——— Refused by the form ———

const refused = atConfig();
/**
 * A bad domain, no engine, samples out of range and a duplicate competitor: each field names its
 * problem, focus goes to the first, and nothing is sent.
 */
export const ConfigValidation: Story = {
  ...refused.story,
  tags: ['screen-state', 'state:aeo.config-validation'],
  play: async ({ canvasElement }) => {
    const { form } = await configLoaded(canvasElement);
    const domain = form.getByLabelText('Brand domain');
    await retype(domain, 'https://acme outfitters');
    const engines = group(form, TEXT.engines);
    await toggle(engines, 'ChatGPT');
    await toggle(engines, 'Claude');
    const samples = form.getByLabelText(TEXT.samples);
    await retype(samples, '0');
    const competitors = group(form, TEXT.competitors);
    const second = competitors.getByLabelText('Competitor 2 name');
    await retype(second, 'summit supply co.');
    // Nothing is marked before a save is tried.
    await expect(form.queryByRole('alert')).toBeNull();

    await userEvent.click(form.getByRole('button', { name: FOOTER.save }));
    await expect(await fieldOf(domain).findByRole('alert')).toHaveTextContent(
      CONFIG_MESSAGES.brandDomain,
    );
    await expect(domain).toHaveAttribute('aria-invalid', 'true');
    await expect(domain).toHaveAccessibleDescription(
      expect.stringContaining(CONFIG_MESSAGES.brandDomain),
    );
    await waitFor(() => expect(domain).toHaveFocus());

    await expect(engines.getByRole('alert')).toHaveTextContent(MONITORING_MESSAGES.noEngine);
    await expect(form.getByRole('group', { name: TEXT.engines })).toHaveAccessibleDescription(
      expect.stringContaining(MONITORING_MESSAGES.noEngine),
    );

    await expect(fieldOf(samples).getByRole('alert')).toHaveTextContent(
      MONITORING_MESSAGES.samples,
    );
    await expect(samples).toHaveAccessibleDescription(
      expect.stringContaining(MONITORING_MESSAGES.samples),
    );

    // The repeated competitor is named on its own row; the first one is fine.
    await expect(fieldOf(second).getByRole('alert')).toHaveTextContent(
      MONITORING_MESSAGES.duplicateCompetitor,
    );
    await expect(second).toHaveAttribute('aria-invalid', 'true');
    await expect(second).toHaveAccessibleDescription(MONITORING_MESSAGES.duplicateCompetitor);
    await expect(competitors.getByLabelText('Competitor 1 name')).not.toHaveAttribute(
      'aria-invalid',
    );

    await expect(form.getByText(FOOTER.refusedTitle)).toBeVisible();
    await expect(form.getByText(FOOTER.refusedDescription)).toBeVisible();

    // 51 is out of range too; the message stays while the value is wrong.
    await retype(samples, '51');
    await expect(fieldOf(samples).getByRole('alert')).toHaveTextContent(
      MONITORING_MESSAGES.samples,
    );

    // Nothing was sent, nothing stored.
    await expect(refused.api.calls('monitoring.saveConfig')).toEqual([]);
    await expect(refused.mock.stored()).toEqual(savedMonitoringConfig);
    await expect(savedStatus(canvasElement)).toHaveTextContent('Unsaved changes');
    backToTop(canvasElement);
  },
};

// ——— Refused by the server ———

/** A prompt a colleague deleted from the library after this screen loaded it. */
const deletedPrompt: Prompt = {
  id: 'prompt_winter_boots',
  name: 'Winter hiking boots',
  text: 'Which insulated hiking boots stay dry in deep snow?',
  createdAt: new Date('2026-02-10T10:00:00Z'),
  updatedAt: new Date('2026-02-10T10:00:00Z'),
};
const serverRefused = atConfig({}, { 'prompts.list': [...promptList, deletedPrompt] });
/**
 * What only the server can check: a prompt gone from the library is refused beside the prompts, and
 * nothing is stored; without it the config saves.
 */
export const ConfigServerRefused: Story = {
  ...serverRefused.story,
  play: async ({ canvasElement }) => {
    const { form } = await configLoaded(canvasElement);
    const library = group(form, TEXT.library);
    await toggle(library, deletedPrompt.name);
    await userEvent.click(form.getByRole('button', { name: FOOTER.save }));
    await expect(await library.findByRole('alert')).toHaveTextContent(
      MONITORING_MESSAGES.unknownPrompts,
    );
    await expect(form.getByRole('group', { name: TEXT.library })).toHaveAccessibleDescription(
      expect.stringContaining(MONITORING_MESSAGES.unknownPrompts),
    );
    await expect(form.getByText(FOOTER.refusedTitle)).toBeVisible();
    await expect(form.queryByText(TEXT.savedTitle)).toBeNull();
    await expect(serverRefused.api.calls('monitoring.saveConfig')).toEqual([
      {
        ...scope,
        ...monitoringConfig,
        promptIds: [...monitoringConfig.promptIds, deletedPrompt.id],
      },
    ]);
    await expect(serverRefused.mock.stored()).toEqual(savedMonitoringConfig);

    // Unpicking it clears the server's message; the save goes through.
    await toggle(library, deletedPrompt.name);
    await expect(library.queryByRole('alert')).toBeNull();
    await userEvent.click(form.getByRole('button', { name: FOOTER.save }));
    await expect(await form.findByText(TEXT.savedTitle)).toBeVisible();
    await expect(serverRefused.api.calls('monitoring.saveConfig')).toHaveLength(2);
    await expect(serverRefused.mock.stored().config).toEqual(monitoringConfig);
  },
};

// ——— Alerts ———

const webhook = atConfig();
/**
 * The webhook alerts are posted to: an address Beacon may not post to (plain http to another machine)
 * is refused beside the field and nothing is sent; an https one saves.
 */
export const ConfigAlertWebhook: Story = {
  ...webhook.story,
  play: async ({ canvasElement }) => {
    const { form } = await configLoaded(canvasElement);
    const url = form.getByLabelText(TEXT.alertWebhookUrl);
    await expect(url).toHaveValue('');
    await expect(url).toHaveAccessibleDescription(TEXT.alertWebhookUrlDescription);
    await retype(url, 'http://hooks.example.com/x');
    await userEvent.click(form.getByRole('button', { name: FOOTER.save }));
    await expect(await fieldOf(url).findByRole('alert')).toHaveTextContent(
      ALERT_MESSAGES.webhookUrl,
    );
    await expect(url).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(url).toHaveFocus());
    await expect(webhook.api.calls('monitoring.saveConfig')).toEqual([]);
    await expect(webhook.mock.stored()).toEqual(savedMonitoringConfig);

    await retype(url, 'https://hooks.example.com/services/acme');
    await expect(fieldOf(url).queryByRole('alert')).toBeNull();
    await userEvent.click(form.getByRole('button', { name: FOOTER.save }));
    await expect(await form.findByText(TEXT.savedTitle)).toBeVisible();
    await expect(webhook.api.calls('monitoring.saveConfig')).toEqual([
      { ...scope, ...monitoringConfig, alertWebhookUrl: 'https://hooks.example.com/services/acme' },
    ]);
    await expect(webhook.mock.stored().config).toEqual({
      ...monitoringConfig,
      alertWebhookUrl: 'https://hooks.example.com/services/acme',
    });
    url.scrollIntoView({ block: 'center' });
  },
};

// ——— Markets ———

/** Scrolls the screen to the Prompts section, so the baseline shows the markets' blocks. */
function toPrompts(canvasElement: HTMLElement) {
  within(canvasElement)
    .getByRole('heading', { name: TEXT.prompts, level: 3 })
    .scrollIntoView({ block: 'start' });
}

/** Scrolls the screen to a further market's block, so the baseline shows its messages. */
function toBlock(form: ReturnType<typeof within>, n: number) {
  form.getByRole('group', { name: TEXT.otherMarket(n) }).scrollIntoView({ block: 'start' });
}

const inMarkets = atConfig({ saved: savedMonitoringConfigInMarkets });
/**
 * A config asked in two markets: its prompts in en-US, and a French prompt in fr-FR in a block of its
 * own, with its own library prompts and its own Remove. What the settings can detect counts both.
 */
export const ConfigMarkets: Story = {
  ...inMarkets.story,
  play: async ({ canvasElement }) => {
    const { form } = await configLoaded(canvasElement);
    await expect(savedStatus(canvasElement)).toHaveTextContent('Saved 3 days ago');
    const [first] = form.getAllByRole('combobox', { name: TEXT.market });
    await expect(first).toHaveTextContent('English (United States) · en-US');
    await expect(first).toHaveAccessibleDescription(TEXT.marketDescription);
    // The env's markets by name and id; "Not set" is no choice for a config that has a market.
    await userEvent.click(first!);
    const listbox = within(await page().findByRole('listbox'));
    await expect(listbox.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'German (Germany) · de-DE',
      'English (United States) · en-US',
      'French (France) · fr-FR',
    ]);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page().queryByRole('listbox')).toBeNull());

    // The first market's prompts, as before markets.
    const [library] = form.getAllByRole('group', { name: TEXT.library });
    await expect(checked(within(library!))).toEqual([
      'Trail running shoes',
      'Waterproof hiking jacket',
    ]);
    await expect(form.getAllByLabelText(TEXT.newPrompts)[0]).toHaveValue(
      monitoringConfig.newPrompts.join('\n'),
    );

    // The French block.
    const french = marketBlock(form, 2);
    await expect(french.getByRole('combobox', { name: TEXT.market })).toHaveTextContent(
      'French (France) · fr-FR',
    );
    await expect(options(french)).toEqual([
      'Gift for a camper',
      'Trail running shoes',
      'Waterproof hiking jacket',
    ]);
    await expect(checked(french)).toEqual([]);
    await expect(french.getByLabelText(TEXT.newPrompts)).toHaveValue(
      'Quelle veste imperméable choisir pour la randonnée en montagne ?',
    );
    await expect(french.getByText('1 new prompt')).toBeVisible();
    await expect(french.getByRole('button', { name: TEXT.removeMarket(2) })).toBeVisible();
    await expect(form.queryByRole('group', { name: TEXT.otherMarket(3) })).toBeNull();

    // Three prompts in en-US and one in fr-FR.
    const power = within(form.getByRole('region', { name: POWER_TEXT.title }));
    await expect(
      power.getByText(/^With 4 prompts, 2 engines, 12 samples each and 3 runs/),
    ).toBeVisible();
    await expect(form.getByRole('button', { name: TEXT.addMarket })).toBeEnabled();
    await expect(inMarkets.api.calls('monitoring.saveConfig')).toEqual([]);
    toPrompts(canvasElement);
  },
};

const addMarket = atConfig();
/**
 * A config from before markets gets one (en-US), then a German block: it starts on the market no
 * block asks in yet, its select takes focus, and it takes a library prompt and one written in German.
 * Saving stores both markets; with every market of the catalogue used, Add says so.
 */
export const ConfigAddMarket: Story = {
  ...addMarket.story,
  play: async ({ canvasElement }) => {
    const { form } = await configLoaded(canvasElement);
    await choose(
      form.getByRole('combobox', { name: TEXT.market }),
      'English (United States) · en-US',
    );

    await userEvent.click(form.getByRole('button', { name: TEXT.addMarket }));
    const german = marketBlock(form, 2);
    const select = german.getByRole('combobox', { name: TEXT.market });
    await waitFor(() => expect(select).toHaveFocus());
    await expect(select).toHaveTextContent('German (Germany) · de-DE');
    await toggle(german, prompts.rainJacket.name);
    await userEvent.click(german.getByLabelText(TEXT.newPrompts));
    await userEvent.paste('Welche Regenjacke eignet sich für Wanderungen in den Alpen?');
    await expect(german.getByText('1 new prompt')).toBeVisible();
    const power = within(form.getByRole('region', { name: POWER_TEXT.title }));
    await expect(power.getByText(/^With 5 prompts, 2 engines/)).toBeVisible();

    await userEvent.click(form.getByRole('button', { name: FOOTER.save }));
    await expect(await form.findByText(TEXT.savedTitle)).toBeVisible();
    const expected = {
      ...monitoringConfig,
      market: 'en-US',
      otherMarkets: [
        {
          market: 'de-DE',
          promptIds: [prompts.rainJacket.id],
          newPrompts: ['Welche Regenjacke eignet sich für Wanderungen in den Alpen?'],
        },
      ],
    };
    await expect(addMarket.api.calls('monitoring.saveConfig')).toEqual([{ ...scope, ...expected }]);
    await expect(addMarket.mock.stored().config).toEqual(expected);

    // The form shows what was saved; a third market would be French.
    await expect(
      marketBlock(form, 2).getByRole('combobox', { name: TEXT.market }),
    ).toHaveTextContent('German (Germany) · de-DE');
    await userEvent.click(form.getByRole('button', { name: TEXT.addMarket }));
    const third = marketBlock(form, 3);
    await expect(third.getByRole('combobox', { name: TEXT.market })).toHaveTextContent(
      'French (France) · fr-FR',
    );
    await expect(form.getByRole('button', { name: TEXT.addMarket })).toBeDisabled();
    await expect(form.getByText(TEXT.marketsAllUsed)).toBeVisible();

    // Removing it hands focus to Add, and the form is as saved again.
    await userEvent.click(third.getByRole('button', { name: TEXT.removeMarket(3) }));
    await expect(form.queryByRole('group', { name: TEXT.otherMarket(3) })).toBeNull();
    await waitFor(() => expect(form.getByRole('button', { name: TEXT.addMarket })).toHaveFocus());
    await expect(savedStatus(canvasElement)).toHaveTextContent('Saved just now');
    toPrompts(canvasElement);
  },
};

const marketErrors = atConfig({ saved: savedMonitoringConfigInMarkets });
/**
 * A market emptied of prompts and a market listed twice: each message shows beside its block's field,
 * focus goes to the first, and nothing is sent.
 */
export const ConfigMarketErrors: Story = {
  ...marketErrors.story,
  play: async ({ canvasElement }) => {
    const { form } = await configLoaded(canvasElement);
    const french = marketBlock(form, 2);
    await retype(french.getByLabelText(TEXT.newPrompts), '');
    await userEvent.click(form.getByRole('button', { name: TEXT.addMarket }));
    const third = marketBlock(form, 3);
    const thirdSelect = third.getByRole('combobox', { name: TEXT.market });
    await waitFor(() => expect(thirdSelect).toHaveFocus());
    await choose(thirdSelect, 'French (France) · fr-FR');
    await userEvent.click(third.getByLabelText(TEXT.newPrompts));
    await userEvent.paste('Quel sac à dos pour une semaine de trek ?');
    // Nothing is marked before a save is tried.
    await expect(form.queryByRole('alert')).toBeNull();

    await userEvent.click(form.getByRole('button', { name: FOOTER.save }));
    // The emptied market: beside its library prompts, where focus goes.
    const frenchLibrary = within(french.getByRole('group', { name: TEXT.library }));
    await expect(await frenchLibrary.findByRole('alert')).toHaveTextContent(
      MONITORING_MESSAGES.noPrompt,
    );
    await expect(french.getByRole('group', { name: TEXT.library })).toHaveAccessibleDescription(
      MONITORING_MESSAGES.noPrompt,
    );
    await waitFor(() => expect(frenchLibrary.getAllByRole('checkbox')[0]).toHaveFocus());
    await expect(french.getByRole('combobox', { name: TEXT.market })).not.toHaveAttribute(
      'aria-invalid',
    );

    // The market listed twice: beside the later one's select.
    await expect(fieldOf(thirdSelect).getByRole('alert')).toHaveTextContent(
      MARKET_MESSAGES.duplicate,
    );
    await expect(thirdSelect).toHaveAttribute('aria-invalid', 'true');
    await expect(thirdSelect).toHaveAccessibleDescription(MARKET_MESSAGES.duplicate);
    await expect(third.getByRole('group', { name: TEXT.library })).not.toHaveAccessibleDescription(
      expect.stringContaining(MONITORING_MESSAGES.noPrompt),
    );
    await expect(form.getByText(FOOTER.refusedTitle)).toBeVisible();

    // Nothing was sent, nothing stored.
    await expect(marketErrors.api.calls('monitoring.saveConfig')).toEqual([]);
    await expect(marketErrors.mock.stored()).toEqual(savedMonitoringConfigInMarkets);

    // German instead: that message goes, the empty market's stays.
    await choose(thirdSelect, 'German (Germany) · de-DE');
    await expect(fieldOf(thirdSelect).queryByRole('alert')).toBeNull();
    await expect(frenchLibrary.getByRole('alert')).toHaveTextContent(MONITORING_MESSAGES.noPrompt);
    toBlock(form, 2);
  },
};

const withoutMarkets = atConfig({ saved: { ...savedMonitoringConfig, markets: [] } });
/**
 * The catalogue copy's locales are not known yet: no market to choose, a note saying the prompts are
 * asked without one, and the config saves as it is.
 */
export const ConfigWithoutMarkets: Story = {
  ...withoutMarkets.story,
  play: async ({ canvasElement }) => {
    const { form } = await configLoaded(canvasElement);
    await expect(form.getByText(TEXT.noMarkets)).toBeVisible();
    await expect(form.queryByRole('combobox', { name: TEXT.market })).toBeNull();
    await expect(form.queryByRole('button', { name: TEXT.addMarket })).toBeNull();

    await userEvent.click(form.getByRole('button', { name: FOOTER.save }));
    await expect(await form.findByText(TEXT.savedTitle)).toBeVisible();
    await expect(withoutMarkets.api.calls('monitoring.saveConfig')).toEqual([
      { ...scope, ...monitoringConfig },
    ]);
    await expect(withoutMarkets.mock.stored().config).toEqual(monitoringConfig);
    toPrompts(canvasElement);
  },
};

/** A config saved when the catalogue copy had an Italian locale, which it no longer has. */
const italianSaved = {
  ...savedMonitoringConfigInMarkets,
  config: {
    ...savedMonitoringConfigInMarkets.config,
    otherMarkets: [
      {
        market: 'it-IT',
        promptIds: [],
        newPrompts: ['Quale giacca impermeabile scegliere per il trekking?'],
      },
    ],
  },
};
const marketServerRefused = atConfig({ saved: italianSaved });
/**
 * What only the server can check: a market the catalogue's locales no longer have shows marked in its
 * select, is refused beside it, and nothing is stored; with another market the config saves.
 */
export const ConfigMarketServerRefused: Story = {
  ...marketServerRefused.story,
  play: async ({ canvasElement }) => {
    const { form } = await configLoaded(canvasElement);
    const italian = marketBlock(form, 2);
    const select = italian.getByRole('combobox', { name: TEXT.market });
    await expect(select).toHaveTextContent(
      'Italian (Italy) · it-IT (not among the catalogue’s locales)',
    );
    await userEvent.click(form.getByRole('button', { name: FOOTER.save }));
    await expect(await fieldOf(select).findByRole('alert')).toHaveTextContent(
      MARKET_MESSAGES.unknown,
    );
    await expect(select).toHaveAccessibleDescription(MARKET_MESSAGES.unknown);
    await waitFor(() => expect(select).toHaveFocus());
    await expect(form.getByText(FOOTER.refusedTitle)).toBeVisible();
    await expect(marketServerRefused.api.calls('monitoring.saveConfig')).toEqual([
      { ...scope, ...italianSaved.config },
    ]);
    await expect(marketServerRefused.mock.stored()).toEqual(italianSaved);

    // German instead: the server's message goes, and the save goes through.
    await choose(select, 'German (Germany) · de-DE');
    await expect(fieldOf(select).queryByRole('alert')).toBeNull();
    await userEvent.click(form.getByRole('button', { name: FOOTER.save }));
    await expect(await form.findByText(TEXT.savedTitle)).toBeVisible();
    await expect(marketServerRefused.mock.stored().config?.otherMarkets).toEqual([
      { ...italianSaved.config.otherMarkets[0], market: 'de-DE' },
    ]);
    toBlock(form, 2);
  },
};
