/** A small set of native radio buttons laid out as a segmented control. */
export type OptionGroupProps<T extends string> = {
  legend: string;
  name: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
};

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function OptionGroup<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
}: OptionGroupProps<T>) {
  return (
    <fieldset data-slot="option-group" className="flex flex-col gap-2">
      <legend className="mb-2 text-sm leading-none font-medium">{legend}</legend>
      <div className="inline-flex w-fit rounded-field border border-base-content/50 bg-base-200 p-1">
        {options.map((option) => (
          <label
            key={option}
            className="cursor-pointer rounded-[calc(var(--radius-field)-2px)] px-3 py-1 text-sm font-medium text-base-content has-checked:bg-base-100 has-checked:shadow-sm has-focus-visible:outline-2 has-focus-visible:outline-primary"
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="sr-only"
            />
            {capitalise(option)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
