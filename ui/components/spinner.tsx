import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';

const spinnerVariants = cva(
  'inline-block animate-spin rounded-full border-2 border-current border-r-transparent',
  {
    variants: { size: { sm: 'size-4', md: 'size-6', lg: 'size-10' } },
    defaultVariants: { size: 'md' },
  },
);

export type SpinnerProps = ComponentProps<'span'> &
  VariantProps<typeof spinnerVariants> & {
    /** Accessible label; null when a parent already announces the busy state. */
    label?: string | null;
  };

export function Spinner({ className, size, label = 'Loading', ...props }: SpinnerProps) {
  return (
    <span
      data-slot="spinner"
      data-size={size ?? 'md'}
      role={label ? 'status' : undefined}
      aria-label={label ?? undefined}
      aria-hidden={label ? undefined : true}
      className={spinnerVariants({ size, className })}
      {...props}
    />
  );
}
