/**
 * A list the user grows and shrinks: one text box a row with its Remove button, and Add. A new row
 * takes focus; removing a row gives focus to the row that takes its place (or Add).
 */
import { PlusIcon, XIcon } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from './button';
import { ChoiceFieldset } from './choice-fieldset';
import { Input } from './input';
import { Textarea } from './textarea';

export const LIST_EDITOR_TEXT = {
  remove: (what: string) => `Remove ${what}`,
} as const;

export function ListEditor({
  name,
  legend,
  description,
  items,
  onChange,
  itemLabel,
  addLabel,
  placeholder,
  max,
  error,
  multiline = false,
}: {
  name: string;
  legend: string;
  description?: ReactNode;
  items: readonly string[];
  onChange(next: string[]): void;
  /** How a row is named to assistive tech, e.g. "Top product 2". */
  itemLabel(index: number): string;
  addLabel: string;
  placeholder?: string;
  max: number;
  error?: string | undefined;
  multiline?: boolean;
}) {
  const list = useRef<HTMLOListElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const [focusRow, setFocusRow] = useState<number | null>(null);
  useEffect(() => {
    if (focusRow === null) return;
    const rows = list.current?.querySelectorAll<HTMLElement>('input, textarea') ?? [];
    (rows[focusRow] ?? addButton.current)?.focus();
    setFocusRow(null);
  }, [focusRow]);

  const change = (index: number, next: string) =>
    onChange(items.map((v, i) => (i === index ? next : v)));
  const rowProps = (index: number, item: string) => ({
    'aria-label': itemLabel(index),
    value: item,
    placeholder,
    // An empty row is what the error is about while the list has one.
    'aria-invalid': error && item.trim() === '' ? true : undefined,
  });

  return (
    <ChoiceFieldset name={name} legend={legend} description={description} error={error}>
      {items.length > 0 ? (
        <ol ref={list} className="flex flex-col gap-2">
          {items.map((item, index) => (
            <li key={index} className="flex items-start gap-2">
              {multiline ? (
                <Textarea
                  {...rowProps(index, item)}
                  rows={2}
                  onChange={(event) => change(index, event.target.value)}
                />
              ) : (
                <Input
                  {...rowProps(index, item)}
                  onChange={(event) => change(index, event.target.value)}
                />
              )}
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={LIST_EDITOR_TEXT.remove(itemLabel(index))}
                onClick={() => {
                  onChange(items.filter((_, i) => i !== index));
                  setFocusRow(Math.min(index, items.length - 2));
                }}
              >
                <XIcon aria-hidden />
              </Button>
            </li>
          ))}
        </ol>
      ) : null}
      <div>
        <Button
          ref={addButton}
          type="button"
          variant="outline"
          size="sm"
          disabled={items.length >= max}
          onClick={() => {
            onChange([...items, '']);
            setFocusRow(items.length);
          }}
        >
          <PlusIcon aria-hidden />
          {addLabel}
        </Button>
      </div>
    </ChoiceFieldset>
  );
}
