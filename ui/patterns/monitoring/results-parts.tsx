/**
 * What the monitoring results' parts are made of: a titled section with its intro, and a table of
 * figures with its caption for screen readers and its column heads (figures right-aligned).
 */
import { type ReactNode, useId } from 'react';
import {
  Table,
  TableBody,
  TableCaption,
  TableHead,
  TableHeader,
  TableRow,
} from '~/ui/components/table';
import { cn } from '~/ui/lib/cn';

/** A part of the results: a section named by its h2 title, the intro under it, then its content. */
export function ResultsSection({
  slot,
  title,
  intro,
  className,
  introClassName,
  children,
}: {
  slot: string;
  title: ReactNode;
  intro: ReactNode;
  className?: string;
  introClassName?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      data-slot={slot}
      className={cn('flex flex-col gap-3', className)}
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      <p className={cn('text-sm text-base-content/75', introClassName)}>{intro}</p>
      {children}
    </section>
  );
}

export interface FiguresColumn {
  label: ReactNode;
  /** A column of numbers: its head is right-aligned, as its cells are. */
  numeric?: boolean;
}

/**
 * A table of figures: the caption screen readers announce, the column heads, then `children` rows.
 * The caption also names the table, so a table wider than the screen scrolls in a region of that name.
 */
export function FiguresTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: readonly FiguresColumn[];
  children: ReactNode;
}) {
  return (
    <Table aria-label={caption}>
      <TableCaption className="sr-only">{caption}</TableCaption>
      <TableHeader>
        <TableRow>
          {columns.map((column, i) => (
            <TableHead key={i} scope="col" className={column.numeric ? 'text-right' : undefined}>
              {column.label}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>{children}</TableBody>
    </Table>
  );
}
