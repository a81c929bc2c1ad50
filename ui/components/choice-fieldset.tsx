/**
 * A group of controls with one legend, one description and one error (role=alert) under it: what
 * CheckboxGroup, RadioGroup and ListEditor are built on, and any other group that is one field.
 */
import { type ReactNode, useId } from 'react';
import { cn } from '~/ui/lib/cn';
import { FIELD_ATTRIBUTE } from '~/ui/lib/use-config-form';

export function ChoiceFieldset({
  name,
  legend,
  description,
  error,
  children,
  className,
}: {
  /** The config field: focus finds the group by it. */
  name: string;
  legend: ReactNode;
  description?: ReactNode;
  error?: string | undefined;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  const describedBy = [description ? `${id}-description` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <fieldset
      {...{ [FIELD_ATTRIBUTE]: name }}
      aria-describedby={describedBy || undefined}
      data-invalid={error ? true : undefined}
      className={cn('flex min-w-0 flex-col gap-2', className)}
    >
      <legend className="mb-2 text-sm leading-none font-medium">{legend}</legend>
      {description ? (
        <p id={`${id}-description`} className="-mt-1 text-sm text-base-content/70">
          {description}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
