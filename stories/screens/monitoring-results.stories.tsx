import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { resultsCsv } from '~/domain/monitoring/export';
import { ALERT_MESSAGES, alertText } from '~/domain/monitoring/alerts';
import { MONITORING_RUN_MESSAGES, type MonitoringRun } from '~/domain/monitoring/runs';
import { orgs, promptList, sessionFor, users } from '~/mock-server/fixtures';
import {
  EDITED_RAIN_JACKET_TEXT,
  FAILED_SAMPLE_ERROR,
  laterRunProgress,
  monitoringMock,
  type MonitoringMockOptions,
  monitoringAccuracy,
  monitoringAlerts,
  monitoringResults,
  monitoringSources,
  RAIN_JACKET_PROMPT,
  runningRun,
  runProgress,
} from '~/mock-server/monitoring';
import { atEnv } from '~/mock-server/scenarios';
import { delayed, domainError, type TrpcScenario } from '~/mock-server/trpc/scenario';
import { screen } from '~/stories/support/app-harness';
import { pinnedClock } from '~/stories/support/clock';
import { expectConsoleError } from '~/tests/support/console';
import { FIGURES_TEXT } from '~/ui/patterns/monitoring/engine-figures';
import { PROMPT_DETAIL_TEXT } from '~/ui/patterns/monitoring/prompt-detail';
import { PRODUCTS_TABLE_TEXT } from '~/ui/patterns/monitoring/products-table';
import { RESULTS_EMPTY_TEXT } from '~/ui/patterns/monitoring/results-empty';
import { MONITORING_RESULTS_TEXT } from '~/ui/patterns/monitoring/results-header';
import { RUN_PROGRESS_TEXT } from '~/ui/patterns/monitoring/run-progress';
import { SOURCES_TEXT } from '~/ui/patterns/monitoring/sources';
import { ACCURACY_TEXT } from '~/ui/patterns/monitoring/accuracy';
import { ALERTS_TEXT } from '~/ui/patterns/monitoring/alerts';
import { byEngine, engineName, formatRate } from '~/ui/patterns/monitoring/format';
import { IMPROVE_PRODUCT_TEXT } from '~/app/routes/_authed/_user/$orgSlug/$envSlug/-monitoring/improve-product';
import { atAgents } from '~/mock-server/agents';
import { TREND_TEXT } from '~/ui/patterns/monitoring/trend';
// The screen loads the chart (and recharts) lazily; loading it with the stories keeps that chunk's
// first fetch out of each story's time limit. The screen's lazy import then resolves at once.
import '~/ui/patterns/monitoring/trend-chart';
import { UPLIFT_TEXT } from '~/ui/patterns/monitoring/uplift';
import { MARKETS_TEXT, marketLabel } from '~/ui/patterns/monitoring/markets';
import { PROMPT_TABLE_TEXT } from '~/ui/patterns/monitoring/prompt-table';

const meta = {
  title: 'Screens/AEO Results',
  // The export's file name carries the day: read against a pinned clock.
  beforeEach: pinnedClock(),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const HOME = '/app/acme/prod';
const scope = { orgId: orgs.acme.id, envId: 'env_prod' };

/** The results over the monitoring mock; a dismissed alert stays gone until the story runs again. */
function atResults(url: string, options: MonitoringMockOptions = {}, more: TrpcScenario = {}) {
  const mock = monitoringMock(options);
  const story = screen({
    url,
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

/** Dialogs render in a portal, outside the story's canvas. */
const page = () => within(document.body);

const searchOf = (story: { history(): { location: { search: string } } }) =>
  Object.fromEntries(new URLSearchParams(story.history().location.search));

/** The results once loaded: the figures' section. */
async function resultsLoaded(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await canvas.findByRole('heading', { name: 'AI Discoverability (AEO)', level: 1 });
  return canvas.findByRole('region', { name: FIGURES_TEXT.title });
}

/** An engine's card (a region named by its heading) in the figures' section. */
const card = (canvasElement: HTMLElement, name: string) =>
  within(
    within(canvasElement.querySelector<HTMLElement>('[data-slot="monitoring-figures"]')!).getByRole(
      'region',
      { name },
    ),
  );

/** A section of the results by its slot, to look inside it only. */
const part = (canvasElement: HTMLElement, slot: string) =>
  within(canvasElement.querySelector<HTMLElement>(`[data-slot="${slot}"]`)!);

/** A figure of a card: its value lines, e.g. ['36% (30–42%)', 'n = 239']. */
function stat(inCard: ReturnType<typeof within>, label: string): (string | null)[] {
  const dd = inCard.getByText(label, { selector: 'dt' }).nextElementSibling!;
  return dd.children.length > 0
    ? [...dd.children].map((child) => child.textContent)
    : [dd.textContent];
}

/** Share of voice as read: "Summit Supply Co. 39%", … */
const shares = (inCard: ReturnType<typeof within>, engine: string) =>
  within(inCard.getByRole('list', { name: `Share of voice (${engine})` }))
    .getAllByRole('listitem')
    .map((item) =>
      [...item.children]
        .map((c) => c.textContent)
        .filter(Boolean)
        .join(' '),
    );

/** A cell as read: a rate's lines joined ("36% (30–42%) · n = 239"), else its text. */
function cellText(cell: Element): string | null {
  const lines = cell.querySelector('[data-slot="rate"], [data-slot="difference"]');
  return lines ? [...lines.children].map((line) => line.textContent).join(' · ') : cell.textContent;
}

/** A table's body rows as the text of their cells. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map(cellText));

const runNow = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('button', { name: MONITORING_RESULTS_TEXT.runNow });

// ——— Results ———

const results = atResults(`${HOME}?view=results`);
/**
 * The latest run's figures per engine and overall: mention and citation rates with their 95% intervals
 * and n, average position, share of voice, sentiment; the trend as a chart with its table; the prompts.
 */
export const Results: Story = {
  ...results.story,
  tags: ['screen-state', 'state:aeo.results'],
  play: async ({ canvasElement }) => {
    const figures = await resultsLoaded(canvasElement);
    await expect(
      within(figures).getByText(/^From the run finished Mar 2, 2026, 08:19 UTC\./),
    ).toBeVisible();
    // One of its samples failed: said, and the n of Gemini's figures shows it.
    await expect(
      within(canvasElement).getByText(MONITORING_RESULTS_TEXT.samplesFailed(1, 240)),
    ).toBeVisible();
    await expect(
      within(canvasElement).getByText(MONITORING_RESULTS_TEXT.samplesFailedNote),
    ).toBeVisible();
    await expect(
      within(figures)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['All engines', 'ChatGPT', 'Claude', 'Gemini']);

    const all = card(canvasElement, 'All engines');
    await expect(stat(all, 'Mention rate')).toEqual(['36% (30–42%)', 'n = 239']);
    await expect(stat(all, 'Citation rate')).toEqual(['17% (13–22%)', 'n = 239']);
    await expect(stat(all, 'Average position')[0]).toBe('1.7');
    await expect(shares(all, 'All engines')).toEqual([
      'Summit Supply Co. 39%',
      'Northpeak 25%',
      'Acme Outfitters 19%',
      'Trailborn 18%',
    ]);
    const chatgpt = card(canvasElement, 'ChatGPT');
    // Each engine says how the run asked it; every engine together, nothing.
    await expect(chatgpt.getByText('API with web search · gpt-5')).toBeVisible();
    await expect(
      card(canvasElement, 'Claude').getByText('API with web search · claude-sonnet-5-5'),
    ).toBeVisible();
    await expect(all.queryByText(/^API with/)).toBeNull();
    await expect(stat(chatgpt, 'Mention rate')).toEqual(['46% (36–57%)', 'n = 80']);
    await expect(stat(chatgpt, 'Citation rate')).toEqual(['24% (16–34%)', 'n = 80']);
    await expect(stat(chatgpt, 'Positive')).toEqual(['24']);
    await expect(stat(chatgpt, 'Negative')).toEqual(['4']);
    await expect(stat(card(canvasElement, 'Claude'), 'Mention rate')).toEqual([
      '34% (24–45%)',
      'n = 80',
    ]);
    // One of Gemini's answers failed: its figures stand on 79.
    await expect(stat(card(canvasElement, 'Gemini'), 'Mention rate')).toEqual([
      '27% (18–37%)',
      'n = 79',
    ]);

    // The trend: a chart (drawn once recharts loads) and its numbers as a table for screen readers.
    const trendPart = part(canvasElement, 'monitoring-trend');
    await expect(
      trendPart.getByRole('img', { name: TREND_TEXT.chartLabel('All engines') }),
    ).toBeVisible();
    const trend = trendPart.getByRole('table', { name: TREND_TEXT.tableCaption });
    await expect(rowsOf(trend).map((r) => r.slice(0, 3))).toEqual([
      ['Jan 12, 2026', '24% (19–30%)', 'n = 240'],
      ['Jan 19, 2026', '24% (19–30%)', 'n = 240'],
      ['Jan 26, 2026', '28% (23–34%)', 'n = 240'],
      ['Feb 2, 2026', '29% (23–35%)', 'n = 240'],
      ['Feb 9, 2026', '28% (22–33%)', 'n = 240'],
      ['Feb 16, 2026', '36% (30–42%)', 'n = 240'],
      ['Feb 23, 2026', '34% (28–40%)', 'n = 240'],
      ['Mar 2, 2026', '36% (30–42%)', 'n = 239'],
    ]);
    // The rate as a line over its interval's band.
    await waitFor(() => {
      expect(canvasElement.querySelector('.recharts-line-curve')).not.toBeNull();
      expect(canvasElement.querySelector('.recharts-area-area')).not.toBeNull();
    });
    const prompts = part(canvasElement, 'monitoring-prompts').getByRole('table', {
      name: /^Mention and citation rate per prompt/,
    });
    await expect(rowsOf(prompts)).toHaveLength(8);
    await expect(rowsOf(prompts)[0]).toEqual([
      RAIN_JACKET_PROMPT.text,
      '76% (58–88%) · n = 29',
      '41% (26–59%) · n = 29',
    ]);
  },
};

const removed = atResults(`${HOME}?view=results`, { answers: 'removed' });
/**
 * The org keeps answers 30 days: the three oldest runs' answers are gone, the trend says so, and every
 * figure stays as it was (their aggregates are kept).
 */
export const ResultsAnswersRemoved: Story = {
  ...removed.story,
  play: async ({ canvasElement }) => {
    await resultsLoaded(canvasElement);
    const trendPart = part(canvasElement, 'monitoring-trend');
    await expect(
      trendPart.getByText(
        'Answers before Jan 31, 2026 were removed (kept 30 days). The figures of those runs stay.',
      ),
    ).toBeVisible();
    // The runs whose answers went keep their figures.
    const trend = trendPart.getByRole('table', { name: TREND_TEXT.tableCaption });
    await expect(rowsOf(trend).map((r) => r.slice(0, 3))[0]).toEqual([
      'Jan 12, 2026',
      '24% (19–30%)',
      'n = 240',
    ]);
    await expect(stat(card(canvasElement, 'All engines'), 'Mention rate')).toEqual([
      '36% (30–42%)',
      'n = 239',
    ]);
    // The screenshot shows the note, under the trend's legend.
    canvasElement
      .querySelector('[data-slot="monitoring-answers-removed"]')
      ?.scrollIntoView({ block: 'center' });
  },
};

const exporting = atResults(`${HOME}?view=results`);
/**
 * Export CSV downloads the figures as the domain writes them; Print report opens the print dialog; the
 * engine filter is in the URL.
 */
export const ResultsExport: Story = {
  ...exporting.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await resultsLoaded(canvasElement);
    // The figures as the domain writes them, named after the env and the day.
    const created = spyOn(URL, 'createObjectURL').mockReturnValue('blob:aeo-results');
    const revoked = spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const names: string[] = [];
    const clicked = spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    try {
      await userEvent.click(
        canvas.getByRole('button', { name: MONITORING_RESULTS_TEXT.exportCsv }),
      );
      // The accuracy check is read (from the cache, or the server) before the file is made.
      await waitFor(() => expect(names).toEqual(['aeo-results-prod-2026-03-02.csv']));
      const blob = created.mock.calls[0]![0] as Blob;
      await expect(blob.type).toBe('text/csv;charset=utf-8');
      await expect(await blob.text()).toBe(
        resultsCsv(monitoringResults(), monitoringAccuracy(null)),
      );
      await waitFor(() => expect(revoked).toHaveBeenCalledWith('blob:aeo-results'));
    } finally {
      created.mockRestore();
      revoked.mockRestore();
      clicked.mockRestore();
    }

    // Print report hands over to the browser's print dialog (and its PDF).
    const print = spyOn(window, 'print').mockImplementation(() => {});
    try {
      await userEvent.click(canvas.getByRole('button', { name: MONITORING_RESULTS_TEXT.print }));
      await expect(print).toHaveBeenCalledTimes(1);
    } finally {
      print.mockRestore();
    }

    // The engine filter is in the URL.
    const filter = within(canvas.getByRole('navigation', { name: 'Engine' }));
    await expect(filter.getByRole('link', { name: 'All engines' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await userEvent.click(filter.getByRole('link', { name: 'ChatGPT' }));
    await waitFor(() => expect(searchOf(exporting)).toEqual({ llm: 'openai' }));
    await expect(await filter.findByRole('link', { name: 'ChatGPT' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await waitFor(() =>
      expect(exporting.api.calls('monitoring.results')).toContainEqual({
        ...scope,
        engine: 'openai',
      }),
    );
  },
};

// ——— Before the first run ———

// atEnv's defaults: no run, no config. The config view asks for the prompt library.
const empty = screen({
  url: `${HOME}?view=results`,
  session: sessionFor(users.maya),
  trpc: { ...atEnv(), 'prompts.list': promptList },
});
/** No run yet: what monitoring measures and why with intervals, and the way to its configuration. */
export const ResultsEmpty: Story = {
  ...empty.story,
  tags: ['screen-state', 'state:aeo.results-empty'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = within(await canvas.findByRole('region', { name: RESULTS_EMPTY_TEXT.title }));
    await expect(region.getByText(RESULTS_EMPTY_TEXT.description)).toBeVisible();
    await expect(region.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Mention rate: the share of answers that name your brand.',
      'Citation rate: the share of answers that cite your domain as a source.',
      'Share of voice: your brand’s share of all brand mentions, against your competitors.',
      'Position: where your brand comes among the brands an answer names.',
    ]);
    await expect(region.getByText(RESULTS_EMPTY_TEXT.intervals)).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: MONITORING_RESULTS_TEXT.exportCsv }),
    ).toBeDisabled();
    // Nothing configured: Run now says why it waits.
    await expect(runNow(canvasElement)).toBeDisabled();
    await expect(runNow(canvasElement)).toHaveAccessibleDescription(
      MONITORING_RESULTS_TEXT.notConfigured,
    );

    await userEvent.click(region.getByRole('link', { name: RESULTS_EMPTY_TEXT.configure }));
    await waitFor(() => expect(searchOf(empty)).toEqual({ view: 'config' }));
  },
};

// ——— One engine ———

const llm = atResults(`${HOME}?view=results&llm=openai`);
/** llm=openai: ChatGPT's figures, trend, prompts and products only; the other engines hidden. */
export const ResultsLlm: Story = {
  ...llm.story,
  tags: ['screen-state', 'state:aeo.results-llm'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const figures = await resultsLoaded(canvasElement);
    await expect(
      within(figures)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['ChatGPT']);
    for (const hidden of ['All engines', 'Claude', 'Gemini']) {
      await expect(within(figures).queryByRole('region', { name: hidden })).toBeNull();
    }
    await expect(stat(card(canvasElement, 'ChatGPT'), 'Mention rate')).toEqual([
      '46% (36–57%)',
      'n = 80',
    ]);
    await expect(llm.api.calls('monitoring.results')).toEqual([{ ...scope, engine: 'openai' }]);

    await expect(canvas.getByRole('img', { name: TREND_TEXT.chartLabel('ChatGPT') })).toBeVisible();
    const trend = canvas.getByRole('table', { name: TREND_TEXT.tableCaption });
    await expect(rowsOf(trend).map((r) => r.slice(1, 3))).toEqual([
      ['34% (24–45%)', 'n = 80'],
      ['35% (25–46%)', 'n = 80'],
      ['38% (28–48%)', 'n = 80'],
      ['40% (30–51%)', 'n = 80'],
      ['36% (27–47%)', 'n = 80'],
      ['48% (37–58%)', 'n = 80'],
      ['44% (33–55%)', 'n = 80'],
      ['46% (36–57%)', 'n = 80'],
    ]);
    const prompts = canvas.getByRole('table', { name: /^Mention and citation rate per prompt/ });
    await expect(rowsOf(prompts)[0]).toEqual([
      RAIN_JACKET_PROMPT.text,
      '90% (60–98%) · n = 10',
      '50% (24–76%) · n = 10',
    ]);
    const products = canvas.getByRole('table', { name: PRODUCTS_TABLE_TEXT.caption });
    await expect(
      within(products)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Product', 'Answers (ChatGPT)']);
    // The uplift is ChatGPT's too: 30 answers a side in 3 runs. The prompt's own rise is clear,
    // but one engine's 3 runs a side cannot tell the publish as a whole from drift, so no call.
    const uplift = canvas.getByRole('table', { name: UPLIFT_TEXT.caption });
    await expect(rowsOf(uplift)[0]!.slice(2)).toEqual([
      '40% (25–58%) · n = 30',
      '87% (70–95%) · n = 30',
      '+46.7 pp · 95% interval +22.6 to +64.0 pp',
      'Not significant: the publish did not move the rate overall (adjusted p < 0.001)',
    ]);
    await expect(
      part(canvasElement, 'uplift-overall').getByText(
        'Across 2 prompts naming changed products, compared with the 6 prompts that named none: +25.0 pp (95% interval \u22121.3 to +51.3 pp).',
      ),
    ).toBeVisible();
    await expect(
      part(canvasElement, 'uplift-overall').getByText('Not significant (p = 0.058)'),
    ).toBeVisible();

    const filter = within(canvas.getByRole('navigation', { name: 'Engine' }));
    await expect(filter.getByRole('link', { name: 'ChatGPT' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(filter.getByRole('link', { name: 'All engines' })).not.toHaveAttribute(
      'aria-current',
    );
    await userEvent.click(filter.getByRole('link', { name: 'All engines' }));
    await waitFor(() => expect(searchOf(llm)).toEqual({}));
    await expect(await canvas.findByRole('region', { name: 'Claude' })).toBeVisible();
  },
};

// ——— A run in progress ———

/**
 * Lets a play function say when the mocked run reports its next change: each reportNext() lets one
 * nextReport() through. A stream starts with resetReports().
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

const running = atResults(`${HOME}?view=results`, {
  active: runningRun(runProgress),
  watch: async function* (): AsyncGenerator<MonitoringRun> {
    resetReports();
    yield runningRun(runProgress);
    await nextReport();
    yield runningRun(laterRunProgress);
  },
});

/** The engine's progress bar and its text. */
function progressOf(region: ReturnType<typeof within>, engine: string) {
  const bar = region.getByRole('progressbar', { name: RUN_PROGRESS_TEXT.progressLabel(engine) });
  return {
    bar,
    text: bar.closest('li')!.querySelector('.tabular-nums')!.textContent,
  };
}

/** A run in progress, live: samples ended of the total per engine; the last run's figures still shown. */
export const ResultsRunning: Story = {
  ...running.story,
  tags: ['screen-state', 'state:aeo.results-running'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = within(await canvas.findByRole('region', { name: RUN_PROGRESS_TEXT.title }));
    await expect(
      region.getByText('Started Mar 2, 2026, 11:20 UTC · 143 of 240 samples'),
    ).toBeVisible();
    const chatgpt = progressOf(region, 'ChatGPT');
    await expect(chatgpt.text).toBe('63 of 80 samples');
    await expect(chatgpt.bar).toHaveAttribute('aria-valuenow', '63');
    await expect(chatgpt.bar).toHaveAttribute('aria-valuemax', '80');
    await expect(chatgpt.bar).toHaveAttribute('aria-valuetext', '63 of 80 samples');
    await expect(progressOf(region, 'Claude').text).toBe('48 of 80 samples');
    const gemini = progressOf(region, 'Gemini');
    await expect(gemini.text).toBe('32 of 80 samples');
    await expect(within(gemini.bar.closest('li')!).getByText('2 failed')).toBeVisible();
    await expect(region.getByText(RUN_PROGRESS_TEXT.earlier)).toBeVisible();

    // The last finished run's figures stay until this one ends.
    await resultsLoaded(canvasElement);
    await expect(stat(card(canvasElement, 'All engines'), 'Mention rate')).toEqual([
      '36% (30–42%)',
      'n = 239',
    ]);
    await expect(runNow(canvasElement)).toBeDisabled();
    await expect(runNow(canvasElement)).toHaveAccessibleDescription(
      MONITORING_RESULTS_TEXT.runActive,
    );
    await waitFor(() =>
      expect(running.api.calls('monitoring.watchRun')).toEqual([{ ...scope, runId: 'mrun_9' }]),
    );

    reportNext();
    await waitFor(() => expect(progressOf(region, 'ChatGPT').text).toBe('80 of 80 samples'));
    await expect(progressOf(region, 'ChatGPT').bar).toHaveAttribute('aria-valuenow', '80');
    await expect(progressOf(region, 'Claude').text).toBe('71 of 80 samples');
    await expect(progressOf(region, 'Gemini').text).toBe('55 of 80 samples');
  },
};

const starts = atResults(`${HOME}?view=results`, {
  watch: async function* (): AsyncGenerator<MonitoringRun> {
    resetReports();
    await nextReport();
    yield { ...runningRun(runProgress), id: 'mrun_new' };
  },
});
/** Run now: the run starts, queued, and its progress follows live over the results. */
export const ResultsRunNow: Story = {
  ...starts.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await resultsLoaded(canvasElement);
    await waitFor(() => expect(runNow(canvasElement)).toBeEnabled());
    await userEvent.click(runNow(canvasElement));
    const region = within(await canvas.findByRole('region', { name: RUN_PROGRESS_TEXT.title }));
    await expect(region.getByText(RUN_PROGRESS_TEXT.queued)).toBeVisible();
    await expect(starts.api.calls('monitoring.start')).toEqual([scope]);
    await expect(runNow(canvasElement)).toBeDisabled();
    await waitFor(() =>
      expect(starts.api.calls('monitoring.watchRun')).toEqual([{ ...scope, runId: 'mrun_new' }]),
    );
    reportNext();
    await waitFor(() => expect(progressOf(region, 'ChatGPT').text).toBe('63 of 80 samples'));
  },
};

const refused = atResults(
  `${HOME}?view=results`,
  {},
  {
    'monitoring.start': domainError('CONFLICT', MONITORING_RUN_MESSAGES.runActive),
  },
);
/** Run now refused (a scheduled run started meanwhile): the server's reason, and the results again. */
export const ResultsRunNowRefused: Story = {
  ...refused.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await resultsLoaded(canvasElement);
    await waitFor(() => expect(runNow(canvasElement)).toBeEnabled());
    await userEvent.click(runNow(canvasElement));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(MONITORING_RESULTS_TEXT.startFailed);
    await expect(alert).toHaveTextContent(MONITORING_RUN_MESSAGES.runActive);
    await waitFor(() => expect(refused.api.calls('monitoring.results')).toHaveLength(2));
  },
};

// ——— Uplift ———

const uplift = atResults(`${HOME}?view=results`);
/**
 * The latest publish marked on the trend; per prompt that named a changed product, the mention rate
 * before and after with n, the difference's 95% interval and whether it is significant.
 */
export const ResultsUplift: Story = {
  ...uplift.story,
  tags: ['screen-state', 'state:aeo.results-uplift'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await resultsLoaded(canvasElement);
    const region = within(canvas.getByRole('region', { name: UPLIFT_TEXT.title }));
    await expect(
      region.getByText(
        'Mention rate before and after the latest publish (12 proposals on Feb 12, 2026), for the prompts whose answers named a changed product. Each engine is compared with itself, and the intervals include how much the assistants’ answers drift from run to run.',
      ),
    ).toBeVisible();
    await expect(
      region.getByText('Compared: the 3 runs before the publish and the 3 runs after it.'),
    ).toBeVisible();
    // One answer to "did this publish help", against the prompts that named no changed product.
    const overall = within(region.getByRole('region', { name: UPLIFT_TEXT.overallTitle }));
    await expect(
      overall.getByText(
        'Across 2 prompts naming changed products, compared with the 6 prompts that named none: +25.2 pp (95% interval +12.8 to +37.5 pp).',
      ),
    ).toBeVisible();
    await expect(overall.getByText('Significant (p < 0.001)')).toBeVisible();
    await expect(overall.getByText(UPLIFT_TEXT.rule)).toBeVisible();
    const table = region.getByRole('table', { name: UPLIFT_TEXT.caption });
    await expect(rowsOf(table)).toEqual([
      [
        RAIN_JACKET_PROMPT.text,
        'Alpine Rain Jacket',
        '29% (21–39%) · n = 90',
        '72% (62–80%) · n = 89',
        '+42.9 pp · 95% interval +28.6 to +54.7 pp',
        'Significant (adjusted p < 0.001)',
      ],
      [
        'What is the warmest fleece jacket for layering under a shell in winter?',
        'Trailhead Fleece',
        '40% (30–50%) · n = 90',
        '49% (39–59%) · n = 90',
        '+8.9 pp · 95% interval \u22125.5 to +22.8 pp',
        'Not significant (adjusted p = 0.23)',
      ],
    ]);

    // The trend marks both publishes; its table names them by the run they preceded.
    const trend = canvas.getByRole('table', { name: TREND_TEXT.tableCaption });
    await expect(rowsOf(trend).map((r) => r[4])).toEqual([
      '—',
      '—',
      '4 proposals on Jan 21, 2026',
      '—',
      '—',
      '12 proposals on Feb 12, 2026',
      '—',
      '—',
    ]);
    const chart = canvas.getByRole('img', { name: TREND_TEXT.chartLabel('All engines') });
    await waitFor(() =>
      expect([...chart.querySelectorAll('text.recharts-label')].map((t) => t.textContent)).toEqual([
        '4 proposals',
        '12 proposals',
      ]),
    );
  },
};

const notComparable = atResults(`${HOME}?view=results`, { uplift: 'edited-prompt' });
/**
 * The rain-jacket prompt's text was edited in the library after the publish: its row keeps the rates
 * but says what changed and gives no verdict, and the overall answer leaves it out.
 */
export const ResultsUpliftNotComparable: Story = {
  ...notComparable.story,
  tags: ['screen-state', 'state:aeo.uplift-not-comparable'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await resultsLoaded(canvasElement);
    const region = within(canvas.getByRole('region', { name: UPLIFT_TEXT.title }));
    const table = region.getByRole('table', { name: UPLIFT_TEXT.caption });
    await expect(rowsOf(table)).toEqual([
      [
        EDITED_RAIN_JACKET_TEXT,
        'Alpine Rain Jacket',
        '29% (21–39%) · n = 90',
        '72% (62–80%) · n = 89',
        '—',
        'Not comparable: the prompt’s text changed',
      ],
      [
        'What is the warmest fleece jacket for layering under a shell in winter?',
        'Trailhead Fleece',
        '40% (30–50%) · n = 90',
        '49% (39–59%) · n = 90',
        '+8.9 pp · 95% interval \u22125.5 to +22.8 pp',
        'Not significant (adjusted p = 0.23)',
      ],
    ]);
    const overall = within(region.getByRole('region', { name: UPLIFT_TEXT.overallTitle }));
    await expect(
      overall.getByText(
        'Across 1 prompt naming changed products, compared with the 6 prompts that named none: +8.1 pp (95% interval \u22128.4 to +24.7 pp).',
      ),
    ).toBeVisible();
    await expect(overall.getByText('Not significant (p = 0.31)')).toBeVisible();
  },
};

// ——— A prompt's answers ———

const detail = atResults(`${HOME}?view=results`);
/**
 * A prompt's answers per engine: mentioned, cited, position, competitors, products, cited URLs (links
 * only for web addresses), sentiment and the answer as text; a failed sample says why.
 */
export const PromptDetail: Story = {
  ...detail.story,
  tags: ['screen-state', 'state:aeo.prompt-detail'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await resultsLoaded(canvasElement);
    await userEvent.click(canvas.getByRole('link', { name: RAIN_JACKET_PROMPT.text }));
    await waitFor(() => expect(searchOf(detail)).toEqual({ prompt: RAIN_JACKET_PROMPT.key }));

    const dialog = within(await page().findByRole('dialog', { name: PROMPT_DETAIL_TEXT.title }));
    await expect(dialog.getByText(RAIN_JACKET_PROMPT.text)).toBeVisible();
    const chatgpt = within(await dialog.findByRole('region', { name: 'ChatGPT' }));
    await expect(chatgpt.getByText('Brand named in 9 of 10 answers, cited in 5')).toBeVisible();
    await expect(dialog.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'ChatGPT',
      'Claude',
      'Gemini',
    ]);

    const first = within(chatgpt.getByRole('article', { name: 'Answer 1' }));
    const facts = Object.fromEntries(
      first.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    await expect(facts).toEqual({
      Mentioned: 'Yes',
      Cited: 'Yes',
      Position: '1',
      Sentiment: 'Positive',
      'Competitors named': 'Trailborn, Northpeak',
      'Products named': 'Alpine Rain Jacket',
      'URLs in the answer’s text': 'None',
    });
    await expect(chatgpt.getByText('API with web search · gpt-5')).toBeVisible();
    // The answer as the engine wrote it, Markdown and line breaks included: text, not markup.
    const answer = first.getByText(/^For a breathable, packable rain jacket/);
    await expect(answer.textContent).toBe(
      [
        'For a breathable, packable rain jacket, these are worth a look:',
        '',
        '1. **Acme Outfitters**: the Alpine Rain Jacket ($189.00) is a reliable favourite: light, well made and good value.',
        '2. **Trailborn**: popular with thru-hikers for its light weight.',
        '3. **Northpeak**: a budget pick that holds up well.',
      ].join('\n'),
    );
    await expect(answer.querySelector('*')).toBeNull();
    // What its search reported: the pages it cited first, then the one it only read.
    const sources = within(first.getByRole('region', { name: 'Sources the engine reported' }));
    await expect(
      sources.getByText('Searched for: a breathable, packable rain jacket'),
    ).toBeVisible();
    await expect(sources.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'CitedAlpine Rain Jacket | Acme Outfittersacme-outfitters.com',
      'CitedGear | Trailborntrailborn.com',
      'Found, not citedBest picks: a breathable, packable rain jacket | Gear Review Weeklygearreviewweekly.example',
    ]);
    const link = sources.getByRole('link', { name: 'Gear | Trailborn' });
    await expect(link).toHaveAttribute('href', 'https://trailborn.com/gear');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(link).toHaveAttribute('target', '_blank');

    const gemini = within(dialog.getByRole('region', { name: 'Gemini' }));
    await expect(gemini.getByText('Brand named in 6 of 9 answers, cited in 3')).toBeVisible();
    // A bare host is cited as text, not a link.
    const geminiFirst = within(gemini.getByRole('article', { name: 'Answer 1' }));
    await expect(geminiFirst.getByText('acme-outfitters.com/size-guide').tagName).toBe('SPAN');
    await expect(
      geminiFirst.queryByRole('link', { name: 'acme-outfitters.com/size-guide' }),
    ).toBeNull();
    const failed = within(gemini.getByRole('article', { name: 'Answer 5' }));
    await expect(failed.getByText(`Failed: ${FAILED_SAMPLE_ERROR}`)).toBeVisible();

    await expect(detail.api.calls('monitoring.prompt')).toEqual([
      { ...scope, promptKey: RAIN_JACKET_PROMPT.key },
    ]);
    await userEvent.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(page().queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(searchOf(detail)).toEqual({}));
  },
};

// ——— Products ———

const products = atResults(`${HOME}?view=results`);
/** Catalogue products named in the answers, per engine, each linked to its product page. */
export const Products: Story = {
  ...products.story,
  tags: ['screen-state', 'state:aeo.products'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await resultsLoaded(canvasElement);
    const table = canvas.getByRole('table', { name: PRODUCTS_TABLE_TEXT.caption });
    await expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Product', 'Answers', 'ChatGPT', 'Claude', 'Gemini']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent));
    await expect(rows).toEqual([
      ['22', '9', '7', '6'],
      ['15', '6', '5', '4'],
      ['13', '6', '4', '3'],
      ['11', '5', '3', '3'],
      ['11', '5', '4', '2'],
      ['10', '4', '3', '3'],
      ['6', '3', '2', '1'],
      ['4', '2', '1', '1'],
    ]);
    const link = within(table).getByRole('link', { name: 'Alpine Rain Jacket' });
    await expect(link).toHaveAttribute('href', '/app/acme/prod/products/alpine-rain-jacket');
    await expect(
      within(table).getByRole('link', { name: 'Wool Hiking Socks, 3 Pack' }),
    ).toHaveAttribute('href', '/app/acme/prod/products/wool-hiking-socks');
  },
};

// ——— Sources ———

const sourcesStory = atResults(`${HOME}?view=results`);
/**
 * The sources the engines' searches cited in the latest run: how each engine was asked and the brand's
 * share of its citations, the domains cited most, the storefront's pages cited (linked to their
 * products), and the pages that win citations the brand does not, with what can act on them.
 */
export const Sources: Story = {
  ...sourcesStory.story,
  tags: ['screen-state', 'state:aeo.sources'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await resultsLoaded(canvasElement);
    const section = within(
      await canvas.findByRole('region', { name: SOURCES_TEXT.title }, { timeout: 10_000 }),
    );
    const expected = monitoringSources(null);
    const overall = expected.overall!;
    await expect(
      section.getByText(
        SOURCES_TEXT.brandShare(
          `${Math.round(overall.brandShare! * 100)}%`,
          overall.brandCitations,
          overall.citations,
          overall.searched,
        ),
      ),
    ).toBeVisible();
    await expect(overall.searched).toBe(239);

    const engines = section.getByRole('table', { name: SOURCES_TEXT.enginesCaption });
    await expect(rowsOf(engines).map((r) => r.slice(0, 3))).toEqual([
      ['ChatGPT', 'API with web search', '80'],
      ['Claude', 'API with web search', '80'],
      ['Gemini', 'API with web search', '79'],
    ]);

    const domains = section.getByRole('table', { name: SOURCES_TEXT.domainsCaption });
    const domainRows = rowsOf(domains);
    await expect(domainRows.map((r) => [r[0], r[1]])).toEqual([
      ['acme-outfitters.com', 'Your brand'],
      ['trailborn.com', 'Competitor: Trailborn'],
    ]);

    // The storefront's pages, each linked to its product in Beacon.
    const brandPages = section.getByRole('table', { name: SOURCES_TEXT.brandPagesCaption });
    await expect(
      within(brandPages).getByRole('link', { name: 'Alpine Rain Jacket | Acme Outfitters' }),
    ).toHaveAttribute('href', 'https://acme-outfitters.com/alpine-rain-jacket.html');
    await expect(
      within(brandPages).getByRole('link', { name: /^Alpine Rain Jacket$/ }),
    ).toHaveAttribute('href', '/app/acme/prod/products/alpine-rain-jacket');

    // The pages that win the citations the brand does not: a competitor's, and what acts on it.
    const others = section.getByRole('table', { name: SOURCES_TEXT.otherPagesCaption });
    await expect(rowsOf(others).map((r) => r.slice(0, 3))).toEqual([
      [`Gear | Trailborntrailborn.com`, 'Competitor', String(overall.otherPages[0]!.citations)],
    ]);
    await expect(within(others).getByRole('link', { name: SOURCES_TEXT.improve })).toHaveAttribute(
      'href',
      '/app/acme/prod/agents/aeo',
    );
    await waitFor(() => expect(sourcesStory.api.calls('monitoring.sources')).toEqual([scope]));
    section.getByRole('table', { name: SOURCES_TEXT.domainsCaption }).scrollIntoView({
      block: 'center',
    });
  },
};

// ——— Accuracy ———

/**
 * What the AEO Specialist's page reads, from the agents' scenario (whose own env scenario would
 * answer monitoring with nothing).
 */
const agentProcedures = Object.fromEntries(
  Object.entries(atAgents()).filter(
    ([name]) => name.startsWith('agents.') || name === 'products.facets' || name === 'prompts.list',
  ),
) as TrpcScenario;
const accuracyStory = atResults(`${HOME}?view=results`, {}, agentProcedures);
/**
 * The latest run's answers checked against the catalogue copy: the inaccurate-answer rate with its
 * interval, per engine, each wrong claim with its sentence and a link to the answer, the products
 * the answers made claims about, and the one action on a wrong claim: the AEO Specialist on that
 * product, whose page then shows the run.
 */
export const Accuracy: Story = {
  ...accuracyStory.story,
  tags: ['screen-state', 'state:aeo.accuracy'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await resultsLoaded(canvasElement);
    const section = within(
      await canvas.findByRole('region', { name: ACCURACY_TEXT.title }, { timeout: 10_000 }),
    );
    const expected = monitoringAccuracy(null);
    const overall = expected.overall!;
    await expect(
      section.getByText(ACCURACY_TEXT.rate(formatRate(overall), overall.successes, overall.n)),
    ).toBeVisible();
    await expect([overall.successes, overall.n]).toEqual([19, 68]);

    const engines = section.getByRole('table', { name: ACCURACY_TEXT.enginesCaption });
    await expect(rowsOf(engines)).toEqual(
      byEngine(expected.engines, (e) => e.engine).map((e) => [
        engineName(e.engine),
        String(e.inaccurate.n),
        formatRate(e.inaccurate),
      ]),
    );

    // Each wrong claim: the product, what the answer said against what the catalogue holds.
    const wrong = section.getByRole('table', { name: ACCURACY_TEXT.mismatchesCaption });
    const rows = rowsOf(wrong);
    await expect(rows).toHaveLength(expected.mismatchesTotal);
    // Cells: the product (its name, then its id), the claim (its kind, then what was said), the
    // catalogue's value, the sentence.
    await expect(rows[0]!.slice(0, 3)).toEqual([
      'Trailhead Fleecetrailhead-fleece',
      'Price$111',
      'USD 89.00',
    ]);
    await expect(rows.map((r) => r.slice(0, 3))).toContainEqual([
      'Alpine Rain Jacketalpine-rain-jacket',
      'Price$236',
      'USD 189.00',
    ]);
    await expect(rows.map((r) => r.slice(1, 3))).toContainEqual([
      'Availabilitydiscontinued',
      'Online, for sale',
    ]);
    await expect(
      within(wrong).getAllByRole('link', { name: 'Alpine Rain Jacket' })[0],
    ).toHaveAttribute('href', '/app/acme/prod/products/alpine-rain-jacket');
    const first = expected.mismatches[0]!;
    await expect(
      within(wrong).getAllByRole('link', { name: ACCURACY_TEXT.readAnswer })[0],
    ).toHaveAttribute('href', `/app/acme/prod?prompt=${encodeURIComponent(first.promptKey)}`);

    const products = section.getByRole('table', { name: ACCURACY_TEXT.productsCaption });
    await expect(rowsOf(products)[0]).toEqual([
      'Alpine Rain Jacket (alpine-rain-jacket)',
      String(expected.products[0]!.checked),
      String(expected.products[0]!.mismatched),
    ]);

    section.getByRole('heading', { name: ACCURACY_TEXT.title }).scrollIntoView({ block: 'start' });
  },
};

const fixing = atResults(`${HOME}?view=results`, {}, agentProcedures);
/** From a wrong claim, the AEO Specialist on that product alone; its page then shows the run. */
export const AccuracyFix: Story = {
  ...fixing.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await resultsLoaded(canvasElement);
    const section = within(
      await canvas.findByRole('region', { name: ACCURACY_TEXT.title }, { timeout: 10_000 }),
    );
    const wrong = section.getByRole('table', { name: ACCURACY_TEXT.mismatchesCaption });
    await userEvent.click(
      within(wrong).getAllByRole('button', {
        name: `${IMPROVE_PRODUCT_TEXT.action}: Alpine Rain Jacket`,
      })[0]!,
    );
    await waitFor(() =>
      expect(fixing.api.calls('agents.start')).toEqual([
        {
          ...scope,
          agentType: 'aeo',
          concurrency: 10,
          productIds: ['alpine-rain-jacket'],
          // In the language of the market whose answer got it wrong.
          languages: ['en-US'],
        },
      ]),
    );
    await waitFor(() =>
      expect(fixing.history().location.pathname).toBe('/app/acme/prod/agents/aeo'),
    );
    await canvas.findByRole('heading', { name: 'AEO Specialist', level: 1 });
  },
};

// ——— Markets ———

const inFrench = atResults(`${HOME}?view=results&market=fr-FR`, { markets: 'three' });
/**
 * One market: the results narrowed to fr-FR, chosen in the URL. Its prompts are written in French
 * and asked from France; its figures, trend and wrong claims are its own.
 */
export const Markets: Story = {
  ...inFrench.story,
  tags: ['screen-state', 'state:aeo.markets'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const figures = within(await resultsLoaded(canvasElement));
    const expected = monitoringResults(null, undefined, 'as-configured', {
      markets: 'three',
      market: 'fr-FR',
    });

    const filter = within(canvas.getByRole('navigation', { name: MARKETS_TEXT.filter }));
    await expect(filter.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'All markets',
      'English (United States)',
      'French (France)',
      'German (Germany)',
    ]);
    await expect(filter.getByRole('link', { name: 'French (France)' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(canvas.getByText(MARKETS_TEXT.narrowed('fr-FR'))).toBeVisible();
    await expect(MARKETS_TEXT.narrowed('fr-FR')).toBe(
      'French (France): prompts written in French, asked with web search from France, and read with the catalogue’s fr-FR names.',
    );

    // The figures are the market's own: every engine together over its two prompts.
    const overall = card(canvasElement, 'All engines');
    await expect(stat(overall, 'Mention rate')[0]).toBe(formatRate(expected.overall!.mentionRate));
    await expect(expected.overall!.mentionRate.n).toBe(60);
    await expect(figures.queryByRole('region', { name: MARKETS_TEXT.title })).toBeNull();

    // Its prompts, in French, marked as such for screen readers.
    const prompts = part(canvasElement, 'monitoring-prompts');
    const table = prompts.getByRole('table', { name: PROMPT_TABLE_TEXT.caption });
    await expect(rowsOf(table).map((r) => r[0])).toEqual([
      'Quelle veste de pluie respirante choisir pour la randonnée ?',
      'Quelle doudoune sans manches légère acheter en ligne ?',
    ]);
    await expect(within(table).getAllByRole('rowheader')[0]).toHaveAttribute('lang', 'fr-FR');

    // The trend is the market's runs.
    const trend = part(canvasElement, 'monitoring-trend').getByRole('table', {
      name: TREND_TEXT.tableCaption,
    });
    await expect(rowsOf(trend)).toHaveLength(8);

    // Its wrong claims, as its answers wrote them: a price in French.
    const section = within(
      await canvas.findByRole('region', { name: ACCURACY_TEXT.title }, { timeout: 10_000 }),
    );
    const wrong = rowsOf(section.getByRole('table', { name: ACCURACY_TEXT.mismatchesCaption }));
    await expect(wrong.map((r) => r.slice(0, 3))).toContainEqual([
      'Alpine Rain Jacketalpine-rain-jacket',
      'Price236\u00a0$US',
      'USD 189.00',
    ]);

    const marketScope = { ...scope, market: 'fr-FR' };
    await waitFor(() => expect(inFrench.api.calls('monitoring.results')).toEqual([marketScope]));
    await waitFor(() => expect(inFrench.api.calls('monitoring.accuracy')).toEqual([marketScope]));
    canvas.getByRole('navigation', { name: MARKETS_TEXT.filter }).scrollIntoView();
  },
};

const pooled = atResults(`${HOME}?view=results`, { markets: 'three' });
/**
 * Every market pooled: the results say which markets they pool, with each market's own rates, and
 * the prompts say their market; a market opens its own view.
 */
export const MarketsPooled: Story = {
  ...pooled.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await resultsLoaded(canvasElement);
    const expected = monitoringResults(null, undefined, 'as-configured', { markets: 'three' });
    const section = within(canvas.getByRole('region', { name: MARKETS_TEXT.title }));
    await expect(
      section.getByText(
        'These figures pool 3 markets: English (United States), French (France), and German (Germany). Choose a market to see its own figures, trend and effect of published changes.',
      ),
    ).toBeVisible();
    const table = section.getByRole('table', { name: MARKETS_TEXT.caption });
    await expect(rowsOf(table)).toEqual(
      expected.markets.map((m) => [
        marketLabel(m.market),
        String(m.prompts),
        `${formatRate(m.mentionRate)} · n = ${m.mentionRate.n}`,
        `${formatRate(m.citationRate)} · n = ${m.citationRate.n}`,
      ]),
    );
    await expect(rowsOf(table).map((r) => r.slice(0, 2))).toEqual([
      ['English (United States)', '8'],
      ['French (France)', '2'],
      ['German (Germany)', '1'],
    ]);

    const prompts = part(canvasElement, 'monitoring-prompts').getByRole('table', {
      name: PROMPT_TABLE_TEXT.caption,
    });
    await expect(rowsOf(prompts).at(-1)!.slice(0, 2)).toEqual([
      'Welche Fleecejacke ist unter einer Hardshell am wärmsten?',
      'German (Germany)',
    ]);

    await userEvent.click(section.getByRole('link', { name: 'German (Germany)' }));
    await waitFor(() => expect(searchOf(pooled)).toEqual({ market: 'de-DE' }));
    await expect(await canvas.findByText(MARKETS_TEXT.narrowed('de-DE'))).toBeVisible();
  },
};

const notAsked = atResults(`${HOME}?view=results&market=es-ES`, { markets: 'three' });
/** A market no run asked (a link from elsewhere): the results say so instead of showing zeros. */
export const MarketNotAsked: Story = {
  ...notAsked.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(MARKETS_TEXT.notInRun)).toBeVisible();
    await expect(canvas.queryByRole('region', { name: FIGURES_TEXT.title })).toBeNull();
    const filter = within(canvas.getByRole('navigation', { name: MARKETS_TEXT.filter }));
    await expect(filter.getByRole('link', { name: 'All markets' })).not.toHaveAttribute(
      'aria-current',
    );
  },
};

// ——— Alerts ———

const alerting = atResults(`${HOME}?view=results`, { markets: 'three', alerts: 'raised' });
/**
 * An alert raised after a run: which rate dropped, for which engine and market, by how much against
 * the run-to-run noise, with links to the runs; alerts can be dismissed. Two are open: ChatGPT's
 * mention rate in fr-FR fell in the latest run (sent to the webhook), and every engine's inaccurate
 * answers in en-US rose over the latest two (the webhook failed). Dismissing one: AlertsDismiss.
 */
export const Alerts: Story = {
  ...alerting.story,
  tags: ['screen-state', 'state:aeo.alerts'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const section = within(await canvas.findByRole('region', { name: ALERTS_TEXT.title }));
    const items = () => section.getAllByRole('listitem');
    await expect(items()).toHaveLength(2);
    const [drop, rise] = monitoringAlerts;
    // The sentence Home shows and the webhook sends, and its wording pinned.
    await expect(
      items().map((item) => item.querySelector('[data-slot="alert-text"]')!.textContent),
    ).toEqual([alertText(drop!), alertText(rise!)]);
    await expect(alertText(drop!)).toBe(
      'Mention rate on ChatGPT in French (France) fell from 58% to 15% in the latest run (43 points, 3.6× the run-to-run noise of ±12 points).',
    );
    await expect(alertText(rise!)).toBe(
      'Inaccurate answers on every engine in English (United States) rose from 6% to 23% in the latest 2 runs (17 points, 3.5× the run-to-run noise of ±5 points).',
    );
    const first = within(items()[0]!);
    const second = within(items()[1]!);
    // When it was raised, and the runs it compared by when they finished.
    await expect(
      first.getByText(
        'Raised Mar 2, 2026, 08:21 UTC · The run finished Mar 2, 2026, 08:19 UTC, against the 6 runs before.',
      ),
    ).toBeVisible();
    await expect(
      second.getByText(
        'Raised Mar 2, 2026, 08:21 UTC · The runs finished Feb 23, 2026, 08:20 UTC and Mar 2, 2026, 08:19 UTC, against the 6 runs before.',
      ),
    ).toBeVisible();
    // What became of each at the webhook.
    await expect(first.getByText(ALERTS_TEXT.webhook.sent)).toBeVisible();
    await expect(
      second.getByText('The webhook failed: The webhook answered 404 (4 tries)'),
    ).toBeVisible();
    // The trend narrowed to the alert's engine and market; every engine's trend for the other.
    await expect(first.getByRole('link', { name: ALERTS_TEXT.trend })).toHaveAttribute(
      'href',
      '/app/acme/prod?llm=openai&market=fr-FR',
    );
    await expect(second.getByRole('link', { name: ALERTS_TEXT.trend })).toHaveAttribute(
      'href',
      '/app/acme/prod?market=en-US',
    );
    // The figures show under the alerts.
    await resultsLoaded(canvasElement);
  },
};

const dismissing = atResults(`${HOME}?view=results`, { markets: 'three', alerts: 'raised' });
/** Dismissing an alert: it leaves the list for everyone, and the other stays. */
export const AlertsDismiss: Story = {
  ...dismissing.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const section = within(await canvas.findByRole('region', { name: ALERTS_TEXT.title }));
    const items = () => section.getAllByRole('listitem');
    const [drop, rise] = monitoringAlerts;
    const first = within(items()[0]!);
    await userEvent.click(
      first.getByRole('button', { name: 'Dismiss: Mention rate on ChatGPT in French (France)' }),
    );
    await waitFor(() => expect(items()).toHaveLength(1));
    await expect(dismissing.api.calls('monitoring.dismissAlert')).toEqual([
      { ...scope, alertId: drop!.id },
    ]);
    await expect(section.getByText(alertText(rise!))).toBeVisible();
    await expect(section.queryByText(alertText(drop!))).toBeNull();
    await expect(dismissing.mock.openAlerts().map((a) => a.id)).toEqual([rise!.id]);
    // Its button went with it: focus is on the alerts' title, not lost.
    await expect(section.getByRole('heading', { name: ALERTS_TEXT.title })).toHaveFocus();
  },
};

const dismissRefused = atResults(
  `${HOME}?view=results`,
  { markets: 'three', alerts: 'raised' },
  { 'monitoring.dismissAlert': delayed(400, domainError('NOT_FOUND', ALERT_MESSAGES.notFound)) },
);
/** A dismiss the server refuses (someone dismissed it meanwhile): its message beside the alert, which stays. */
export const AlertsDismissRefused: Story = {
  ...dismissRefused.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const section = within(await canvas.findByRole('region', { name: ALERTS_TEXT.title }));
    const first = within(section.getAllByRole('listitem')[0]!);
    const dismiss = first.getByRole('button', { name: /^Dismiss: Mention rate/ });
    await userEvent.click(dismiss);
    // Busy while its call is on its way; the other alert's stays ready.
    await expect(dismiss).toHaveAttribute('aria-disabled', 'true');
    await expect(
      within(section.getAllByRole('listitem')[1]!).getByRole('button', { name: /^Dismiss:/ }),
    ).not.toHaveAttribute('aria-disabled');
    await expect(await first.findByRole('alert')).toHaveTextContent(ALERT_MESSAGES.notFound);
    await expect(section.getAllByRole('listitem')).toHaveLength(2);
    await expect(first.getByRole('button', { name: /^Dismiss: Mention rate/ })).not.toHaveAttribute(
      'aria-disabled',
    );
  },
};

// ——— Failures ———

const failing = atResults(
  `${HOME}?view=results`,
  {},
  {
    'monitoring.results': domainError('UNAVAILABLE', 'The database did not answer in time'),
  },
);
/** The results fail to load: the section says so with the server's message; the header stays usable. */
export const ResultsLoadFailed: Story = {
  ...failing.story,
  beforeEach: () => {
    failing.story.beforeEach();
    // React reports the error its boundary caught.
    expectConsoleError('The database did not answer in time');
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(MONITORING_RESULTS_TEXT.loadFailedTitle);
    await expect(alert).toHaveTextContent('The database did not answer in time');
    await expect(canvas.getByRole('navigation', { name: 'Engine' })).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: MONITORING_RESULTS_TEXT.exportCsv }),
    ).toBeDisabled();
  },
};
