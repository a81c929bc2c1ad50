/**
 * The state of a config form (an agent's, monitoring's): the values being edited, their client errors
 * (the procedure's own schema) once a save was tried, the server's field errors until that field
 * changes, whether the values differ from the saved config, and focus on the first field in the way.
 */
import { type FormEvent, useEffect, useRef, useState } from 'react';

export interface ConfigFormErrors<F extends string> {
  fields: Partial<Record<F, string>>;
  form: string | null;
}

/** The attribute a field's group carries, so focus can find its first control. */
export const FIELD_ATTRIBUTE = 'data-config-field';
const CONTROLS =
  '[data-slot=checkbox], [data-slot=switch], [data-slot=select-trigger], [data-slot=input], [data-slot=textarea], input[type=radio], [data-slot=button]';

/**
 * A config as compared for "unsaved changes": keys sorted, and nothing (null, undefined, an empty
 * list) the same however it is spelled, since the server may leave out what the form sends empty.
 */
export function canonicalConfig(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonicalConfig);
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value)
    .filter(([, v]) => v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => [k, canonicalConfig(v)]);
  return Object.fromEntries(entries);
}

export function sameConfig(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonicalConfig(a)) === JSON.stringify(canonicalConfig(b));
}

export interface ConfigFormOptions<C extends object, F extends keyof C & string> {
  /** The form's fields in the order they show, for focus. */
  fields: readonly F[];
  /** The saved config, or the empty one before the first save. */
  initial: C;
  /** When `initial` was saved: a new save puts its values (as the server keeps them) in the form. */
  savedAt: Date | null;
  validate(value: C): Partial<Record<F, string>>;
  /** The server's answer to the last save. */
  serverErrors: ConfigFormErrors<F> | null;
  pending: boolean;
  onSubmit(value: C): void;
  onDirtyChange?(dirty: boolean): void;
}

export function useConfigForm<C extends object, F extends keyof C & string>({
  fields,
  initial,
  savedAt,
  validate,
  serverErrors,
  pending,
  onSubmit,
  onDirtyChange,
}: ConfigFormOptions<C, F>) {
  const [value, setValue] = useState(initial);
  const [attempted, setAttempted] = useState(false);
  const [changed, setChanged] = useState<ReadonlySet<F>>(new Set());
  const form = useRef<HTMLFormElement>(null);

  // A new save (or a config saved elsewhere and read again) starts the form from what was saved.
  const savedKey = savedAt?.getTime() ?? null;
  const [syncedKey, setSyncedKey] = useState(savedKey);
  if (syncedKey !== savedKey) {
    setSyncedKey(savedKey);
    setValue(initial);
    setAttempted(false);
    setChanged(new Set());
  }

  const clientErrors = validate(value);
  const errorOf = (field: F): string | undefined => {
    const client = attempted ? clientErrors[field] : undefined;
    if (client) return client;
    return changed.has(field) ? undefined : serverErrors?.fields[field];
  };

  // The control to fix: within the field's group, the one marked invalid (an empty row), else the first.
  const focusField = (field: F) => {
    const group = form.current?.querySelector<HTMLElement>(`[${FIELD_ATTRIBUTE}="${field}"]`);
    const control =
      group?.querySelector<HTMLElement>(`:is(${CONTROLS})[aria-invalid="true"]`) ??
      group?.querySelector<HTMLElement>(CONTROLS);
    control?.focus();
  };

  // Focus moves once the errors show (a refused save renders its marks first).
  const [focusRequest, setFocusRequest] = useState<{ field: F } | null>(null);
  useEffect(() => {
    if (focusRequest) focusField(focusRequest.field);
    // Once per request: each is a new object.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusRequest]);

  // The server refused a field: focus goes there, so the correction starts where the problem is.
  const serverField = fields.find((field) => serverErrors?.fields[field]);
  useEffect(() => {
    if (serverField) setFocusRequest({ field: serverField });
    // Once per answer: a new answer is a new errors object.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [serverErrors]);

  const dirty = !sameConfig(value, initial);
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const set = <K extends F>(field: K, next: C[K]) => {
    setValue((v) => ({ ...v, [field]: next }));
    setChanged((c) => new Set(c).add(field));
  };

  /** A control's props for one field: its name, the value, a change, and the error shown. */
  const bind = <K extends F>(field: K) => ({
    name: field,
    value: value[field],
    onChange: (next: C[K]) => set(field, next),
    error: errorOf(field),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setAttempted(true);
    const errors = validate(value);
    const invalid = fields.find((field) => errors[field]);
    if (invalid) {
      setFocusRequest({ field: invalid });
      return;
    }
    setChanged(new Set());
    onSubmit(value);
  };

  const shown = fields.filter((field) => errorOf(field));
  return {
    value,
    set,
    errorOf,
    bind,
    submit,
    dirty,
    formRef: form,
    /** Fields showing an error now. */
    invalidFields: shown,
    /** The props a field's group takes so focus can find it. */
    fieldProps: (field: F) => ({ [FIELD_ATTRIBUTE]: field }),
  };
}
