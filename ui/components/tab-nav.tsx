import { Slot } from '@radix-ui/react-slot';
import type { ComponentProps } from 'react';
import { cn } from '~/ui/lib/cn';

/**
 * Tabs that are links: each view has its own URL (a search parameter or a path), so the browser's back
 * button, reloads and shared links keep the view. Pass the router's link with `asChild`.
 */
export function TabNav({ className, ...props }: ComponentProps<'nav'>) {
  return (
    <nav data-slot="tab-nav" className={cn('border-b border-base-300', className)} {...props} />
  );
}

export function TabNavList({ className, ...props }: ComponentProps<'ul'>) {
  return (
    <ul
      data-slot="tab-nav-list"
      className={cn('-mb-px flex gap-1 overflow-x-auto', className)}
      {...props}
    />
  );
}

export function TabNavLink({
  className,
  active,
  asChild,
  ...props
}: ComponentProps<'a'> & { active: boolean; asChild?: boolean }) {
  const Comp = asChild ? Slot : 'a';
  return (
    <li className="flex">
      <Comp
        data-slot="tab-nav-link"
        data-active={active || undefined}
        aria-current={active ? 'page' : undefined}
        className={cn(
          "inline-flex h-10 items-center gap-1.5 border-b-2 border-transparent px-3 text-sm font-medium whitespace-nowrap text-base-content/75 transition-colors outline-none hover:text-base-content focus-visible:ring-2 focus-visible:ring-primary data-[active]:border-primary data-[active]:text-base-content [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
          className,
        )}
        {...props}
      />
    </li>
  );
}
