/** One localized field across the product's locales: the chosen one highlighted, gaps marked Missing. */
import { type LocalizedText } from '~/domain/products/entities';
import { Badge } from '~/ui/components/badge';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '~/ui/components/table';
import { cn } from '~/ui/lib/cn';
import { localeLabel, markupToText } from './format';

export const FIELD_TEXT = {
  locale: 'Locale',
  value: 'Value',
  missing: 'Missing',
  chosen: 'Shown language',
} as const;

export function LocalizedFieldTable({
  label,
  values,
  locales,
  language,
  markup = false,
}: {
  label: string;
  values: LocalizedText;
  /** Every locale to list, `default` first. */
  locales: readonly string[];
  /** The chosen language: its row is highlighted. */
  language: string;
  /** OCAPI stores the field as markup: shown as its text, never as HTML. */
  markup?: boolean;
}) {
  return (
    <section data-slot="localized-field" className="flex flex-col gap-2">
      <h2 className="text-sm font-semibold">{label}</h2>
      <Table aria-label={label} className="table-fixed">
        <TableHeader>
          <TableRow>
            <TableHead className="w-40">{FIELD_TEXT.locale}</TableHead>
            <TableHead>{FIELD_TEXT.value}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {locales.map((locale) => {
            const value = values[locale];
            const chosen = locale === language;
            return (
              <TableRow
                key={locale}
                data-locale={locale}
                data-chosen={chosen || undefined}
                aria-current={chosen ? 'true' : undefined}
                className={cn(chosen && 'bg-primary/10 hover:bg-primary/10')}
              >
                <TableCell className={cn('align-top', chosen && 'font-semibold')}>
                  {localeLabel(locale)}
                  {chosen ? <span className="sr-only"> ({FIELD_TEXT.chosen})</span> : null}
                </TableCell>
                <TableCell className="whitespace-normal break-words">
                  {value == null || value === '' ? (
                    <Badge variant="warning" data-slot="missing-translation">
                      {FIELD_TEXT.missing}
                    </Badge>
                  ) : markup ? (
                    markupToText(value)
                  ) : (
                    value
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </section>
  );
}
