import type { ReactNode } from 'react';

/** A screen's title row: heading, one line of context, actions on the right. */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header
      data-slot="page-header"
      className="flex flex-wrap items-start justify-between gap-4 border-b border-base-300 px-8 py-6"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <h1 className="font-display text-2xl font-semibold">{title}</h1>
        {description ? <p className="text-sm text-base-content/75">{description}</p> : null}
      </div>
      {actions ? <div className="flex items-center gap-2">{actions}</div> : null}
    </header>
  );
}
