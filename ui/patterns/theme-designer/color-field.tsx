/** One designer colour: a native picker plus a text field that takes any CSS colour and stores oklch. */
import { TriangleAlertIcon } from 'lucide-react';
import {
  contrastRatio,
  MIN_CONTRAST,
  oklchToHex,
  toOklch,
} from '~/domain/theme-designer/theme-designer';
import { Field, FieldDescription, FieldError, FieldLabel } from '~/ui/components/field';
import { Input } from '~/ui/components/input';
import { cn } from '~/ui/lib/cn';
import { draftInputProps, useDraft } from './draft';

export type ColorFieldProps = {
  label: string;
  /** An oklch() string. */
  value: string;
  onChange: (oklch: string) => void;
  /** The colour this one is read against, for the contrast figure. */
  against?: { label: string; value: string };
  className?: string;
};

export function ColorField({ label, value, onChange, against, className }: ColorFieldProps) {
  const { draft, setDraft, error, setError } = useDraft(value);

  function commit() {
    if (draft.trim() === value) return;
    const result = toOklch(draft);
    if (result.ok) {
      setError(null);
      setDraft(result.value);
      if (result.value !== value) onChange(result.value);
    } else {
      setError(`${result.reason} Kept ${value}.`);
    }
  }

  const ratio = against ? contrastRatio(value, against.value) : null;
  const low = ratio !== null && ratio < MIN_CONTRAST;
  return (
    <Field data-slot="color-field" data-token={label} className={className}>
      <FieldLabel>{label}</FieldLabel>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={`${label} picker`}
          value={oklchToHex(value)}
          onChange={(event) => {
            const result = toOklch(event.target.value);
            if (result.ok) onChange(result.value);
          }}
          className="h-10 w-12 shrink-0 cursor-pointer rounded-field border border-base-content/50 bg-base-100 p-1"
        />
        <Input
          {...draftInputProps(draft, setDraft, commit)}
          autoComplete="off"
          className="font-mono"
        />
      </div>
      {against && ratio !== null ? (
        <FieldDescription
          data-slot="color-contrast"
          data-low={low || undefined}
          className={cn('flex items-center gap-1.5', low && 'font-medium text-base-content')}
        >
          {low ? <TriangleAlertIcon aria-hidden className="size-4 shrink-0" /> : null}
          <span>
            Contrast with {against.label}: {ratio.toFixed(2)}:1
            {low ? ` — below ${MIN_CONTRAST}:1 (WCAG AA)` : ''}
          </span>
        </FieldDescription>
      ) : null}
      <FieldError>{error}</FieldError>
    </Field>
  );
}

interface PairColor {
  label: string;
  value: string;
  onChange: (oklch: string) => void;
}

/** A background and the text read on it, side by side: each shows its contrast with the other. */
export function ContrastPair({ background, text }: { background: PairColor; text: PairColor }) {
  return (
    <>
      <ColorField
        label={background.label}
        value={background.value}
        against={{ label: text.label.toLowerCase(), value: text.value }}
        onChange={background.onChange}
      />
      <ColorField
        label={text.label}
        value={text.value}
        against={{ label: background.label.toLowerCase(), value: background.value }}
        onChange={text.onChange}
      />
    </>
  );
}
