/**
 * A list's text filter kept in the URL: sent on Enter, or once typing pauses; follows the URL when it
 * changes elsewhere (cleared, the back button). The products and review queues filter by product ID
 * with it.
 */
import { SearchIcon } from 'lucide-react';
import { type FormEvent, useEffect, useEffectEvent, useState } from 'react';
import { Field, FieldLabel } from '~/ui/components/field';
import { Input } from '~/ui/components/input';
import { cn } from '~/ui/lib/cn';

/** How long typing pauses before the filter is sent. */
export const TEXT_FILTER_DEBOUNCE_MS = 400;

export function TextFilter({
  value,
  onChange,
  label,
  searchLabel,
  placeholder,
  className,
}: {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  /** The field's visible label. */
  label: string;
  /** The search landmark's name. */
  searchLabel: string;
  placeholder: string;
  className?: string;
}) {
  const [text, setText] = useState(value ?? '');
  const [shown, setShown] = useState(value);
  // The URL changed (cleared, back button): show its value instead of what was typed.
  if (shown !== value) {
    setShown(value);
    setText(value ?? '');
  }
  const typed = text.trim() || undefined;
  const send = useEffectEvent((next: string | undefined) => onChange(next));
  useEffect(() => {
    if (typed === value) return;
    const timer = setTimeout(() => send(typed), TEXT_FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, value]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed !== value) onChange(typed);
  };
  return (
    <form role="search" aria-label={searchLabel} onSubmit={submit} className={className}>
      <Field>
        <FieldLabel>{label}</FieldLabel>
        <div className="relative">
          <SearchIcon
            aria-hidden
            className="pointer-events-none absolute top-3 left-3 size-4 text-base-content/60"
          />
          <Input
            type="search"
            value={text}
            placeholder={placeholder}
            onChange={(event) => setText(event.target.value)}
            className={cn('pl-9')}
            autoComplete="off"
            spellCheck={false}
          />
        </div>
      </Field>
    </form>
  );
}
