/**
 * Before a run starts: what it covers (products, fields, locales), how many model calls, the tokens
 * and cost it will likely take at the chosen model's price, and how many calls run at a time.
 */
import { PlayIcon } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { type RunEstimate, RUN_CONCURRENCY } from '~/domain/agents/runs';
import { AI_PROVIDER_NAMES } from '~/domain/ai/models';
import { PRODUCT_FIELD_LABEL } from '~/domain/products/entities';
import { Button } from '~/ui/components/button';
import { Callout } from '~/ui/components/callout';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/ui/components/dialog';
import { Field, FieldDescription, FieldError, FieldLabel } from '~/ui/components/field';
import { Input } from '~/ui/components/input';
import { Skeleton } from '~/ui/components/skeleton';
import { formatCount, formatUsd, localeLabel } from './format';

export const ESTIMATE_TEXT = {
  title: (agentName: string) => `Run ${agentName}`,
  description:
    'An estimate from the saved configuration and the catalogue copy. Nothing is written to the shop: every change waits for review.',
  estimating: 'Estimating…',
  failedTitle: 'Could not estimate this run',
  products: 'Products',
  fields: 'Fields',
  locales: 'Locales',
  modelCalls: 'Model calls',
  inputTokens: 'Input tokens (estimated)',
  outputTokens: 'Output tokens (estimated)',
  model: 'Model',
  cost: 'Estimated cost',
  concurrency: 'Concurrency',
  concurrencyDescription: `Model calls at a time, ${RUN_CONCURRENCY.min} to ${RUN_CONCURRENCY.max}. Lower it if the provider keeps limiting how often Beacon may ask.`,
  concurrencyInvalid: `Choose a whole number from ${RUN_CONCURRENCY.min} to ${RUN_CONCURRENCY.max}`,
  start: 'Start',
  cancel: 'Cancel',
  startFailedTitle: 'Could not start the run',
} as const;

/** The concurrency typed, or null when it is not a whole number in range. */
export function parseConcurrency(text: string): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const n = Number(text);
  return n >= RUN_CONCURRENCY.min && n <= RUN_CONCURRENCY.max ? n : null;
}

export interface RunEstimateDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  agentName: string;
  /** Null while the estimate loads or when it failed. */
  estimate: RunEstimate | null;
  /** Why there is no estimate (nothing in scope, no config …). */
  estimateError: string | null;
  onStart(concurrency: number): void;
  starting: boolean;
  startError: string | null;
}

export function RunEstimateDialog({
  open,
  onOpenChange,
  starting,
  ...rest
}: RunEstimateDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => (starting ? undefined : onOpenChange(next))}>
      <DialogContent data-slot="run-estimate-dialog" className="sm:max-w-xl">
        {/* Mounted per opening: each starts from the default concurrency. */}
        {open ? <EstimateForm starting={starting} {...rest} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EstimateForm({
  agentName,
  estimate,
  estimateError,
  onStart,
  starting,
  startError,
}: Omit<RunEstimateDialogProps, 'open' | 'onOpenChange'>) {
  const [concurrency, setConcurrency] = useState(String(RUN_CONCURRENCY.default));
  const [attempted, setAttempted] = useState(false);
  const parsed = parseConcurrency(concurrency);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    if (parsed === null || !estimate || starting) return;
    onStart(parsed);
  };
  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-5"
      aria-busy={!estimate && !estimateError}
    >
      <DialogHeader>
        <DialogTitle>{ESTIMATE_TEXT.title(agentName)}</DialogTitle>
        <DialogDescription>{ESTIMATE_TEXT.description}</DialogDescription>
      </DialogHeader>
      {estimateError ? (
        <Callout variant="error" title={ESTIMATE_TEXT.failedTitle} description={estimateError} />
      ) : estimate ? (
        <EstimateFigures estimate={estimate} />
      ) : (
        <div className="flex flex-col gap-2">
          <p className="text-sm text-base-content/75">{ESTIMATE_TEXT.estimating}</p>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-5 w-full" />
          ))}
        </div>
      )}
      <Field>
        <FieldLabel>{ESTIMATE_TEXT.concurrency}</FieldLabel>
        <Input
          type="number"
          inputMode="numeric"
          min={RUN_CONCURRENCY.min}
          max={RUN_CONCURRENCY.max}
          step={1}
          value={concurrency}
          onChange={(event) => setConcurrency(event.target.value)}
          onBlur={() => setAttempted(true)}
          className="w-28"
        />
        <FieldDescription>{ESTIMATE_TEXT.concurrencyDescription}</FieldDescription>
        <FieldError>
          {attempted && parsed === null ? ESTIMATE_TEXT.concurrencyInvalid : null}
        </FieldError>
      </Field>
      {startError ? (
        <Callout variant="error" title={ESTIMATE_TEXT.startFailedTitle} description={startError} />
      ) : null}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={starting}>
            {ESTIMATE_TEXT.cancel}
          </Button>
        </DialogClose>
        <Button type="submit" loading={starting} disabled={!estimate}>
          {starting ? null : <PlayIcon aria-hidden />}
          {ESTIMATE_TEXT.start}
        </Button>
      </DialogFooter>
    </form>
  );
}

function EstimateFigures({ estimate }: { estimate: RunEstimate }) {
  const rows: [string, ReactNode][] = [
    [ESTIMATE_TEXT.products, formatCount(estimate.products)],
    [ESTIMATE_TEXT.fields, estimate.fields.map((f) => PRODUCT_FIELD_LABEL[f]).join(', ')],
    [ESTIMATE_TEXT.locales, estimate.locales.map(localeLabel).join(', ')],
    [ESTIMATE_TEXT.modelCalls, formatCount(estimate.modelCalls)],
    [ESTIMATE_TEXT.inputTokens, formatCount(estimate.inputTokens)],
    [ESTIMATE_TEXT.outputTokens, formatCount(estimate.outputTokens)],
    [ESTIMATE_TEXT.model, `${AI_PROVIDER_NAMES[estimate.provider]} (${estimate.model})`],
  ];
  return (
    <dl data-slot="run-estimate" className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-base-content/70">{label}</dt>
          <dd className="tabular-nums">{value}</dd>
        </div>
      ))}
      <div className="contents">
        <dt className="font-semibold">{ESTIMATE_TEXT.cost}</dt>
        <dd className="text-base font-semibold tabular-nums">{formatUsd(estimate.costUsd)}</dd>
      </div>
    </dl>
  );
}
