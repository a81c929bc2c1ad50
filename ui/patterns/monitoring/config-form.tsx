/**
 * AI discoverability monitoring's config form (docs/product.md#monitoring): the brand and its other
 * spellings, the competitors, the prompts asked in each market (picked from the org's library or
 * written here), the engines, samples per prompt, the schedule, the runs the uplift compares and the
 * smallest change those can detect, and the webhook alerts are posted to. Props in, events out: the screen validates with the save
 * procedure's own schema and saves; the form shows each message beside its field, a competitor's
 * beside its row, a further market's beside its block.
 */
import { PlusIcon, XIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { CONFIG_LIMITS } from '~/domain/agents/config';
import {
  AI_MODELS,
  AI_PROVIDER_NAMES,
  AI_ENGINES,
  type AiEngine,
  SEARCH_PRICES,
} from '~/domain/ai/models';
import {
  type MonitoringConfig,
  MONITORING_LIMITS,
  MONITORING_SCHEDULES,
  type MonitoringSchedule,
  type SavedMonitoringConfig,
} from '~/domain/monitoring/config';
import { type Market, MARKETS_MAX, marketName } from '~/domain/monitoring/markets';
import type { Prompt } from '~/domain/prompts/entities';
import { Button } from '~/ui/components/button';
import { Field, FieldDescription, FieldError, FieldLabel } from '~/ui/components/field';
import { Input } from '~/ui/components/input';
import { Textarea } from '~/ui/components/textarea';
import { CheckboxGroup, type CheckboxOption } from '~/ui/components/checkbox-group';
import { ChoiceFieldset } from '~/ui/components/choice-fieldset';
import { ListEditor } from '~/ui/components/list-editor';
import { RadioGroup } from '~/ui/components/radio-group';
import { OptionsSelect } from '~/ui/components/select';
import { type ConfigFormErrors, FIELD_ATTRIBUTE, useConfigForm } from '~/ui/lib/use-config-form';
import {
  BrandFields,
  ConfigFormFooter,
  ConfigSection,
  NumberField,
  TextField,
} from '~/ui/patterns/config-form';
import { PowerNote } from './power';

export const MONITORING_CONFIG_TEXT = {
  title: 'Monitoring configuration',
  description:
    'What the AI assistants are asked, how often, and whose names and domains are counted in their answers.',
  form: 'AI discoverability monitoring configuration',
  brand: 'Brand',
  brandName: 'Brand name',
  brandDomain: 'Brand domain',
  brandDomainDescription:
    'An answer citing this domain or a subdomain counts as a citation. Without https://, like example.com.',
  brandVariants: 'Other spellings of the brand',
  brandVariantsDescription: 'Names an answer may use for the brand too, such as a short form.',
  brandVariant: (i: number) => `Brand spelling ${i + 1}`,
  addVariant: 'Add spelling',
  shareOfVoice: 'Share of voice',
  competitors: 'Competitors',
  competitorsDescription:
    'Share of voice is measured against these brands. A competitor’s citations are counted when its domain is given.',
  nameColumn: 'Name',
  domainColumn: 'Domain (optional)',
  competitorName: (i: number) => `Competitor ${i + 1} name`,
  competitorDomain: (i: number) => `Competitor ${i + 1} domain`,
  removeCompetitor: (i: number) => `Remove competitor ${i + 1}`,
  addCompetitor: 'Add competitor',
  prompts: 'Prompts',
  promptsDescription: 'What each engine is asked, the way a shopper would ask it.',
  market: 'Market',
  marketDescription:
    'The language and country the prompts are asked in. Write new prompts in its language.',
  marketNotSet: 'Not set',
  /** "French (France) · fr-FR"; the id alone when the platform has no name for it. */
  marketOption: (market: Market) => {
    const name = marketName(market);
    return name === market ? market : `${name} · ${market}`;
  },
  marketGone: (label: string) => `${label} (not among the catalogue’s locales)`,
  noMarkets: 'Prompts are asked without a market until the catalogue’s locales are known.',
  otherMarket: (n: number) => `Market ${n}`,
  removeMarket: (n: number) => `Remove market ${n}`,
  addMarket: 'Add a market',
  marketsMax: `At most ${MARKETS_MAX} markets.`,
  marketsAllUsed: 'Every market of the catalogue has its prompts here.',
  library: 'From the prompt library',
  libraryDescription: 'The org’s prompts, kept in Settings → Prompts.',
  libraryEmpty:
    'The library has no prompts yet. Add some in Settings → Prompts, or write new ones below.',
  goneFromLibrary: 'No longer in the library',
  newPrompts: 'New prompts',
  newPromptsDescription: 'One prompt a line, asked as written.',
  newPromptsCount: (n: number) => (n === 1 ? '1 new prompt' : `${n} new prompts`),
  newPromptLine: (i: number, message: string) => `New prompt ${i + 1}: ${message}`,
  asking: 'Engines and schedule',
  engines: 'Engines',
  enginesDescription: 'The AI assistants asked every prompt.',
  webSearch: 'Web search',
  webSearchDescription:
    'A checked engine searches the web before it answers, as shoppers’ assistants do, and reports the pages it cites; each search is billed by its vendor. Unchecked, it answers from memory alone (“API without web search”), which a published change cannot reach until the next model release.',
  searchFee: (usdPerThousand: number, per: 'search' | 'grounded-prompt' | 'request') =>
    `$${usdPerThousand} per 1,000 ${per === 'search' ? 'searches' : per === 'request' ? 'answers' : 'answers searched'}`,
  samples: 'Samples per prompt',
  samplesDescription: `How many times each engine is asked each prompt, ${MONITORING_LIMITS.samples.min} to ${MONITORING_LIMITS.samples.max}. More samples narrow the intervals and cost more.`,
  upliftRuns: 'Runs before and after a publish',
  upliftRunsDescription: `How many runs on each side of a publish the effect of published changes compares before it gives a verdict, ${MONITORING_LIMITS.upliftRuns.min} to ${MONITORING_LIMITS.upliftRuns.max}. More runs average out the assistants’ drift from run to run and take longer.`,
  schedule: 'Schedule',
  scheduleLabel: { off: 'Off', daily: 'Daily', weekly: 'Weekly' } satisfies Record<
    MonitoringSchedule,
    string
  >,
  scheduleDetail: {
    off: 'Runs only when started from the results',
    daily: 'A run every day',
    weekly: 'A run every week',
  } satisfies Record<MonitoringSchedule, string>,
  alerts: 'Alerts',
  alertWebhookUrl: 'Alert webhook',
  alertWebhookUrlDescription:
    'Alerts are posted here as they are raised, as Slack-compatible JSON. An https address; leave it empty for none.',
  savedTitle: 'Monitoring configuration saved',
  savedDescription: 'The next run asks these prompts with these settings.',
  loadFailedTitle: 'Could not load the monitoring configuration',
} as const;

/** The engines by the names people know them by: ChatGPT, Claude, Gemini, Perplexity. */
export const MONITORING_ENGINES: readonly AiEngine[] = [...AI_ENGINES].sort((a, b) =>
  AI_PROVIDER_NAMES[a].localeCompare(AI_PROVIDER_NAMES[b], 'en-US'),
);

/**
 * The values as the form edits them: the new prompts as the text typed (one a line) and the samples
 * as typed, so a half-typed value stays on screen until it is read into a config.
 */
export interface MonitoringConfigDraft {
  brandName: string;
  brandDomain: string;
  brandVariants: string[];
  competitors: { name: string; domain: string }[];
  /** The first block's market; empty when it has none (configs from before markets). */
  market: string;
  promptIds: string[];
  newPrompts: string;
  otherMarkets: OtherMarketDraft[];
  engines: AiEngine[];
  /** Engines asked with their web search (every engine not in the config's `memoryEngines`). */
  webSearch: AiEngine[];
  samples: string;
  schedule: MonitoringSchedule;
  upliftRuns: string;
  /** '' for none. */
  alertWebhookUrl: string;
}
type DraftField = keyof MonitoringConfigDraft;

/** A further market's block as the form edits it: its new prompts as typed. */
export interface OtherMarketDraft {
  market: string;
  promptIds: string[];
  newPrompts: string;
}

/** The fields in the order they show: focus goes to the first refused. */
const FIELDS = [
  'brandName',
  'brandDomain',
  'brandVariants',
  'competitors',
  'market',
  'promptIds',
  'newPrompts',
  'otherMarkets',
  'engines',
  'webSearch',
  'samples',
  'schedule',
  'upliftRuns',
  'alertWebhookUrl',
] as const satisfies readonly DraftField[];

/** The form's start: the saved config, else the server's defaults with every engine and no schedule. */
export function draftOf(saved: Pick<SavedMonitoringConfig, 'config' | 'defaults'>) {
  const from: Partial<MonitoringConfig> = saved.config ?? saved.defaults;
  return {
    brandName: from.brandName ?? '',
    brandDomain: from.brandDomain ?? '',
    brandVariants: [...(from.brandVariants ?? [])],
    competitors: (from.competitors ?? []).map((c) => ({ name: c.name, domain: c.domain ?? '' })),
    market: from.market ?? '',
    promptIds: [...(from.promptIds ?? [])],
    newPrompts: (from.newPrompts ?? []).join('\n'),
    otherMarkets: (from.otherMarkets ?? []).map((m) => ({
      market: m.market,
      promptIds: [...m.promptIds],
      newPrompts: m.newPrompts.join('\n'),
    })),
    engines: [...(from.engines ?? MONITORING_ENGINES)],
    webSearch: MONITORING_ENGINES.filter((e) => !(from.memoryEngines ?? []).includes(e)),
    samples: String(from.samples ?? MONITORING_LIMITS.samples.default),
    schedule: from.schedule ?? 'off',
    upliftRuns: String(from.upliftRuns ?? MONITORING_LIMITS.upliftRuns.default),
    alertWebhookUrl: from.alertWebhookUrl ?? '',
  } satisfies MonitoringConfigDraft;
}

/** The written prompts: one a line, blank lines dropped. */
export function newPromptLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** A whole number as typed; anything else reads as 0, so the schema answers with its range message. */
function wholeNumber(typed: string): number {
  const n = Number(typed.trim() === '' ? NaN : typed);
  return Number.isInteger(n) ? n : 0;
}

/**
 * The config the save procedure takes. Samples and runs that are not a whole number read as 0, so the
 * schema answers with its range message rather than a type error; an empty competitor domain, an
 * unset market and an empty webhook are left out (a config saved before webhooks stays as it was).
 */
export function configOf(draft: MonitoringConfigDraft): MonitoringConfig {
  return {
    brandName: draft.brandName,
    brandDomain: draft.brandDomain,
    brandVariants: draft.brandVariants,
    competitors: draft.competitors.map((c) =>
      c.domain.trim() === '' ? { name: c.name } : { name: c.name, domain: c.domain },
    ),
    ...(draft.market === '' ? {} : { market: draft.market }),
    promptIds: draft.promptIds,
    newPrompts: newPromptLines(draft.newPrompts),
    otherMarkets: draft.otherMarkets.map((m) => ({
      market: m.market,
      promptIds: m.promptIds,
      newPrompts: newPromptLines(m.newPrompts),
    })),
    engines: draft.engines,
    memoryEngines: AI_ENGINES.filter((e) => !draft.webSearch.includes(e)),
    samples: wholeNumber(draft.samples),
    schedule: draft.schedule,
    upliftRuns: wholeNumber(draft.upliftRuns),
    ...(draft.alertWebhookUrl.trim() === ''
      ? {}
      : { alertWebhookUrl: draft.alertWebhookUrl.trim() }),
  };
}

/**
 * Messages by field: the top-level name (`competitors`) holds the field's first message, and a
 * dotted path (`competitors.1.name`, `newPrompts.3`) the message of one row.
 */
export type MonitoringConfigErrors = Partial<Record<string, string>>;

export interface MonitoringConfigFormProps {
  saved: SavedMonitoringConfig;
  /** The org's prompt library (settings → Prompts). */
  prompts: readonly Prompt[];
  /** The clock "Saved 3 days ago" is read against. */
  now: Date;
  /** The save procedure's own schema, by field and by row. */
  validate(config: MonitoringConfig): MonitoringConfigErrors;
  /** Called with the config once it passes `validate`. */
  onSubmit(config: MonitoringConfig): void;
  pending: boolean;
  /** The last save went through: the confirmation shows until the next change. */
  confirmed: boolean;
  /** The server's answer to the last save. */
  serverErrors: ConfigFormErrors<string> | null;
}

export function MonitoringConfigForm({
  saved,
  prompts,
  now,
  validate,
  onSubmit,
  pending,
  confirmed,
  serverErrors,
}: MonitoringConfigFormProps) {
  const text = MONITORING_CONFIG_TEXT;
  const form = useConfigForm<MonitoringConfigDraft, DraftField>({
    fields: FIELDS,
    initial: draftOf(saved),
    savedAt: saved.updatedAt,
    validate: (draft) => validate(configOf(draft)),
    serverErrors,
    pending,
    onSubmit: (draft) => onSubmit(configOf(draft)),
  });
  const value = form.value;

  // A row's message shows while its field shows the message it came with: the form's own (a save was
  // tried) or the server's (until the field changes).
  const details = validate(configOf(value));
  const rowError = (field: DraftField, path: string): string | undefined => {
    const shown = form.errorOf(field);
    if (shown === undefined) return undefined;
    if (shown === details[field]) return details[path];
    return shown === serverErrors?.fields[field] ? serverErrors.fields[path] : undefined;
  };
  const competitorRows = value.competitors.map((_, i) => ({
    name: rowError('competitors', `competitors.${i}.name`),
    domain: rowError('competitors', `competitors.${i}.domain`),
  }));
  const competitorsError = competitorRows.some((row) => row.name || row.domain)
    ? undefined
    : form.errorOf('competitors');
  const newPromptsCount = newPromptLines(value.newPrompts).length;
  const newPromptsError = (() => {
    const message = form.errorOf('newPrompts');
    const line = firstLine(newPromptsCount, (i) => rowError('newPrompts', `newPrompts.${i}`));
    return message && line !== undefined ? text.newPromptLine(line, message) : message;
  })();

  // Markets: a select per block once the catalogue's locales are known (or a config names one).
  const withMarkets =
    saved.markets.length > 0 || value.market !== '' || value.otherMarkets.length > 0;
  const startedWithoutMarket = !(saved.config ?? saved.defaults).market;
  const otherMarketErrors = value.otherMarkets.map((block, index) => {
    const at = (rest: string) => rowError('otherMarkets', `otherMarkets.${index}.${rest}`);
    const line = firstLine(newPromptLines(block.newPrompts).length, (i) => at(`newPrompts.${i}`));
    return {
      market: at('market'),
      promptIds: at('promptIds'),
      newPrompts:
        line !== undefined ? text.newPromptLine(line, at(`newPrompts.${line}`)!) : at('newPrompts'),
    };
  });
  const otherMarketsError = otherMarketErrors.some(
    (row) => row.market || row.promptIds || row.newPrompts,
  )
    ? undefined
    : form.errorOf('otherMarkets');
  const promptsCount =
    value.promptIds.length +
    newPromptsCount +
    value.otherMarkets.reduce(
      (sum, block) => sum + block.promptIds.length + newPromptLines(block.newPrompts).length,
      0,
    );

  return (
    <form
      ref={form.formRef}
      aria-label={text.form}
      noValidate
      onSubmit={form.submit}
      className="flex flex-col gap-6"
    >
      <ConfigSection title={text.brand}>
        <BrandFields form={form} text={text} />
        <ListEditor
          name="brandVariants"
          legend={text.brandVariants}
          description={text.brandVariantsDescription}
          items={value.brandVariants}
          onChange={(next) => form.set('brandVariants', next)}
          itemLabel={text.brandVariant}
          addLabel={text.addVariant}
          max={CONFIG_LIMITS.listItems}
          error={form.errorOf('brandVariants')}
        />
      </ConfigSection>

      <ConfigSection title={text.shareOfVoice}>
        <CompetitorsEditor
          competitors={value.competitors}
          onChange={(next) => form.set('competitors', next)}
          rowErrors={competitorRows}
          error={competitorsError}
        />
      </ConfigSection>

      <ConfigSection title={text.prompts} description={text.promptsDescription}>
        {withMarkets ? (
          <MarketField
            name="market"
            markets={saved.markets}
            value={value.market}
            onChange={(next) => form.set('market', next)}
            notSet={startedWithoutMarket || value.market === ''}
            error={form.errorOf('market')}
          />
        ) : (
          <p data-slot="no-markets" className="text-sm text-base-content/70">
            {text.noMarkets}
          </p>
        )}
        <CheckboxGroup
          {...form.bind('promptIds')}
          legend={text.library}
          description={text.libraryDescription}
          options={promptOptions(prompts, value.promptIds)}
          empty={text.libraryEmpty}
        />
        <NewPromptsField
          name="newPrompts"
          value={value.newPrompts}
          onChange={(next) => form.set('newPrompts', next)}
          error={newPromptsError}
        />
        {withMarkets ? (
          <OtherMarketsEditor
            blocks={value.otherMarkets}
            onChange={(next) => form.set('otherMarkets', next)}
            markets={saved.markets}
            firstMarket={value.market}
            prompts={prompts}
            blockErrors={otherMarketErrors}
            error={otherMarketsError}
          />
        ) : null}
      </ConfigSection>

      <ConfigSection title={text.asking}>
        <CheckboxGroup
          {...form.bind('engines')}
          legend={text.engines}
          description={text.enginesDescription}
          options={MONITORING_ENGINES.map((engine) => ({
            value: engine,
            label: AI_PROVIDER_NAMES[engine],
            detail: <code className="font-mono">{AI_MODELS[engine]}</code>,
          }))}
          columns={2}
        />
        <CheckboxGroup
          {...form.bind('webSearch')}
          legend={text.webSearch}
          description={text.webSearchDescription}
          options={MONITORING_ENGINES.map((engine) => ({
            value: engine,
            label: AI_PROVIDER_NAMES[engine],
            detail: text.searchFee(
              SEARCH_PRICES[AI_MODELS[engine]].usdPerThousand,
              SEARCH_PRICES[AI_MODELS[engine]].per,
            ),
          }))}
          columns={2}
        />
        <NumberField
          {...form.bind('samples')}
          label={text.samples}
          description={text.samplesDescription}
          min={MONITORING_LIMITS.samples.min}
          max={MONITORING_LIMITS.samples.max}
        />
        <RadioGroup
          {...form.bind('schedule')}
          legend={text.schedule}
          options={MONITORING_SCHEDULES.map((schedule) => ({
            value: schedule,
            label: text.scheduleLabel[schedule],
            detail: text.scheduleDetail[schedule],
          }))}
        />
        <NumberField
          {...form.bind('upliftRuns')}
          label={text.upliftRuns}
          description={text.upliftRunsDescription}
          min={MONITORING_LIMITS.upliftRuns.min}
          max={MONITORING_LIMITS.upliftRuns.max}
        />
        <PowerNote
          prompts={promptsCount}
          engines={value.engines.length}
          samples={wholeNumber(value.samples)}
          runs={wholeNumber(value.upliftRuns)}
        />
      </ConfigSection>

      <ConfigSection title={text.alerts}>
        <div className="max-w-xl">
          <TextField
            {...form.bind('alertWebhookUrl')}
            label={text.alertWebhookUrl}
            description={text.alertWebhookUrlDescription}
            placeholder="https://hooks.slack.com/services/…"
          />
        </div>
      </ConfigSection>

      <ConfigFormFooter
        pending={pending}
        dirty={form.dirty}
        savedAt={saved.updatedAt}
        now={now}
        confirmation={
          confirmed && !pending && !form.dirty
            ? { title: text.savedTitle, description: text.savedDescription }
            : null
        }
        refused={form.invalidFields.length > 0 || Boolean(serverErrors?.form)}
        formError={serverErrors?.form ?? null}
      />
    </form>
  );
}

/** The first of `lines` lines that has a message. */
function firstLine(
  lines: number,
  messageOf: (line: number) => string | undefined,
): number | undefined {
  return Array.from({ length: lines }, (_, i) => i).find((i) => messageOf(i) !== undefined);
}

/** Stands for "no market" in the select, whose values cannot be empty; no market id looks like it. */
const NO_MARKET = 'none';

/**
 * The market a block's prompts are asked in: the env's markets by name and id, a market the catalogue
 * no longer has (still chosen) marked, and "Not set" for a config from before markets. A further
 * block's select is labelled by its block's legend on screen.
 */
function MarketField({
  name,
  markets,
  value,
  onChange,
  notSet = false,
  error,
  labelHidden = false,
}: {
  name: string;
  markets: readonly Market[];
  value: string;
  onChange(next: string): void;
  /** Offer "Not set". */
  notSet?: boolean;
  error?: string | undefined;
  labelHidden?: boolean;
}) {
  const text = MONITORING_CONFIG_TEXT;
  return (
    <Field {...{ [FIELD_ATTRIBUTE]: name }} className="w-full max-w-md">
      <FieldLabel className={labelHidden ? 'sr-only' : undefined}>{text.market}</FieldLabel>
      <OptionsSelect
        value={value === '' ? NO_MARKET : value}
        onValueChange={(next) => onChange(next === NO_MARKET ? '' : next)}
        options={[
          ...(notSet ? [{ value: NO_MARKET, label: text.marketNotSet }] : []),
          ...(value !== '' && !markets.includes(value)
            ? [{ value, label: text.marketGone(text.marketOption(value)) }]
            : []),
          ...markets.map((market) => ({ value: market, label: text.marketOption(market) })),
        ]}
      />
      {labelHidden ? null : <FieldDescription>{text.marketDescription}</FieldDescription>}
      <FieldError>{error}</FieldError>
    </Field>
  );
}

/** Prompts written here, one a line, with how many there are. */
function NewPromptsField({
  name,
  value,
  onChange,
  error,
}: {
  name: string;
  value: string;
  onChange(next: string): void;
  error?: string | undefined;
}) {
  const text = MONITORING_CONFIG_TEXT;
  return (
    <Field {...{ [FIELD_ATTRIBUTE]: name }}>
      <FieldLabel>{text.newPrompts}</FieldLabel>
      <Textarea
        name={name}
        value={value}
        rows={3}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldDescription>
        {text.newPromptsDescription}{' '}
        <span data-slot="new-prompts-count">
          {text.newPromptsCount(newPromptLines(value).length)}
        </span>
      </FieldDescription>
      <FieldError>{error}</FieldError>
    </Field>
  );
}

/**
 * The further markets, a block each (its market, library prompts and new prompts, Remove), then Add.
 * A new block starts on a market no block asks in yet and its select takes focus; removing a block
 * gives focus to the block that takes its place (or Add).
 */
function OtherMarketsEditor({
  blocks,
  onChange,
  markets,
  firstMarket,
  prompts,
  blockErrors,
  error,
}: {
  blocks: readonly OtherMarketDraft[];
  onChange(next: OtherMarketDraft[]): void;
  /** The env's markets. */
  markets: readonly Market[];
  /** The first block's market, taken too. */
  firstMarket: string;
  prompts: readonly Prompt[];
  blockErrors: readonly {
    market?: string | undefined;
    promptIds?: string | undefined;
    newPrompts?: string | undefined;
  }[];
  /** A message about the blocks as a whole (too many, or the server's). */
  error?: string | undefined;
}) {
  const text = MONITORING_CONFIG_TEXT;
  const list = useRef<HTMLOListElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const [focusBlock, setFocusBlock] = useState<number | null>(null);
  useEffect(() => {
    if (focusBlock === null) return;
    const selects =
      list.current?.querySelectorAll<HTMLElement>(':scope > li [data-slot=select-trigger]') ?? [];
    (selects[focusBlock] ?? addButton.current)?.focus();
    setFocusBlock(null);
  }, [focusBlock]);

  const used = new Set([firstMarket, ...blocks.map((b) => b.market)]);
  const unused = markets.find((m) => !used.has(m));
  const full = blocks.length + 1 >= MARKETS_MAX;
  const change = (index: number, next: Partial<OtherMarketDraft>) =>
    onChange(blocks.map((b, i) => (i === index ? { ...b, ...next } : b)));

  return (
    <div {...{ [FIELD_ATTRIBUTE]: 'otherMarkets' }} className="flex flex-col gap-4">
      {blocks.length > 0 ? (
        <ol ref={list} className="flex flex-col gap-4">
          {blocks.map((block, index) => (
            <li key={index}>
              <fieldset className="flex min-w-0 flex-col gap-5 rounded-box border border-base-300 p-4">
                <legend className="px-1 text-sm font-semibold">
                  {text.otherMarket(index + 2)}
                </legend>
                <div className="flex items-start gap-2">
                  <MarketField
                    name={`otherMarkets.${index}.market`}
                    markets={markets}
                    value={block.market}
                    onChange={(market) => change(index, { market })}
                    error={blockErrors[index]?.market}
                    labelHidden
                  />
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={text.removeMarket(index + 2)}
                    onClick={() => {
                      onChange(blocks.filter((_, i) => i !== index));
                      setFocusBlock(index);
                    }}
                  >
                    <XIcon aria-hidden />
                  </Button>
                </div>
                <CheckboxGroup
                  name={`otherMarkets.${index}.promptIds`}
                  legend={text.library}
                  options={promptOptions(prompts, block.promptIds)}
                  value={block.promptIds}
                  onChange={(promptIds) => change(index, { promptIds })}
                  error={blockErrors[index]?.promptIds}
                  empty={text.libraryEmpty}
                />
                <NewPromptsField
                  name={`otherMarkets.${index}.newPrompts`}
                  value={block.newPrompts}
                  onChange={(newPrompts) => change(index, { newPrompts })}
                  error={blockErrors[index]?.newPrompts}
                />
              </fieldset>
            </li>
          ))}
        </ol>
      ) : null}
      {markets.length > 0 ? (
        <div className="flex flex-col items-start gap-1.5">
          <Button
            ref={addButton}
            type="button"
            variant="outline"
            size="sm"
            disabled={full || unused === undefined}
            onClick={() => {
              if (unused === undefined) return;
              onChange([...blocks, { market: unused, promptIds: [], newPrompts: '' }]);
              setFocusBlock(blocks.length);
            }}
          >
            <PlusIcon aria-hidden />
            {text.addMarket}
          </Button>
          {full || unused === undefined ? (
            <p className="text-sm text-base-content/70">
              {full ? text.marketsMax : text.marketsAllUsed}
            </p>
          ) : null}
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm font-medium text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The library's prompts by name with their text; a chosen prompt the library no longer has stays, marked. */
function promptOptions(
  prompts: readonly Prompt[],
  chosen: readonly string[],
): CheckboxOption<string>[] {
  const known = new Set(prompts.map((p) => p.id));
  return [
    ...prompts.map((prompt) => ({
      value: prompt.id,
      label: prompt.name,
      detail: prompt.text,
    })),
    ...chosen
      .filter((id) => !known.has(id))
      .map((id) => ({ value: id, label: id, tag: MONITORING_CONFIG_TEXT.goneFromLibrary })),
  ];
}

/**
 * The competitors, a row each: name, optional domain, Remove. A row's problem shows under it, tied to
 * its control; a new row's name takes focus, and removing a row gives focus to the row that takes its
 * place (or Add).
 */
function CompetitorsEditor({
  competitors,
  onChange,
  rowErrors,
  error,
}: {
  competitors: readonly { name: string; domain: string }[];
  onChange(next: { name: string; domain: string }[]): void;
  rowErrors: readonly { name?: string | undefined; domain?: string | undefined }[];
  /** A message about the list as a whole (too many, or the server's). */
  error?: string | undefined;
}) {
  const text = MONITORING_CONFIG_TEXT;
  const list = useRef<HTMLOListElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const [focusRow, setFocusRow] = useState<number | null>(null);
  useEffect(() => {
    if (focusRow === null) return;
    const names = list.current?.querySelectorAll<HTMLElement>('[data-competitor-name]') ?? [];
    (names[focusRow] ?? addButton.current)?.focus();
    setFocusRow(null);
  }, [focusRow]);

  const change = (index: number, part: 'name' | 'domain', next: string) =>
    onChange(competitors.map((c, i) => (i === index ? { ...c, [part]: next } : c)));

  return (
    <ChoiceFieldset
      name="competitors"
      legend={text.competitors}
      description={text.competitorsDescription}
      error={error}
    >
      {competitors.length > 0 ? (
        <>
          <div
            aria-hidden
            className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_2.5rem] gap-2 text-xs font-medium text-base-content/70"
          >
            <span>{text.nameColumn}</span>
            <span>{text.domainColumn}</span>
          </div>
          <ol ref={list} className="flex flex-col gap-2">
            {competitors.map((competitor, index) => (
              <li
                key={index}
                className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_2.5rem] items-start gap-2"
              >
                <Field className="gap-1">
                  <FieldLabel className="sr-only">{text.competitorName(index)}</FieldLabel>
                  <Input
                    data-competitor-name=""
                    value={competitor.name}
                    autoComplete="off"
                    onChange={(event) => change(index, 'name', event.target.value)}
                  />
                  <FieldError>{rowErrors[index]?.name}</FieldError>
                </Field>
                <Field className="gap-1">
                  <FieldLabel className="sr-only">{text.competitorDomain(index)}</FieldLabel>
                  <Input
                    value={competitor.domain}
                    autoComplete="off"
                    placeholder="example.com"
                    onChange={(event) => change(index, 'domain', event.target.value)}
                  />
                  <FieldError>{rowErrors[index]?.domain}</FieldError>
                </Field>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={text.removeCompetitor(index)}
                  onClick={() => {
                    onChange(competitors.filter((_, i) => i !== index));
                    setFocusRow(Math.min(index, competitors.length - 2));
                  }}
                >
                  <XIcon aria-hidden />
                </Button>
              </li>
            ))}
          </ol>
        </>
      ) : null}
      <div>
        <Button
          ref={addButton}
          type="button"
          variant="outline"
          size="sm"
          disabled={competitors.length >= MONITORING_LIMITS.competitors}
          onClick={() => {
            onChange([...competitors, { name: '', domain: '' }]);
            setFocusRow(competitors.length);
          }}
        >
          <PlusIcon aria-hidden />
          {text.addCompetitor}
        </Button>
      </div>
    </ChoiceFieldset>
  );
}
