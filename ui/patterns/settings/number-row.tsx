/**
 * One number and its submit button on a line, as the settings forms that change a single figure use
 * it (the AI budget's raise, the answer retention): the button lines up with the input, below its label.
 */
import type { ComponentProps, ReactNode } from 'react';
import { Button } from '~/ui/components/button';
import { Field, FieldDescription, FieldError, FieldLabel } from '~/ui/components/field';
import { Input } from '~/ui/components/input';

export interface NumberRowProps {
  label: string;
  description: ReactNode;
  error: string | undefined;
  /** The form state's field props plus the number's bounds. */
  input: ComponentProps<typeof Input>;
  submit: { label: string; icon: ReactNode };
  pending: boolean;
}

export function NumberRow({ label, description, error, input, submit, pending }: NumberRowProps) {
  return (
    <div className="flex flex-wrap items-start gap-3">
      <Field className="min-w-56 flex-1">
        <FieldLabel>{label}</FieldLabel>
        <Input type="number" autoComplete="off" {...input} />
        <FieldDescription>{description}</FieldDescription>
        <FieldError>{error}</FieldError>
      </Field>
      <Button type="submit" loading={pending} className="mt-6">
        {submit.icon}
        {submit.label}
      </Button>
    </div>
  );
}
