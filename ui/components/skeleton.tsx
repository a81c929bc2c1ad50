import type { ComponentProps } from 'react';
import { cn } from '~/ui/lib/cn';

export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden
      className={cn('animate-pulse rounded-field bg-base-300/70', className)}
      {...props}
    />
  );
}
