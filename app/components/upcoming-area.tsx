/** An area whose behaviour is not built yet (docs/product.md marks it planned): a real route with an honest empty state. */
import type { ReactNode } from 'react';
import { EmptyState } from '~/ui/components/empty-state';
import { PageHeader } from '~/ui/patterns/page-header';

export function UpcomingArea({
  title,
  description,
  icon,
  emptyTitle,
  emptyDescription,
  children,
}: {
  title: string;
  description: string;
  icon: ReactNode;
  emptyTitle: string;
  emptyDescription: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col">
      <PageHeader title={title} description={description} />
      <div className="flex flex-col gap-6 p-8">
        {children}
        <EmptyState icon={icon} title={emptyTitle} description={emptyDescription} />
      </div>
    </div>
  );
}
