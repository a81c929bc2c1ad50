import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { AEO_TITLE } from '~/app/routes/_authed/_user/$orgSlug/$envSlug/-monitoring/header';
import { CONFIG_MESSAGES } from '~/domain/agents/config';
import { MONITORING_MESSAGES } from '~/domain/monitoring/config';
import type { Prompt } from '~/domain/prompts/entities';
import { orgs, promptList, prompts, sessionFor, users } from '~/mock-server/fixtures';
import {
  monitoringConfig,
  monitoringConfigMock,
  type MonitoringConfigMockOptions,
  monitoringDefaults,
  savedMonitoringConfig,
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

    // Prompts: the library's, two picked, and one written here.
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
