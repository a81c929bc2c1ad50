/**
 * A designer text field's draft of a value it commits on blur or Enter (a colour, the logo URL, the
 * header's height): what is typed stays a draft until committed, a new value from outside (a picker,
 * a preset, a paste) replaces it, and `error` says why the last commit was refused.
 */
import { type KeyboardEvent, useState } from 'react';

export function useDraft(value: string) {
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  const [error, setError] = useState<string | null>(null);
  if (value !== shown) {
    setShown(value);
    setDraft(value);
    setError(null);
  }
  return { draft, setDraft, error, setError };
}

/** The draft's input: typing changes the draft; leaving the field or pressing Enter commits it. */
export function draftInputProps(
  draft: string,
  setDraft: (draft: string) => void,
  commit: () => void,
) {
  return {
    value: draft,
    spellCheck: false,
    onChange: (event: { target: { value: string } }) => setDraft(event.target.value),
    onBlur: commit,
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        commit();
      }
    },
  };
}
