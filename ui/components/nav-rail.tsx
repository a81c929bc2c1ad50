import { Slot, Slottable } from '@radix-ui/react-slot';
import { PanelLeftCloseIcon, PanelLeftOpenIcon } from 'lucide-react';
import { type ComponentProps, createContext, type ReactNode, use, useId } from 'react';
import { cn } from '~/ui/lib/cn';
import { Tooltip, TooltipContent, TooltipTrigger } from './tooltip';

type NavRailContextValue = {
  expanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
  railId: string;
};

const NavRailContext = createContext<NavRailContextValue | null>(null);

function useNavRail(part: string): NavRailContextValue {
  const context = use(NavRailContext);
  if (!context) throw new Error(`${part} must be used inside <NavRail>`);
  return context;
}

export type NavRailProps = ComponentProps<'nav'> & {
  /** Controlled: the app owns (and may persist) the rail's state. */
  expanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
};

/** The app's side navigation: 72px of icons collapsed, 240px with labels expanded. */
export function NavRail({
  expanded,
  onExpandedChange,
  className,
  id,
  'aria-label': ariaLabel = 'Main',
  ...props
}: NavRailProps) {
  const generatedId = useId();
  const railId = id ?? generatedId;
  return (
    <NavRailContext value={{ expanded, onExpandedChange, railId }}>
      <nav
        id={railId}
        data-slot="nav-rail"
        data-state={expanded ? 'expanded' : 'collapsed'}
        aria-label={ariaLabel}
        className={cn(
          'flex h-full shrink-0 flex-col gap-4 overflow-x-hidden overflow-y-auto border-r border-base-300 bg-base-200 px-3 py-4 text-base-content',
          expanded ? 'w-rail-expanded' : 'w-rail-collapsed',
          className,
        )}
        {...props}
      />
    </NavRailContext>
  );
}

export function NavRailHeader({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="nav-rail-header"
      className={cn('flex min-h-10 items-center gap-2', className)}
      {...props}
    />
  );
}

export function NavRailFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="nav-rail-footer"
      className={cn('mt-auto flex flex-col gap-1', className)}
      {...props}
    />
  );
}

export type NavRailSectionProps = ComponentProps<'div'> & {
  /** Heading for the group; visually hidden while collapsed, still read out. */
  title?: string;
};

export function NavRailSection({ title, className, children, ...props }: NavRailSectionProps) {
  const { expanded } = useNavRail('NavRailSection');
  const headingId = useId();
  return (
    <div
      data-slot="nav-rail-section"
      role={title ? 'group' : undefined}
      aria-labelledby={title ? headingId : undefined}
      className={cn('flex flex-col gap-1', className)}
      {...props}
    >
      {title ? (
        <span
          id={headingId}
          data-slot="nav-rail-section-title"
          className={cn(
            'px-3 pb-1 text-xs font-medium tracking-wide text-base-content/75 uppercase',
            !expanded && 'sr-only',
          )}
        >
          {title}
        </span>
      ) : null}
      <ul className="flex flex-col gap-1">{children}</ul>
    </div>
  );
}

const itemClass =
  'flex h-10 w-full items-center gap-3 overflow-hidden rounded-field px-3 text-sm font-medium whitespace-nowrap text-base-content transition-colors hover:bg-base-300 aria-[current=page]:bg-primary aria-[current=page]:text-primary-content [&_svg]:size-5 [&_svg]:shrink-0';

export type NavRailItemProps = Omit<ComponentProps<'a'>, 'children'> & {
  icon: ReactNode;
  /** Visible when expanded; the accessible name and a tooltip when collapsed. */
  label: string;
  /** Marks the item as the current page (aria-current="page"). */
  active?: boolean;
  /** Render the child element (e.g. a router Link, without children) as the item. */
  asChild?: boolean;
  children?: ReactNode;
};

export function NavRailItem({
  icon,
  label,
  active = false,
  asChild = false,
  className,
  children,
  ...props
}: NavRailItemProps) {
  const { expanded } = useNavRail('NavRailItem');
  const itemProps = {
    'data-slot': 'nav-rail-item',
    'data-active': active || undefined,
    'aria-current': active ? ('page' as const) : undefined,
    className: cn(itemClass, !expanded && 'justify-center', className),
    ...props,
  };
  const labelNode = (
    <span data-slot="nav-rail-item-label" className={cn('truncate', !expanded && 'sr-only')}>
      {label}
    </span>
  );
  const iconNode = (
    <span data-slot="nav-rail-item-icon" aria-hidden className="contents">
      {icon}
    </span>
  );
  const item = asChild ? (
    <Slot {...itemProps}>
      {iconNode}
      <Slottable>{children}</Slottable>
      {labelNode}
    </Slot>
  ) : (
    <a {...itemProps}>
      {iconNode}
      {labelNode}
    </a>
  );
  return (
    <li data-slot="nav-rail-list-item">
      {expanded ? (
        item
      ) : (
        // Only while collapsed: expanded, the visible label already says it.
        <Tooltip>
          <TooltipTrigger asChild>{item}</TooltipTrigger>
          <TooltipContent side="right">{label}</TooltipContent>
        </Tooltip>
      )}
    </li>
  );
}

export function NavRailToggle({ className, onClick, ...props }: ComponentProps<'button'>) {
  const { expanded, onExpandedChange, railId } = useNavRail('NavRailToggle');
  const Icon = expanded ? PanelLeftCloseIcon : PanelLeftOpenIcon;
  return (
    <button
      type="button"
      data-slot="nav-rail-toggle"
      aria-expanded={expanded}
      aria-controls={railId}
      aria-label={expanded ? 'Collapse navigation' : 'Expand navigation'}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) onExpandedChange(!expanded);
      }}
      className={cn(
        'inline-flex size-10 shrink-0 items-center justify-center rounded-field text-base-content transition-colors hover:bg-base-300 [&_svg]:size-5',
        className,
      )}
      {...props}
    >
      <Icon aria-hidden />
    </button>
  );
}
