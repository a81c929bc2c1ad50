/** Several values from a list: each a labelled checkbox, the whole group one field. */
import type { ReactNode } from 'react';
import { cn } from '~/ui/lib/cn';
import { Badge } from './badge';
import { Checkbox } from './checkbox';
import { ChoiceFieldset } from './choice-fieldset';
import { Field, FieldDescription, FieldLabel } from './field';

export interface CheckboxOption<V extends string> {
  value: V;
  label: ReactNode;
  /** A second line under the label, e.g. the field's OCAPI name. */
  detail?: ReactNode;
  /** A badge after the label, e.g. "Not on the instance". */
  tag?: ReactNode;
  /** Indent level, for categories under their parents. */
  depth?: number;
}

export function CheckboxGroup<V extends string>({
  name,
  legend,
  description,
  options,
  value,
  onChange,
  error,
  columns = 1,
  empty,
}: {
  name: string;
  legend: ReactNode;
  description?: ReactNode;
  options: readonly CheckboxOption<V>[];
  value: readonly V[];
  onChange(next: V[]): void;
  error?: string | undefined;
  columns?: 1 | 2 | 3;
  /** Shown instead of the list when there is nothing to choose from. */
  empty?: ReactNode;
}) {
  // A refused entry the catalogue copy no longer has is what the error is about, when there is one.
  const stale = options.some((o) => o.tag);
  const invalid = (option: CheckboxOption<V>) => Boolean(error) && (!stale || Boolean(option.tag));
  const toggle = (option: V, checked: boolean) =>
    onChange(
      checked
        ? options.map((o) => o.value).filter((v) => v === option || value.includes(v))
        : value.filter((v) => v !== option),
    );
  return (
    <ChoiceFieldset name={name} legend={legend} description={description} error={error}>
      {options.length === 0 && empty ? (
        <p className="text-sm text-base-content/70">{empty}</p>
      ) : (
        <ul
          className={cn(
            'grid gap-x-6 gap-y-2.5',
            columns === 2 && 'sm:grid-cols-2',
            columns === 3 && 'sm:grid-cols-3',
          )}
        >
          {options.map((option) => (
            <li key={option.value} style={{ paddingLeft: `${(option.depth ?? 0) * 1.5}rem` }}>
              <Field orientation="horizontal" className="items-start">
                <Checkbox
                  className="mt-0.5"
                  checked={value.includes(option.value)}
                  onCheckedChange={(checked) => toggle(option.value, checked === true)}
                  aria-invalid={invalid(option) || undefined}
                />
                <span className="flex flex-wrap items-center gap-2">
                  <FieldLabel className="leading-5">{option.label}</FieldLabel>
                  {option.tag ? <Badge variant="warning">{option.tag}</Badge> : null}
                </span>
                {option.detail ? (
                  <FieldDescription className="text-xs">{option.detail}</FieldDescription>
                ) : null}
              </Field>
            </li>
          ))}
        </ul>
      )}
    </ChoiceFieldset>
  );
}
