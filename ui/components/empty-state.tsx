import type { ComponentProps, ReactNode } from 'react';
import { cn } from '~/ui/lib/cn';

export type EmptyStateProps = Omit<ComponentProps<'div'>, 'title' | 'children'> & {
  /** A lucide icon or illustration; decorative, hidden from assistive tech. */
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** The next step, usually a Button (or a Button asChild around a link). */
  action?: ReactNode;
};

export function EmptyState({
  className,
  icon,
  title,
  description,
  action,
  ...props
}: EmptyStateProps) {
  return (
    <div
      data-slot="empty-state"
      className={cn(
        'flex flex-col items-center justify-center gap-4 rounded-box border border-dashed border-base-300 p-8 text-center text-base-content',
        className,
      )}
      {...props}
    >
      {icon ? (
        <div
          data-slot="empty-state-icon"
          aria-hidden
          className="flex size-12 items-center justify-center rounded-full bg-base-200 text-base-content/70 [&_svg]:size-6"
        >
          {icon}
        </div>
      ) : null}
      <div className="flex max-w-sm flex-col gap-1.5">
        <div data-slot="empty-state-title" className="font-display text-lg font-semibold">
          {title}
        </div>
        {description ? (
          <div data-slot="empty-state-description" className="text-sm text-base-content/70">
            {description}
          </div>
        ) : null}
      </div>
      {action ? (
        <div data-slot="empty-state-action" className="flex flex-wrap justify-center gap-2">
          {action}
        </div>
      ) : null}
    </div>
  );
}
