/**
 * A list's filters in one bar (the products list and the review queue): each control shows the URL's
 * value and reports a change, the screen writes the URL; Clear filters ends the row, disabled while no
 * filter narrows the list (`narrowsList`). Each area keeps its own filters and their text; this holds
 * the bar, a select filter, a switch filter, and the two filters both lists have: a product ID
 * (TextFilter, ui/patterns/text-filter) and Show offline.
 */
import { XIcon } from 'lucide-react';
import type { ReactElement, ReactNode } from 'react';
import { Button } from '~/ui/components/button';
import { Field, FieldLabel } from '~/ui/components/field';
import { OptionsSelect } from '~/ui/components/select';
import { Switch } from '~/ui/components/switch';
import { TextFilter } from '~/ui/patterns/text-filter';

export const FILTER_BAR_TEXT = {
  label: 'Filters',
  clear: 'Clear filters',
  productId: 'Product ID',
  showOffline: 'Show offline',
} as const;

/**
 * Whether any filter narrows the list: a value of `unfiltered`'s keys that differs from the list's
 * unfiltered value there (an empty one counts as none). Keys it leaves out (a language, say) do not
 * filter.
 */
export function narrowsList<V extends object>(
  values: V,
  unfiltered: { [K in keyof V]?: V[K] },
): boolean {
  return (Object.keys(unfiltered) as (keyof V)[]).some(
    (key) => (values[key] || undefined) !== (unfiltered[key] || undefined),
  );
}

/** A select filter's options from a record of labels, in the record's order. */
export function labelledOptions<V extends string>(
  labels: Readonly<Record<V, ReactNode>>,
): SelectFilterOption<V>[] {
  return (Object.keys(labels) as V[]).map((value) => ({ value, label: labels[value] }));
}

/** Radix Select has no empty value: "all" stands for no filter. */
const ALL = 'all';

export function FilterBar({
  slot,
  active,
  onClear,
  children,
}: {
  /** The bar's data-slot, e.g. "product-filters". */
  slot: string;
  /** Whether any filter narrows the list: Clear filters is enabled only then. */
  active: boolean;
  onClear: () => void;
  children: ReactNode;
}) {
  return (
    <div
      data-slot={slot}
      role="group"
      aria-label={FILTER_BAR_TEXT.label}
      className="flex flex-wrap items-end gap-4"
    >
      {children}
      <Button variant="ghost" onClick={onClear} disabled={!active}>
        <XIcon aria-hidden />
        {FILTER_BAR_TEXT.clear}
      </Button>
    </div>
  );
}

export interface SelectFilterOption<V extends string> {
  value: V;
  label: ReactNode;
  /** When values repeat (a category id in two catalogs). */
  key?: string;
  /** Indent level, for categories under their parents. */
  depth?: number;
}

interface SelectFilterProps<V extends string> {
  label: ReactNode;
  options: readonly SelectFilterOption<V>[];
  /** The field's width. */
  className: string;
}

/** One value from a list, labelled; with `all`, a first option that filters nothing (`undefined`). */
export function SelectFilter<V extends string>(
  props: SelectFilterProps<V> & {
    /** The text of the option that filters nothing. */
    all: ReactNode;
    value: V | undefined;
    onChange: (value: V | undefined) => void;
  },
): ReactElement;
/** Without `all`, a value is always chosen. */
export function SelectFilter<V extends string>(
  props: SelectFilterProps<V> & { all?: never; value: V; onChange: (value: V) => void },
): ReactElement;
export function SelectFilter<V extends string>({
  label,
  value,
  onChange,
  options,
  all,
  className,
}: SelectFilterProps<V> & {
  all?: ReactNode;
  value: V | undefined;
  onChange: (value: V | undefined) => void;
}) {
  return (
    <Field className={className}>
      <FieldLabel>{label}</FieldLabel>
      <OptionsSelect
        value={value ?? ALL}
        onValueChange={(next) =>
          onChange(all !== undefined && next === ALL ? undefined : (next as V))
        }
        options={[
          ...(all !== undefined ? [{ value: ALL, label: all }] : []),
          ...options.map((option) => ({
            ...option,
            itemProps:
              option.depth === undefined
                ? {}
                : {
                    'data-depth': option.depth,
                    style: { paddingLeft: `${0.5 + option.depth}rem` },
                  },
          })),
        ]}
      />
    </Field>
  );
}

/** An on/off filter, e.g. Show offline: the switch, then its label. */
export function SwitchFilter({
  label,
  checked,
  onChange,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Field orientation="horizontal" className="h-10">
      <Switch checked={checked} onCheckedChange={onChange} />
      <FieldLabel>{label}</FieldLabel>
    </Field>
  );
}

/**
 * The filters both lists have, side by side: a product ID (products whose ID starts with it, or the
 * proposals for one product) and Show offline (lists leave out what is offline on the instance).
 */
export function ProductIdAndOfflineFilters({
  values,
  onChange,
  searchLabel,
  placeholder,
  className,
}: {
  values: { b2cProductId?: string | undefined; showOffline: boolean };
  onChange: (patch: { b2cProductId?: string | undefined; showOffline?: boolean }) => void;
  /** The product ID's search landmark name. */
  searchLabel: string;
  placeholder: string;
  /** The product ID field's width. */
  className: string;
}) {
  return (
    <>
      <TextFilter
        value={values.b2cProductId}
        onChange={(b2cProductId) => onChange({ b2cProductId })}
        label={FILTER_BAR_TEXT.productId}
        searchLabel={searchLabel}
        placeholder={placeholder}
        className={className}
      />
      <SwitchFilter
        label={FILTER_BAR_TEXT.showOffline}
        checked={values.showOffline}
        onChange={(showOffline) => onChange({ showOffline })}
      />
    </>
  );
}
