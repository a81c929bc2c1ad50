/**
 * Label/value pairs (a settings card, a product's or a review's details), as a description list so
 * each value is read with its label.
 */
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '~/ui/lib/cn';

export function DetailList({ className, ...props }: ComponentProps<'dl'>) {
  return (
    <dl
      data-slot="detail-list"
      className={cn('grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[12rem_minmax(0,1fr)]', className)}
      {...props}
    />
  );
}

export function DetailItem({
  label,
  mono = false,
  children,
}: {
  label: ReactNode;
  /** Identifiers (slugs, ids, hosts) read better in the monospace font. */
  mono?: boolean;
  children: ReactNode;
}) {
  return (
    <div data-slot="detail-item" className="contents">
      <dt className="text-base-content/75">{label}</dt>
      <dd className={cn('min-w-0 break-words', mono && 'font-mono')}>{children}</dd>
    </div>
  );
}
