import { Slot } from '@radix-ui/react-slot';
import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps, MouseEvent } from 'react';
import { cn } from '~/ui/lib/cn';
import { Spinner } from './spinner';

export const buttonVariants = cva(
  'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-field font-medium transition-colors select-none disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        primary: 'bg-primary text-primary-content hover:bg-primary/90',
        secondary: 'bg-base-200 text-base-content hover:bg-base-300',
        outline: 'border border-base-300 bg-base-100 text-base-content hover:bg-base-200',
        ghost: 'text-base-content hover:bg-base-200',
        destructive: 'bg-error text-error-content hover:bg-error/90',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: {
        sm: 'h-8 px-3 text-sm [&_svg]:size-4',
        md: 'h-10 px-4 text-sm [&_svg]:size-4',
        lg: 'h-12 px-6 text-base [&_svg]:size-5',
        icon: 'size-10 [&_svg]:size-5',
      },
    },
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /** Render the child element (e.g. a router Link) with button styling. */
    asChild?: boolean;
    /**
     * Shows a spinner, sets aria-busy and aria-disabled, and swallows activation (no double submits, no
     * form submission). The button stays focusable: a `disabled` one would drop the keyboard user's focus
     * to the page the moment they pressed it.
     */
    loading?: boolean;
  };

export function Button({
  className,
  variant,
  size,
  asChild = false,
  loading = false,
  disabled,
  onClick,
  children,
  ...props
}: ButtonProps) {
  const Comp = asChild ? Slot : 'button';
  const busy = loading && !asChild && !disabled;
  return (
    <Comp
      data-slot="button"
      data-variant={variant ?? 'primary'}
      data-size={size ?? 'md'}
      aria-busy={loading || undefined}
      aria-disabled={busy || undefined}
      disabled={asChild ? undefined : disabled}
      className={cn(buttonVariants({ variant, size }), className)}
      onClick={busy ? swallow : onClick}
      {...props}
    >
      {asChild ? (
        children
      ) : (
        <>
          {loading ? <Spinner size="sm" label={null} /> : null}
          {children}
        </>
      )}
    </Comp>
  );
}

/** A busy button's activation (click, Enter, Space, a form's implicit submission) does nothing. */
function swallow(event: MouseEvent) {
  event.preventDefault();
}
