import { Slot } from '@radix-ui/react-slot';
import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '~/ui/lib/cn';

// Solid fills use each token's -content pair, the combination the themes guarantee for contrast.
export const badgeVariants = cva(
  'inline-flex w-fit shrink-0 items-center justify-center gap-1 overflow-hidden whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-medium transition-colors [&_svg]:pointer-events-none [&_svg]:size-3 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        neutral: 'border-transparent bg-neutral text-neutral-content',
        primary: 'border-transparent bg-primary text-primary-content',
        success: 'border-transparent bg-success text-success-content',
        warning: 'border-transparent bg-warning text-warning-content',
        error: 'border-transparent bg-error text-error-content',
        info: 'border-transparent bg-info text-info-content',
        outline: 'border-base-300 bg-transparent text-base-content',
      },
    },
    defaultVariants: { variant: 'neutral' },
  },
);

export type BadgeProps = ComponentProps<'span'> &
  VariantProps<typeof badgeVariants> & {
    /** Render the child element (e.g. a router Link) with badge styling. */
    asChild?: boolean;
  };

export function Badge({ className, variant, asChild = false, ...props }: BadgeProps) {
  const Comp = asChild ? Slot : 'span';
  return (
    <Comp
      data-slot="badge"
      data-variant={variant ?? 'neutral'}
      className={cn(badgeVariants({ variant }), className)}
      {...props}
    />
  );
}
