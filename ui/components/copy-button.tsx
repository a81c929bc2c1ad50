import { CheckIcon, CopyIcon, XIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { COPY_CONFIRMATION_MS } from '~/domain/shared/constants';
import { cn } from '~/ui/lib/cn';
import { Button, type ButtonProps } from './button';

type CopyState = 'idle' | 'copied' | 'failed';

const MESSAGES = { copied: 'Copied', failed: 'Copy failed' } as const;

export type CopyButtonProps = Omit<ButtonProps, 'value' | 'children' | 'asChild' | 'loading'> & {
  /** The text written to the clipboard. */
  value: string;
  /** The button's text while idle. */
  label?: string;
};

/**
 * Copies `value` to the clipboard; the button then reads "Copied" (or "Copy failed") for
 * COPY_CONFIRMATION_MS, and a polite live region announces the same.
 */
export function CopyButton({
  value,
  label = 'Copy',
  variant = 'outline',
  size = 'sm',
  className,
  onClick,
  ...props
}: CopyButtonProps) {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(timer.current);
    };
  }, []);

  function show(next: Exclude<CopyState, 'idle'>) {
    if (!mounted.current) return;
    clearTimeout(timer.current);
    setState(next);
    timer.current = setTimeout(() => setState('idle'), COPY_CONFIRMATION_MS);
  }

  async function copy() {
    try {
      // navigator.clipboard is missing outside secure contexts: that is a failure too.
      await navigator.clipboard.writeText(value);
      show('copied');
    } catch {
      show('failed');
    }
  }

  const Icon = state === 'copied' ? CheckIcon : state === 'failed' ? XIcon : CopyIcon;
  return (
    <>
      <Button
        type="button"
        data-slot="copy-button"
        data-state={state}
        variant={variant}
        size={size}
        className={cn(state === 'failed' && 'text-error', className)}
        onClick={(event) => {
          onClick?.(event);
          if (!event.defaultPrevented) void copy();
        }}
        {...props}
      >
        <Icon aria-hidden />
        {state === 'idle' ? label : MESSAGES[state]}
      </Button>
      <span data-slot="copy-button-status" role="status" aria-live="polite" className="sr-only">
        {state === 'idle' ? '' : MESSAGES[state]}
      </span>
    </>
  );
}
