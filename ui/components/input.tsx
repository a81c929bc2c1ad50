import type { ComponentProps } from 'react';
import { cn } from '~/ui/lib/cn';
import { useFieldControl } from './field';

/**
 * Shared by Input, Textarea and SelectTrigger so every text-like control looks the same. The border
 * is base-content/50, not base-300, so the control's edge keeps 3:1 against the page in both themes.
 */
export const fieldControlClasses =
  'w-full min-w-0 rounded-field border border-base-content/50 bg-base-100 px-3 text-sm text-base-content shadow-xs transition-colors placeholder:text-placeholder disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-error aria-invalid:ring-2 aria-invalid:ring-error/20';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  const fieldProps = useFieldControl(props);
  return (
    <input
      data-slot="input"
      type={type}
      className={cn(
        fieldControlClasses,
        'h-10 py-2 file:mr-3 file:border-0 file:bg-transparent file:text-sm file:font-medium read-only:bg-base-200',
        className,
      )}
      {...fieldProps}
    />
  );
}
