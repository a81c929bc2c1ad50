import { cva, type VariantProps } from 'class-variance-authority';
import { CircleAlertIcon, CircleCheckIcon, InfoIcon, TriangleAlertIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '~/ui/lib/cn';

// Text stays base-content on a light tint (readable in both themes); the colour is carried by
// the border and a solid icon chip using the token's -content pair, because warning/accent
// are too light to be text on base-100 in the beacon theme.
export const calloutVariants = cva(
  'grid grid-cols-[auto_1fr] items-start gap-x-3 gap-y-1 rounded-box border p-4 text-sm text-base-content',
  {
    variants: {
      variant: {
        info: 'border-info/50 bg-info/10',
        success: 'border-success/50 bg-success/10',
        warning: 'border-warning/70 bg-warning/10',
        error: 'border-error/50 bg-error/10',
      },
    },
    defaultVariants: { variant: 'info' },
  },
);

const iconChip = {
  info: 'bg-info text-info-content',
  success: 'bg-success text-success-content',
  warning: 'bg-warning text-warning-content',
  error: 'bg-error text-error-content',
} as const;

const defaultIcons = {
  info: <InfoIcon />,
  success: <CircleCheckIcon />,
  warning: <TriangleAlertIcon />,
  error: <CircleAlertIcon />,
} as const;

export type CalloutProps = Omit<ComponentProps<'div'>, 'title' | 'children'> &
  VariantProps<typeof calloutVariants> & {
    title: ReactNode;
    description?: ReactNode;
    /** E.g. a Retry or Upgrade Button, shown under the text. */
    action?: ReactNode;
    /** Replaces the variant's icon; null for none. */
    icon?: ReactNode;
  };

/**
 * An inline message or page banner. Errors are announced at once (role="alert"); the other
 * variants politely (role="status"). Render it when the message appears, so it is announced.
 */
export function Callout({
  className,
  variant,
  title,
  description,
  action,
  icon,
  ...props
}: CalloutProps) {
  const v = variant ?? 'info';
  const shownIcon = icon === undefined ? defaultIcons[v] : icon;
  return (
    <div
      data-slot="callout"
      data-variant={v}
      role={v === 'error' ? 'alert' : 'status'}
      className={cn(calloutVariants({ variant }), className)}
      {...props}
    >
      {shownIcon ? (
        <span
          data-slot="callout-icon"
          aria-hidden
          className={cn(
            'row-span-3 flex size-6 items-center justify-center rounded-full [&_svg]:size-4',
            iconChip[v],
          )}
        >
          {shownIcon}
        </span>
      ) : null}
      <div data-slot="callout-title" className="col-start-2 leading-6 font-semibold">
        {title}
      </div>
      {description ? (
        <div data-slot="callout-description" className="col-start-2 text-base-content/80">
          {description}
        </div>
      ) : null}
      {action ? (
        <div data-slot="callout-action" className="col-start-2 mt-2 flex flex-wrap gap-2">
          {action}
        </div>
      ) : null}
    </div>
  );
}
