/**
 * The state every Beacon form keeps the same way: values; a field's client error once it was left or
 * a submit was tried; the server's field error while the field still holds what was submitted; focus
 * on the first invalid field on submit, and on the field the server rejected when its answer arrives.
 */
import { type FormEvent, useEffect, useRef, useState } from 'react';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export interface FormStateOptions<F extends string> {
  fields: readonly F[];
  initial: Record<F, string>;
  /** Client-side rules (usually the procedure's own schema): a message per invalid field. */
  validate(values: Record<F, string>): FieldErrors<F>;
  /** The server's answer to the last submit. */
  serverErrors: { fields: FieldErrors<F> } | null;
  pending: boolean;
  /** Called with trimmed values once they pass `validate`. */
  onSubmit(values: Record<F, string>): void;
}

export function useFormState<F extends string>({
  fields,
  initial,
  validate,
  serverErrors,
  pending,
  onSubmit,
}: FormStateOptions<F>) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>({});
  const [attempted, setAttempted] = useState(false);
  const [submitted, setSubmitted] = useState<Record<F, string> | null>(null);
  const controls = useRef<Partial<Record<F, HTMLElement | null>>>({});

  const clientErrors = validate(values);
  const errorOf = (field: F): string | undefined => {
    if (touched[field] || attempted) {
      const client = clientErrors[field];
      if (client) return client;
    }
    const server = serverErrors?.fields[field];
    return server && submitted && submitted[field] === values[field].trim() ? server : undefined;
  };

  // A server field error moves focus to its field, so the correction starts where the problem is.
  // (A new submit clears the server's answer while pending, so a repeated message focuses again.)
  const serverField = fields.find((field) => serverErrors?.fields[field]);
  const serverMessage = serverField ? serverErrors?.fields[serverField] : undefined;
  useEffect(() => {
    if (serverField) controls.current[serverField]?.focus();
  }, [serverField, serverMessage]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setAttempted(true);
    const invalid = fields.find((field) => validate(values)[field]);
    if (invalid) {
      controls.current[invalid]?.focus();
      return;
    }
    const trimmed = { ...values };
    for (const field of fields) trimmed[field] = values[field].trim();
    setSubmitted(trimmed);
    onSubmit(trimmed);
  };

  return {
    values,
    setValues,
    setValue: (field: F, value: string) => setValues((v) => ({ ...v, [field]: value })),
    /** A text control's props: its ref, name, value, and change and leave handlers. */
    field: (field: F) => ({
      ref: (node: HTMLElement | null) => {
        controls.current[field] = node;
      },
      name: field,
      value: values[field],
      onChange: (event: { target: { value: string } }) =>
        setValues((v) => ({ ...v, [field]: event.target.value })),
      onBlur: () => setTouched((t) => ({ ...t, [field]: true })),
    }),
    errorOf,
    submit,
    /** Back to the initial values, as if the form had just opened. */
    reset: () => {
      setValues(initial);
      setTouched({});
      setAttempted(false);
      setSubmitted(null);
    },
  };
}
