/**
 * The review screens' single-key shortcuts: a legend that shows them on the page, and the hook that
 * listens for them. Keys typed into a field, pressed with a modifier, or pressed while a dialog or a
 * menu is open are left alone.
 */
import { Fragment, useEffect, useEffectEvent, useId } from 'react';
import { cn } from '~/ui/lib/cn';

export interface Shortcut {
  /** The keys as printed, e.g. ['j', 'k'] for "j / k". */
  keys: readonly string[];
  /** Other keys doing the same, printed after "or". */
  alternative?: readonly string[];
  label: string;
}

export const SHORTCUTS_TEXT = {
  title: 'Keyboard shortcuts',
} as const;

export function Kbd({ className, children }: { className?: string; children: string }) {
  return (
    <kbd
      data-slot="kbd"
      className={cn(
        'inline-flex h-5 min-w-5 items-center justify-center rounded border border-base-content/40 bg-base-200 px-1 font-mono text-xs leading-none text-base-content',
        className,
      )}
    >
      {children}
    </kbd>
  );
}

/** "Keyboard shortcuts: j / k Next / previous row · x Select …", small, beside what it drives. */
export function KeyboardShortcuts({
  shortcuts,
  className,
}: {
  shortcuts: readonly Shortcut[];
  className?: string;
}) {
  const titleId = useId();
  if (shortcuts.length === 0) return null;
  return (
    <section
      data-slot="keyboard-shortcuts"
      aria-labelledby={titleId}
      className={cn('flex flex-wrap items-center gap-x-4 gap-y-1.5 text-xs', className)}
    >
      <h2 id={titleId} className="font-semibold text-base-content/80">
        {SHORTCUTS_TEXT.title}
      </h2>
      <ul className="flex flex-wrap items-center gap-x-4 gap-y-1.5">
        {shortcuts.map((shortcut) => (
          <li key={shortcut.label} className="inline-flex items-center gap-1.5">
            <Keys keys={shortcut.keys} />
            {shortcut.alternative ? (
              <>
                <span className="text-base-content/80">or</span>
                <Keys keys={shortcut.alternative} />
              </>
            ) : null}
            <span className="text-base-content/80">{shortcut.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "j / k": keys that step both ways share one entry. */
function Keys({ keys }: { keys: readonly string[] }) {
  return (
    <span className="inline-flex items-center gap-1">
      {keys.map((key, i) => (
        <Fragment key={key}>
          {i > 0 ? <span className="text-base-content/80">/</span> : null}
          <Kbd>{key}</Kbd>
        </Fragment>
      ))}
    </span>
  );
}

/** Whether a key press belongs to what has focus (typing, a menu, a dialog) rather than to the page. */
export function isOwnedKey(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey) return true;
  const target = event.target instanceof Element ? event.target : null;
  if (target) {
    if (target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]'))
      return true;
    if (target.closest('[role="listbox"], [role="menu"], [role="dialog"], [role="alertdialog"]'))
      return true;
    // Enter on a link or a control activates it, as it always does.
    if (
      event.key === 'Enter' &&
      target.closest(
        'a, button, [role="button"], [role="checkbox"], [role="switch"], [role="combobox"]',
      )
    )
      return true;
  }
  // A modal dialog open elsewhere on the page (focus may sit on its overlay).
  return document.querySelector('[role="dialog"][data-state="open"]') !== null;
}

/**
 * Calls `handlers[event.key]` for a key pressed on the page while `enabled`; a handled key's default
 * action is prevented. Handlers may change every render: the latest ones are called.
 */
export function useShortcuts(
  handlers: Readonly<Record<string, ((event: KeyboardEvent) => void) | undefined>>,
  enabled = true,
): void {
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (isOwnedKey(event)) return;
    const handler = handlers[event.key];
    if (!handler) return;
    event.preventDefault();
    handler(event);
  });
  useEffect(() => {
    if (!enabled) return;
    const listener = (event: KeyboardEvent) => onKey(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, [enabled]);
}
