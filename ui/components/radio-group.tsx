/** One value from a few: native radios in a fieldset, each option a bordered choice. */
import { type ReactNode, useId } from 'react';
import { ChoiceFieldset } from './choice-fieldset';

export interface RadioOption<V extends string> {
  value: V;
  label: ReactNode;
  detail?: ReactNode;
}

export function RadioGroup<V extends string>({
  name,
  legend,
  description,
  options,
  value,
  onChange,
  error,
}: {
  name: string;
  legend: ReactNode;
  description?: ReactNode;
  options: readonly RadioOption<V>[];
  value: V;
  onChange(next: V): void;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <ChoiceFieldset name={name} legend={legend} description={description} error={error}>
      <div className="grid gap-2 sm:grid-cols-[repeat(auto-fill,minmax(13rem,1fr))]">
        {options.map((option) => {
          const optionId = `${id}-${option.value}`;
          return (
            <label
              key={option.value}
              htmlFor={optionId}
              className="flex cursor-pointer items-start gap-3 rounded-field border border-base-300 p-3 text-sm has-checked:border-primary has-checked:bg-primary/5 has-focus-visible:outline-2 has-focus-visible:outline-primary"
            >
              <input
                id={optionId}
                type="radio"
                name={`${id}-${name}`}
                value={option.value}
                checked={value === option.value}
                onChange={() => onChange(option.value)}
                aria-labelledby={`${optionId}-label`}
                aria-describedby={option.detail ? `${optionId}-detail` : undefined}
                aria-invalid={error ? true : undefined}
                className="mt-0.5 size-4 shrink-0 accent-primary focus-visible:outline-none"
              />
              <span className="flex min-w-0 flex-col gap-0.5">
                <span id={`${optionId}-label`} className="font-medium">
                  {option.label}
                </span>
                {option.detail ? (
                  <span id={`${optionId}-detail`} className="text-xs text-base-content/70">
                    {option.detail}
                  </span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
    </ChoiceFieldset>
  );
}
