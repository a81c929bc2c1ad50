/**
 * Turns a tRPC error into what a form shows: a message per field (from the server's zod errors, or a
 * domain error whose reason names a field) and a form-level message for everything else.
 */
import { type ErrorReason, errorReasonOf } from '~/domain/error-reasons';

export interface FormErrors<Field extends string> {
  /**
   * By field; a message the server keys by a path under a field (`otherMarkets.1.market`) is that
   * field's message too, and stays under its path so the form can show it beside its row.
   */
  fields: Partial<Record<Field | `${Field}.${string}`, string>>;
  form: string | null;
}

interface ErrorData {
  zodError?: { fieldErrors?: Record<string, string[] | undefined>; formErrors?: string[] } | null;
}

function dataOf(error: unknown): ErrorData | null {
  if (typeof error !== 'object' || error === null || !('data' in error)) return null;
  const data = (error as { data?: unknown }).data;
  return typeof data === 'object' && data !== null ? (data as ErrorData) : null;
}

/**
 * @param fields the form's field names; server field errors for other names become the form message.
 * @param reasons domain error reasons (e.g. 'slug-taken') mapped to the field they belong to.
 */
export function formErrorsOf<Field extends string>(
  error: unknown,
  fields: readonly Field[],
  reasons: Partial<Record<ErrorReason, Field>> = {},
): FormErrors<Field> {
  const result: FormErrors<Field> = { fields: {}, form: null };
  if (!error) return result;
  const data = dataOf(error);
  const message = error instanceof Error ? error.message : 'Something went wrong!';
  const reason = errorReasonOf(error);
  const reasonField = reason ? reasons[reason] : undefined;
  if (reasonField) {
    result.fields[reasonField] = message;
    return result;
  }
  const fieldErrors = data?.zodError?.fieldErrors;
  if (fieldErrors) {
    const others: string[] = [...(data?.zodError?.formErrors ?? [])];
    for (const [name, messages] of Object.entries(fieldErrors)) {
      const first = messages?.[0];
      if (!first) continue;
      const field = name.split('.')[0]!;
      if ((fields as readonly string[]).includes(field)) {
        result.fields[field as Field] ??= first;
        result.fields[name as Field] = first;
      } else others.push(first);
    }
    result.form = others[0] ?? null;
    return result;
  }
  result.form = message;
  return result;
}

/** Client-side validation with a procedure's own zod schema: the first message per field of `fields`. */
export function schemaErrorsOf<Field extends string>(
  schema: { safeParse(value: unknown): { success: boolean; error?: { issues: readonly Issue[] } } },
  value: unknown,
  fields: readonly Field[],
): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of schema.safeParse(value).error?.issues ?? []) {
    const field = issue.path[0];
    if ((fields as readonly unknown[]).includes(field) && !errors[field as Field])
      errors[field as Field] = issue.message;
  }
  return errors;
}

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}
