import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { CONFIG_MESSAGES } from '~/domain/agents/config';
import { AGENT_MESSAGES } from '~/domain/agents/messages';
import { type AgentRun, runErrorMessage } from '~/domain/agents/runs';
import {
  atAgents,
  saved,
  savedConfigs,
  seoHistory,
  seoRunningAt,
  seoRuns,
  staleTranslationConfig,
  translationRuns,
} from '~/mock-server/agents';
import { orgs, prompts, sessionFor, users } from '~/mock-server/fixtures';
import { envWithoutInstance } from '~/mock-server/scenarios';
import type { TrpcScenario } from '~/mock-server/trpc/scenario';
import { screen } from '~/stories/support/app-harness';
import { pinnedClock } from '~/stories/support/clock';

const meta = {
  title: 'Screens/Agents',
  // "Saved 2 minutes ago" and a run's elapsed time are read against a pinned clock, so the texts and
  // the baselines stay put.
  beforeEach: pinnedClock(),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const scope = { orgId: orgs.acme.id, envId: 'env_prod' };
const AGENTS = '/app/acme/prod/agents';

/** Dialogs and select menus render in a portal, outside the story's canvas. */
const page = () => within(document.body);

function atAgent(path: 'translation' | 'seo' | 'aeo', trpc: TrpcScenario = atAgents()) {
  return screen({ url: `${AGENTS}/${path}`, session: sessionFor(users.maya), trpc });
}

/** The agent's screen once its form is in (the form loads behind its own skeleton). */
async function agentLoaded(canvasElement: HTMLElement, name: string) {
  const canvas = within(canvasElement);
  await canvas.findByRole('heading', { name, level: 1 });
  const form = await canvas.findByRole('form', { name: `${name} configuration` });
  return { canvas, form: within(form), formElement: form };
}

/** A fieldset of the form, by its legend. */
const group = (form: ReturnType<typeof within>, legend: string) =>
  within(form.getByRole('group', { name: legend }));

/** The label of a checkbox (its accessible name). */
const checkboxLabel = (box: HTMLElement) =>
  document.querySelector(`label[for="${box.id}"]`)?.textContent;

/** The labels of a group's checkboxes, in order. */
const options = (inGroup: ReturnType<typeof within>) =>
  inGroup.getAllByRole('checkbox').map(checkboxLabel);

/** The labels of a group's checked checkboxes, in order. */
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

/** Scrolls the screen back to its title, so the baseline shows the screen as it opens. */
function backToTop(canvasElement: HTMLElement) {
  canvasElement.querySelector('[data-slot="page-header"]')?.scrollIntoView({ block: 'start' });
}

/** Types a long text the fast way: focus, then paste. */
async function fill(control: HTMLElement, text: string) {
  await userEvent.click(control);
  await userEvent.paste(text);
}

/** The Run button and the reason it is disabled, if any. */
function runButton(canvasElement: HTMLElement) {
  return within(canvasElement).getByRole('button', { name: 'Run' });
}

const savedStatus = (canvasElement: HTMLElement) =>
  canvasElement.querySelector<HTMLElement>('[data-slot="config-saved"]')!;

const reviewsLink = (type: string, runId: string) =>
  `/app/acme/prod/reviews?agentType=${type}&runId=${runId}&reviewStatus=all&showOffline=true`;

// ——— Overview ———

const overview = screen({
  url: AGENTS,
  session: sessionFor(users.maya),
  trpc: atAgents({
    configs: {
      translation: saved(savedConfigs.translation),
      seo: saved(savedConfigs.seo),
    },
    runs: { translation: translationRuns, seo: [seoRuns.failed, seoRuns.partlyFailed] },
  }),
});

/** The catalogue; the three agents with a screen also say how their last run went, or that they are not configured. */
export const Overview: Story = {
  ...overview.story,
  tags: ['screen-state', 'state:agents.overview'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Agents' })).toBeVisible();
    const card = (name: string) => canvas.getByText(name).closest('li')!;
    await expect(card('Localization Manager')).toHaveTextContent('Part-supervised122 hours saved');
    await expect(card('SEO Specialist')).toHaveTextContent('Autonomous45 hours saved');
    await expect(card('AEO Specialist')).toHaveTextContent('Autonomous24 hours saved');
    await expect(card('Pricing Analyst')).toHaveTextContent('Autonomous');
    await expect(card('Front End Engineer')).toHaveTextContent('SupervisedComing soon');
    await expect(canvas.getByRole('link', { name: /Localization Manager/ })).toHaveAttribute(
      'href',
      '/app/acme/prod/agents/translation',
    );
    await expect(canvas.queryByRole('link', { name: /Pricing Analyst/ })).toBeNull();

    // Each agent's last run (status, when it ended, its proposals), or "Not configured".
    await waitFor(() =>
      expect(card('Localization Manager')).toHaveTextContent(
        'Last run: Succeeded2 days ago·118 proposals',
      ),
    );
    await expect(card('SEO Specialist')).toHaveTextContent(
      'Last run: Failed19 hours ago·60 proposals',
    );
    await expect(card('AEO Specialist')).toHaveTextContent('Not configured');
    await expect(within(card('AEO Specialist')).queryByText(/Last run/)).toBeNull();
    await expect(card('Pricing Analyst')).not.toHaveTextContent('Not configured');
    await expect(overview.api.calls('agents.overview')).toEqual([scope]);
  },
};

// ——— Per-agent screens ———

const translation = atAgent('translation');
/**
 * The Localization Manager's saved config, read back into every control; changing the source language
 * takes it out of the targets; switching to product IDs parses the list; Run waits for the save.
 */
export const Translation: Story = {
  ...translation.story,
  tags: ['screen-state', 'state:agents.translation'],
  play: async ({ canvasElement }) => {
    const { canvas, form } = await agentLoaded(canvasElement, 'Localization Manager');
    await expect(
      canvas.getByText(
        'Translates product content into your storefront languages; you review every proposal.',
      ),
    ).toBeVisible();
    await expect(runButton(canvasElement)).toBeEnabled();
    await expect(savedStatus(canvasElement)).toHaveTextContent('Saved 2 minutes ago');

    await expect(form.getByRole('combobox', { name: 'Source language' })).toHaveTextContent(
      'Default',
    );
    const targets = group(form, 'Target languages');
    // The source is not offered as a target.
    await expect(options(targets)).toEqual(['de-DE', 'en-US', 'fr-FR']);
    await expect(checked(targets)).toEqual(['de-DE', 'fr-FR']);
    const fields = group(form, 'Fields');
    await expect(checked(fields)).toEqual(['Name', 'Short description', 'Long description']);
    await expect(fields.getAllByRole('checkbox')).toHaveLength(6);
    await expect(fields.getByText('page_keywords')).toBeVisible();
    await expect(form.getByRole('radio', { name: 'By catalog' })).toBeChecked();
    await expect(checked(group(form, 'Catalogs'))).toEqual(['Acme storefront']);
    const categories = group(form, 'Categories (optional)');
    await expect(options(categories)).toEqual([
      'Men',
      'Outerwear',
      'Shirts',
      'Women',
      'Dresses',
      'Tops',
      'Gear',
      'Bags',
    ]);
    await expect(checked(categories)).toEqual(['Men', 'Women']);
    await expect(
      form.getByRole('switch', { name: 'Also translate variation groups' }),
    ).toBeChecked();
    const model = group(form, 'Model');
    await expect(model.getByRole('radio', { name: 'Claude' })).toBeChecked();
    await expect(model.getByRole('radio', { name: 'Claude' })).toHaveAccessibleDescription(
      'claude-sonnet-5-5$3 input / $15 output per million tokens',
    );
    await expect(model.getByRole('radio', { name: 'ChatGPT' })).toHaveAccessibleDescription(
      'gpt-5$1.25 input / $10 output per million tokens',
    );
    await expect(model.getByRole('radio', { name: 'Gemini' })).toHaveAccessibleDescription(
      'gemini-2.5-flash$0.30 input / $2.50 output per million tokens',
    );
    await expect(form.getByRole('combobox', { name: 'House guidance' })).toHaveTextContent('None');

    // German becomes the source: it leaves the targets; Default becomes one to choose.
    await userEvent.click(form.getByRole('combobox', { name: 'Source language' }));
    await userEvent.click(await page().findByRole('option', { name: 'de-DE' }));
    await waitFor(() => expect(options(targets)).toEqual(['Default', 'en-US', 'fr-FR']));
    await expect(checked(targets)).toEqual(['fr-FR']);

    // By product: one ID a line or comma-separated, counted as read.
    await userEvent.click(form.getByRole('radio', { name: 'By product' }));
    await expect(form.queryByRole('group', { name: 'Catalogs' })).toBeNull();
    const ids = form.getByRole('textbox', { name: 'Product IDs' });
    await fill(ids, 'alpine-rain-jacket, gift-card\nmerino-beanie\ngift-card');
    await expect(form.getByText('3 product IDs')).toBeVisible();
    await expect(savedStatus(canvasElement)).toHaveTextContent('Unsaved changes');
    await expect(runButton(canvasElement)).toBeDisabled();
    await expect(runButton(canvasElement)).toHaveAccessibleDescription(
      'Save your changes first: a run works from the saved configuration.',
    );

    await userEvent.click(form.getByRole('button', { name: 'Save configuration' }));
    await waitFor(() => expect(savedStatus(canvasElement)).toHaveTextContent('Saved just now'));
    await expect(translation.api.calls('agents.saveConfig')).toEqual([
      {
        ...scope,
        ...savedConfigs.translation,
        sourceLocale: 'de-DE',
        languages: ['fr-FR'],
        filterBy: 'product',
        productIds: ['alpine-rain-jacket', 'gift-card', 'merino-beanie'],
      },
    ]);
    await expect(runButton(canvasElement)).toBeEnabled();
    await expect(ids).toHaveValue('alpine-rain-jacket, gift-card\nmerino-beanie\ngift-card');
    backToTop(canvasElement);
  },
};

const seo = atAgent('seo');
/** The SEO Specialist: the five SEO fields by label and OCAPI name, catalogs, languages, model; saved per env. */
export const Seo: Story = {
  ...seo.story,
  tags: ['screen-state', 'state:agents.seo'],
  play: async ({ canvasElement }) => {
    const { canvas, form } = await agentLoaded(canvasElement, 'SEO Specialist');
    await expect(runButton(canvasElement)).toBeEnabled();
    await expect(savedStatus(canvasElement)).toHaveTextContent('Saved 4 days ago');

    const fields = group(form, 'SEO fields');
    await expect(options(fields)).toEqual([
      'Long description',
      'Short description',
      'Page title',
      'Page description',
      'Page keywords',
    ]);
    await expect(checked(fields)).toHaveLength(5);
    for (const name of [
      'long_description',
      'short_description',
      'page_title',
      'page_description',
      'page_keywords',
    ]) {
      await expect(fields.getByText(name)).toBeVisible();
    }
    const catalogs = group(form, 'Catalogs');
    await expect(options(catalogs)).toEqual(['Acme master catalog', 'Acme storefront']);
    await expect(checked(catalogs)).toEqual(['Acme storefront']);
    await expect(catalogs.getByText('acme-storefront')).toBeVisible();
    const languages = group(form, 'Languages');
    await expect(options(languages)).toEqual(['Default', 'de-DE', 'en-US', 'fr-FR']);
    await expect(checked(languages)).toEqual(['de-DE', 'en-US', 'fr-FR']);
    await expect(form.getByRole('radio', { name: 'Claude' })).toBeChecked();
    await expect(canvas.getByRole('table', { name: 'Run history' })).toBeVisible();
    await expect(seo.api.calls('agents.getConfig')).toEqual([{ ...scope, agentType: 'seo' }]);

    // Dropping a field is an unsaved change until saved; the save sends the four left.
    await toggle(fields, 'Page keywords');
    await expect(savedStatus(canvasElement)).toHaveTextContent('Unsaved changes');
    await userEvent.click(form.getByRole('button', { name: 'Save configuration' }));
    await waitFor(() => expect(savedStatus(canvasElement)).toHaveTextContent('Saved just now'));
    await expect(seo.api.calls('agents.saveConfig')).toEqual([
      {
        ...scope,
        ...savedConfigs.seo,
        fields: ['long_description', 'short_description', 'page_title', 'page_description'],
      },
    ]);
    backToTop(canvasElement);
  },
};

const aeo = atAgent(
  'aeo',
  atAgents({
    configs: { translation: saved(savedConfigs.translation), seo: saved(savedConfigs.seo) },
    runs: {},
  }),
);
/**
 * The AEO Specialist before its first save: Run waits for a config; the brand, persona and lists are
 * filled in (rows added and removed), an empty row is refused, then the config is saved and Run opens.
 */
export const Aeo: Story = {
  ...aeo.story,
  tags: ['screen-state', 'state:agents.aeo'],
  play: async ({ canvasElement }) => {
    const { canvas, form } = await agentLoaded(canvasElement, 'AEO Specialist');
    await expect(runButton(canvasElement)).toBeDisabled();
    await expect(runButton(canvasElement)).toHaveAccessibleDescription(
      AGENT_MESSAGES.notConfigured,
    );
    await expect(savedStatus(canvasElement)).toHaveTextContent('Not saved yet');
    await expect(canvas.getByText('No runs yet')).toBeVisible();
    await expect(form.getByRole('radio', { name: 'Retailer' })).toBeChecked();

    await userEvent.type(form.getByRole('textbox', { name: 'Brand name' }), 'Acme Outfitters');
    await userEvent.type(
      form.getByRole('textbox', { name: 'Brand domain' }),
      'Acme-Outfitters.com',
    );
    await userEvent.click(form.getByRole('radio', { name: 'Brand manufacturer' }));
    await fill(form.getByRole('textbox', { name: 'Persona' }), savedConfigs.aeo.persona);
    await fill(
      form.getByRole('textbox', { name: 'Persona’s conversational style' }),
      savedConfigs.aeo.personaConversationalStyle,
    );

    // Each Add gives a new row, focused.
    const add = async (button: string, row: string, text: string) => {
      await userEvent.click(form.getByRole('button', { name: button }));
      const input = form.getByRole('textbox', { name: row });
      await waitFor(() => expect(input).toHaveFocus());
      await userEvent.paste(text);
    };
    await add('Add product', 'Top product 1', 'Alpine Rain Jacket');
    await add('Add product', 'Top product 2', 'Trailhead Fleece');
    await add('Add category', 'Top category 1', 'Outerwear');
    await add('Add search term', 'Search term 1', 'waterproof hiking jacket');
    await add(
      'Add conversation starter',
      'Conversation starter 1',
      'What should I wear for a rainy day hike?',
    );
    await userEvent.click(
      group(form, 'Catalogs').getByRole('checkbox', { name: 'Acme storefront' }),
    );
    await userEvent.click(group(form, 'Languages').getByRole('checkbox', { name: 'en-US' }));
    await userEvent.click(form.getByRole('radio', { name: 'ChatGPT' }));
    await userEvent.click(form.getByRole('combobox', { name: 'House guidance' }));
    await userEvent.click(await page().findByRole('option', { name: prompts.rainJacket.name }));
    await expect(form.getByText(prompts.rainJacket.text)).toBeVisible();

    // An empty row is refused before anything is sent, and focus goes to it.
    await userEvent.click(form.getByRole('button', { name: 'Add product' }));
    await userEvent.click(form.getByRole('button', { name: 'Save configuration' }));
    const products = group(form, 'Top products');
    await expect(await products.findByRole('alert')).toHaveTextContent(CONFIG_MESSAGES.empty);
    await waitFor(() => expect(form.getByRole('textbox', { name: 'Top product 3' })).toHaveFocus());
    await expect(aeo.api.calls('agents.saveConfig')).toEqual([]);
    await userEvent.click(products.getByRole('button', { name: 'Remove Top product 3' }));
    await expect(products.queryByRole('alert')).toBeNull();

    await userEvent.click(form.getByRole('button', { name: 'Save configuration' }));
    await waitFor(() => expect(savedStatus(canvasElement)).toHaveTextContent('Saved just now'));
    await expect(aeo.api.calls('agents.saveConfig')).toEqual([
      {
        ...scope,
        type: 'aeo',
        provider: 'openai',
        promptId: prompts.rainJacket.id,
        brandName: 'Acme Outfitters',
        brandDomain: 'acme-outfitters.com',
        brandType: 'brand-manufacturer',
        persona: savedConfigs.aeo.persona,
        personaConversationalStyle: savedConfigs.aeo.personaConversationalStyle,
        topProducts: [{ productName: 'Alpine Rain Jacket' }, { productName: 'Trailhead Fleece' }],
        topCategories: [{ name: 'Outerwear' }],
        searchTerms: ['waterproof hiking jacket'],
        conversationStarters: ['What should I wear for a rainy day hike?'],
        catalogIds: ['acme-storefront'],
        languages: ['en-US'],
      },
    ]);
    // The form shows what the server kept (the domain in lower case), and Run opens.
    await expect(form.getByRole('textbox', { name: 'Brand domain' })).toHaveValue(
      'acme-outfitters.com',
    );
    await expect(runButton(canvasElement)).toBeEnabled();
    backToTop(canvasElement);
  },
};

const refused = atAgent(
  'translation',
  atAgents({
    configs: {
      translation: saved(staleTranslationConfig),
      seo: saved(savedConfigs.seo),
      aeo: saved(savedConfigs.aeo),
    },
  }),
);
/**
 * A refused config: no language and no field are caught before sending; a catalog the instance no
 * longer has is refused by the server, beside its field; nothing is saved either time.
 */
export const ConfigValidation: Story = {
  ...refused.story,
  tags: ['screen-state', 'state:agents.config-validation'],
  play: async ({ canvasElement }) => {
    const { form } = await agentLoaded(canvasElement, 'Localization Manager');
    const catalogs = group(form, 'Catalogs');
    // The saved catalog the instance no longer has stays visible, marked.
    await expect(checked(catalogs)).toEqual(['acme-outlet']);
    await expect(catalogs.getByText('Not on the instance')).toBeVisible();

    const targets = group(form, 'Target languages');
    const fields = group(form, 'Fields');
    await toggle(targets, 'de-DE');
    await toggle(fields, 'Name');
    await userEvent.click(form.getByRole('button', { name: 'Save configuration' }));
    await expect(await targets.findByRole('alert')).toHaveTextContent(CONFIG_MESSAGES.noLanguage);
    await expect(fields.getByRole('alert')).toHaveTextContent(CONFIG_MESSAGES.noField);
    await waitFor(() => expect(targets.getByRole('checkbox', { name: 'de-DE' })).toHaveFocus());
    await expect(targets.getByRole('checkbox', { name: 'de-DE' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(refused.api.calls('agents.saveConfig')).toEqual([]);

    // Fixed in the form; the server refuses the catalog, beside its field.
    await toggle(targets, 'de-DE');
    await toggle(fields, 'Name');
    await expect(targets.queryByRole('alert')).toBeNull();
    await expect(fields.queryByRole('alert')).toBeNull();
    await userEvent.click(form.getByRole('button', { name: 'Save configuration' }));
    await expect(await catalogs.findByRole('alert')).toHaveTextContent(
      CONFIG_MESSAGES.unknownCatalogs(['acme-outlet']),
    );
    // Focus goes to the refused catalog, the one marked invalid.
    const outlet = catalogs.getByRole('checkbox', { name: 'acme-outlet' });
    await waitFor(() => expect(outlet).toHaveFocus());
    await expect(outlet).toHaveAttribute('aria-invalid', 'true');
    await expect(catalogs.getByRole('checkbox', { name: 'Acme storefront' })).not.toHaveAttribute(
      'aria-invalid',
    );
    await expect(form.getByText('Configuration not saved')).toBeVisible();
    await expect(
      form.getByText('Correct the fields marked above. Nothing was saved.'),
    ).toBeVisible();
    // The server was asked once and answered the error: the saved config is the one from before.
    await expect(refused.api.calls('agents.saveConfig')).toEqual([
      { ...scope, ...staleTranslationConfig },
    ]);
    await expect(savedStatus(canvasElement)).toHaveTextContent('Saved 2 minutes ago');
    await expect(refused.api.calls('agents.getConfig')).toHaveLength(1);
  },
};

/** A catalog refused by the server: choosing the instance's catalog instead saves. */
const refusedThenFixed = atAgent(
  'translation',
  atAgents({ configs: { translation: saved(staleTranslationConfig) } }),
);
export const ConfigValidationFixed: Story = {
  ...refusedThenFixed.story,
  play: async ({ canvasElement }) => {
    const { form } = await agentLoaded(canvasElement, 'Localization Manager');
    const catalogs = group(form, 'Catalogs');
    await userEvent.click(form.getByRole('button', { name: 'Save configuration' }));
    await expect(await catalogs.findByRole('alert')).toHaveTextContent(
      CONFIG_MESSAGES.unknownCatalogs(['acme-outlet']),
    );
    // Unchecking the refused catalog clears the server's message; none left is the form's own rule.
    await userEvent.click(catalogs.getByRole('checkbox', { name: 'acme-outlet' }));
    // A catalog the instance does not have is offered only while it is chosen.
    await waitFor(() =>
      expect(catalogs.queryByRole('checkbox', { name: 'acme-outlet' })).toBeNull(),
    );
    await expect(catalogs.getByRole('alert')).toHaveTextContent(CONFIG_MESSAGES.noCatalog);
    await toggle(catalogs, 'Acme storefront');
    await expect(catalogs.queryByRole('alert')).toBeNull();
    await userEvent.click(form.getByRole('button', { name: 'Save configuration' }));
    await waitFor(() => expect(savedStatus(canvasElement)).toHaveTextContent('Saved just now'));
    await expect(form.queryByText('Configuration not saved')).toBeNull();
    await expect(refusedThenFixed.api.calls('agents.saveConfig')).toHaveLength(2);
    await expect(refusedThenFixed.api.calls('agents.saveConfig')[1]).toEqual({
      ...scope,
      ...staleTranslationConfig,
      catalogIds: ['acme-storefront'],
    });
  },
};

// ——— Runs ———

/**
 * Lets a play function say when a mocked run reports its next change: each reportNext() lets one
 * nextReport() through, whichever comes first. A stream starts with resetReports().
 */
let released = 0;
let wake = () => {};
const reportNext = () => {
  released += 1;
  wake();
};
async function nextReport() {
  while (released === 0) await new Promise<void>((resolve) => (wake = resolve));
  released -= 1;
}
const resetReports = () => {
  released = 0;
};

async function openEstimate(canvasElement: HTMLElement) {
  await agentLoaded(canvasElement, 'SEO Specialist');
  await userEvent.click(runButton(canvasElement));
  const dialog = await page().findByRole('dialog', { name: 'Run SEO Specialist' });
  return within(dialog);
}

/** The estimate's figures as label → value. */
function figures(dialog: ReturnType<typeof within>) {
  const list = dialog.getByText('Products').closest('dl')!;
  const terms = [...list.querySelectorAll('dt')];
  return Object.fromEntries(
    terms.map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
  );
}

const estimate = atAgent('seo');
/** Run opens the estimate: scope, model calls, tokens and cost at the chosen model's price; concurrency; Start and Cancel. */
export const RunEstimate: Story = {
  ...estimate.story,
  tags: ['screen-state', 'state:agents.run-estimate'],
  play: async ({ canvasElement }) => {
    const dialog = await openEstimate(canvasElement);
    await expect(await dialog.findByText('$0.63')).toBeVisible();
    await expect(figures(dialog)).toEqual({
      Products: '14',
      Fields: 'Long description, Short description, Page title, Page description, Page keywords',
      Locales: 'en-US, de-DE, fr-FR',
      'Model calls': '84',
      'Input tokens (estimated)': '60,795',
      'Output tokens (estimated)': '29,526',
      Model: 'Claude (claude-sonnet-5-5)',
      'Estimated cost': '$0.63',
    });
    await expect(estimate.api.calls('agents.estimate')).toEqual([{ ...scope, agentType: 'seo' }]);

    const concurrency = dialog.getByRole('spinbutton', { name: 'Concurrency' });
    await expect(concurrency).toHaveValue(10);
    await userEvent.clear(concurrency);
    await userEvent.type(concurrency, '80');
    await userEvent.tab();
    await expect(dialog.getByRole('alert')).toHaveTextContent('Choose a whole number from 1 to 50');
    await userEvent.clear(concurrency);
    await userEvent.type(concurrency, '5');
    await expect(dialog.queryByRole('alert')).toBeNull();
    await expect(dialog.getByRole('button', { name: 'Start' })).toBeEnabled();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    await expect(estimate.api.calls('agents.start')).toEqual([]);
  },
};

const starts = atAgent('seo', {
  ...atAgents(),
  'agents.watchRun': async function* (): AsyncGenerator<AgentRun> {
    resetReports();
    const fresh = { ...seoRuns.queued, id: 'run_seo_new', concurrency: 5 };
    yield fresh;
    await nextReport();
    yield {
      ...seoRuns.running,
      id: 'run_seo_new',
      concurrency: 5,
      itemsDone: 12,
      itemsFailed: 0,
      proposals: 30,
      startedAt: new Date('2026-03-02T11:29:20Z'),
    };
  },
});
/** Start: the run starts with the chosen concurrency, the dialog closes and the current run shows, live. */
export const RunEstimateStart: Story = {
  ...starts.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const dialog = await openEstimate(canvasElement);
    await dialog.findByText('$0.63');
    const concurrency = dialog.getByRole('spinbutton', { name: 'Concurrency' });
    await userEvent.clear(concurrency);
    await userEvent.type(concurrency, '5');
    await userEvent.click(dialog.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(page().queryByRole('dialog')).toBeNull());
    await expect(starts.api.calls('agents.start')).toEqual([
      { ...scope, agentType: 'seo', concurrency: 5 },
    ]);

    const card = within(await canvas.findByRole('region', { name: 'Current run' }));
    await expect(card.getByText('Queued')).toBeVisible();
    await expect(
      card.getByText('Queued: Beacon is working out which products and languages the run covers.'),
    ).toBeVisible();
    await expect(card.getByText('Claude (claude-sonnet-5-5) · 5 at a time')).toBeVisible();
    await expect(runButton(canvasElement)).toBeDisabled();
    await expect(runButton(canvasElement)).toHaveAccessibleDescription(AGENT_MESSAGES.runActive);
    await waitFor(() =>
      expect(starts.api.calls('agents.watchRun')).toEqual([{ ...scope, runId: 'run_seo_new' }]),
    );

    reportNext();
    await expect(await card.findByText('12 of 84 items')).toBeVisible();
    await expect(card.getByText('Running')).toBeVisible();
  },
};

const progress = atAgent('seo', {
  ...atAgents({ runs: { seo: [seoRuns.running, ...seoHistory] } }),
  'agents.watchRun': async function* (): AsyncGenerator<AgentRun> {
    resetReports();
    yield seoRuns.running;
    await nextReport();
    yield seoRunningAt(60);
  },
});

/** The current run's card (its region is named by its heading). */
const runCard = async (canvasElement: HTMLElement, name = 'Current run') =>
  within(await within(canvasElement).findByRole('region', { name }));

/** A run in progress, live: items ended of total, proposals, failed items, elapsed time; Cancel run. */
export const RunProgress: Story = {
  ...progress.story,
  tags: ['screen-state', 'state:agents.run-progress'],
  play: async ({ canvasElement }) => {
    const card = await runCard(canvasElement);
    await expect(card.getByText('Running')).toBeVisible();
    await expect(card.getByText('Started by Maya Member · Mar 2, 2026, 11:20 UTC')).toBeVisible();
    await expect(card.getByText('Claude (claude-sonnet-5-5) · 10 at a time')).toBeVisible();
    // 51 done and 2 failed: 53 items have ended.
    await expect(card.getByText('53 of 84 items')).toBeVisible();
    const bar = card.getByRole('progressbar', { name: 'Run progress' });
    await expect(bar).toHaveAttribute('aria-valuenow', '53');
    await expect(bar).toHaveAttribute('aria-valuemax', '84');
    await expect(bar).toHaveAttribute('aria-valuetext', '53 of 84 items');
    const stats = () =>
      Object.fromEntries(
        [...card.getByText('Proposals created').closest('dl')!.querySelectorAll('dt')].map((dt) => [
          dt.textContent,
          dt.nextElementSibling?.textContent,
        ]),
      );
    await expect(stats()).toEqual({
      'Proposals created': '127',
      'Items failed': '2',
      Elapsed: '9 min 12 s',
      Tokens: '98,940',
      'Cost so far': '$0.62',
    });
    await expect(card.getByRole('button', { name: 'Cancel run' })).toBeEnabled();
    await expect(runButton(canvasElement)).toBeDisabled();
    await expect(runButton(canvasElement)).toHaveAccessibleDescription(AGENT_MESSAGES.runActive);
    await waitFor(() =>
      expect(progress.api.calls('agents.watchRun')).toEqual([{ ...scope, runId: 'run_seo_5' }]),
    );
    // The history lists the runs that ended, not this one.
    const history = within(canvasElementTable(canvasElement));
    await expect(history.getAllByRole('row')).toHaveLength(1 + seoHistory.length);

    reportNext();
    await expect(await card.findByText('62 of 84 items')).toBeVisible();
    await expect(bar).toHaveAttribute('aria-valuenow', '62');
    await expect(stats()['Proposals created']).toBe('150');
  },
};

function canvasElementTable(canvasElement: HTMLElement) {
  return within(canvasElement).getByRole('table', { name: 'Run history' });
}

const cancels = atAgent('seo', {
  ...atAgents({ runs: { seo: [seoRuns.running, ...seoHistory] } }),
  'agents.watchRun': async function* (): AsyncGenerator<AgentRun> {
    resetReports();
    yield seoRuns.running;
    await nextReport();
    yield seoRunningAt(60, 'cancelled');
  },
});
/** Cancel run: Cancelling… until the items in flight end; then the run is cancelled and shows what it kept. */
export const RunProgressCancel: Story = {
  ...cancels.story,
  play: async ({ canvasElement }) => {
    const card = await runCard(canvasElement);
    await waitFor(() => expect(cancels.api.calls('agents.watchRun')).toHaveLength(1));
    await userEvent.click(card.getByRole('button', { name: 'Cancel run' }));
    const stopping = await card.findByRole('button', { name: 'Cancelling…' });
    await expect(stopping).toHaveAttribute('aria-disabled', 'true');
    await expect(await card.findByText('Cancelling')).toBeVisible();
    await expect(cancels.api.calls('agents.cancel')).toEqual([{ ...scope, runId: 'run_seo_5' }]);

    reportNext();
    const ended = await runCard(canvasElement, 'Last run');
    await expect(ended.getByText('Cancelled')).toBeVisible();
    await expect(ended.getByText('Cancelled: 22 items not run.')).toBeVisible();
    await expect(
      ended.getByRole('link', { name: '150 proposals kept for review' }),
    ).toHaveAttribute('href', reviewsLink('seo', 'run_seo_5'));
    await expect(ended.queryByRole('button', { name: /Cancel/ })).toBeNull();
    await expect(runButton(canvasElement)).toBeEnabled();
  },
};

const history = atAgent('seo');
/** Past runs: who, when, status, items, proposals (linked to the review queue), tokens, cost, duration. */
export const RunHistory: Story = {
  ...history.story,
  tags: ['screen-state', 'state:agents.run-history'],
  play: async ({ canvasElement }) => {
    await agentLoaded(canvasElement, 'SEO Specialist');
    const table = canvasElementTable(canvasElement);
    const rows = within(table).getAllByRole('row');
    await expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Started by',
      'Started at',
      'Status',
      'Items',
      'Proposals',
      'Tokens',
      'Cost',
      'Duration',
    ]);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    await expect(rows.slice(1).map(cells)).toEqual([
      [
        'Maya Member',
        'Mar 2, 2026, 08:00 UTC',
        'Succeeded',
        '84 of 84',
        '210',
        '163,170',
        '$1.02',
        '14 min 38 s',
      ],
      [
        'Ada Admin',
        'Mar 1, 2026, 16:05 UTC',
        'Failed',
        '24 of 8410 failed',
        '60',
        '46,530',
        '$0.29',
        '4 min 21 s',
      ],
      [
        'Maya Member',
        'Feb 27, 2026, 09:12 UTC',
        'Partly failed',
        '78 of 846 failed',
        '193',
        '151,820',
        '$0.95',
        '14 min 43 s',
      ],
      [
        'Ada Admin',
        'Feb 20, 2026, 14:00 UTC',
        'Cancelled',
        '30 of 84',
        '74',
        '58,260',
        '$0.37',
        '6 min 36 s',
      ],
      [
        'Maya Member',
        'Feb 12, 2026, 08:30 UTC',
        'Succeeded',
        '84 of 84',
        '210',
        '163,170',
        '$1.02',
        '15 min 18 s',
      ],
    ]);
    await expect(
      within(table).getByRole('link', {
        name: '210 proposals of the run started Mar 2, 2026, 08:00 UTC',
      }),
    ).toHaveAttribute('href', reviewsLink('seo', 'run_seo_7'));
    await expect(
      within(table).getByRole('link', {
        name: '60 proposals of the run started Mar 1, 2026, 16:05 UTC',
      }),
    ).toHaveAttribute('href', reviewsLink('seo', 'run_seo_4'));
    await expect(within(table).getAllByRole('link')).toHaveLength(5);
    // The last run succeeded: no run card, and Run is open.
    await expect(within(canvasElement).queryByRole('region', { name: /run$/ })).toBeNull();
    await expect(runButton(canvasElement)).toBeEnabled();
    await expect(history.api.calls('agents.runs')).toEqual([{ ...scope, agentType: 'seo' }]);
    // The baseline shows the history (below the form).
    table.scrollIntoView({ block: 'center' });
  },
};

const failed = atAgent(
  'seo',
  atAgents({
    runs: { seo: [seoRuns.failed, seoRuns.partlyFailed, seoRuns.cancelled, seoRuns.succeeded] },
  }),
);
/** The last run failed: the provider's refusal in plain words, and the proposals it kept before it stopped. */
export const RunFailed: Story = {
  ...failed.story,
  tags: ['screen-state', 'state:agents.run-failed'],
  play: async ({ canvasElement }) => {
    const card = await runCard(canvasElement, 'Last run');
    await expect(card.getByText('Failed')).toBeVisible();
    const alert = card.getByRole('alert');
    await expect(alert).toHaveTextContent('The run failed');
    await expect(alert).toHaveTextContent(runErrorMessage('invalid-key', 'anthropic'));
    await expect(alert).toHaveTextContent(
      "Invalid key: Claude refused Beacon's API key. Ask an administrator to check the server's Claude key.",
    );
    // Said once: the run-wide error is its only reason.
    await expect(within(alert).queryByRole('list')).toBeNull();
    await expect(
      within(alert).getByRole('link', { name: '60 proposals kept for review' }),
    ).toHaveAttribute('href', reviewsLink('seo', 'run_seo_4'));
    await expect(card.getByText('Items failed').nextElementSibling).toHaveTextContent('10');
    await expect(card.getByText('Duration').nextElementSibling).toHaveTextContent('4 min 21 s');
    await expect(card.queryByRole('button', { name: 'Cancel run' })).toBeNull();
    // Another run may start (after the key is fixed).
    await expect(runButton(canvasElement)).toBeEnabled();
  },
};

const partly = atAgent(
  'seo',
  atAgents({ runs: { seo: [seoRuns.partlyFailed, seoRuns.cancelled, seoRuns.succeeded] } }),
);
/** A run that partly failed: each reason with the items it failed, the values checks refused, what was kept. */
export const RunPartlyFailed: Story = {
  ...partly.story,
  play: async ({ canvasElement }) => {
    const card = await runCard(canvasElement, 'Last run');
    await expect(card.getByText('Partly failed')).toBeVisible();
    const callout = card.getByText('6 items failed').closest<HTMLElement>('[data-slot="callout"]')!;
    const reasons = within(within(callout).getByRole('list', { name: 'Why items failed' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    await expect(reasons).toEqual([
      `${runErrorMessage('rate-limited', 'anthropic')} (5 items)`,
      `${runErrorMessage('product-gone', 'anthropic')} (1 item)`,
    ]);
    await expect(
      within(callout).getByRole('link', { name: '193 proposals kept for review' }),
    ).toHaveAttribute('href', reviewsLink('seo', 'run_seo_3'));
    await expect(card.getByText('Values refused by checks').nextElementSibling).toHaveTextContent(
      '3',
    );
  },
};

const noInstance = atAgent('translation', {
  ...atAgents(),
  'orgs.getContext': { org: orgs.acme, env: envWithoutInstance },
});
/** Agents opt out of the instance gate: without an instance the screen says what to do, and reads nothing. */
export const WithoutInstance: Story = {
  ...noInstance.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Localization Manager', level: 1 });
    await expect(canvas.getByText(AGENT_MESSAGES.noInstance)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Open environment settings' })).toHaveAttribute(
      'href',
      '/app/acme/prod/settings?view=env-settings',
    );
    await expect(canvas.queryByRole('button', { name: 'Run' })).toBeNull();
    await expect(noInstance.api.calls('agents.getConfig')).toEqual([]);
    await expect(noInstance.api.calls('products.facets')).toEqual([]);
  },
};
