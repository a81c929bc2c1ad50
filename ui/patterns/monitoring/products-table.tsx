/** Catalogue products the latest run's answers named, most named first, with counts per engine. */
import { type ReactNode, useId } from 'react';
import type { AiEngine } from '~/domain/ai/models';
import type { NamedProduct } from '~/domain/monitoring/runs';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '~/ui/components/table';
import { engineName, formatCount } from './format';

export const PRODUCTS_TABLE_TEXT = {
  title: 'Products named in answers',
  intro: 'Catalogue products the latest run’s answers named, by how many answers named each.',
  caption: 'Answers naming each product, in all and per engine',
  product: 'Product',
  answers: 'Answers',
  none: 'No answer in the latest run named a product of the catalogue.',
} as const;

export function ProductsTable({
  products,
  engines,
  renderProductLink,
}: {
  products: readonly NamedProduct[];
  /** The engines to count by, in the order to show them; one engine shows only its column. */
  engines: readonly AiEngine[];
  /** Wraps a product's name in a link to its page. */
  renderProductLink(b2cProductId: string, children: ReactNode): ReactNode;
}) {
  const titleId = useId();
  const perEngine = engines.length > 1;
  return (
    <section
      aria-labelledby={titleId}
      data-slot="monitoring-products"
      className="flex flex-col gap-3"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {PRODUCTS_TABLE_TEXT.title}
      </h2>
      <p className="text-sm text-base-content/75">{PRODUCTS_TABLE_TEXT.intro}</p>
      {products.length === 0 ? (
        <p className="text-sm">{PRODUCTS_TABLE_TEXT.none}</p>
      ) : (
        <Table>
          <TableCaption className="sr-only">{PRODUCTS_TABLE_TEXT.caption}</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">{PRODUCTS_TABLE_TEXT.product}</TableHead>
              <TableHead scope="col" className="text-right">
                {perEngine
                  ? PRODUCTS_TABLE_TEXT.answers
                  : `${PRODUCTS_TABLE_TEXT.answers} (${engineName(engines[0] ?? null)})`}
              </TableHead>
              {perEngine
                ? engines.map((engine) => (
                    <TableHead key={engine} scope="col" className="text-right">
                      {engineName(engine)}
                    </TableHead>
                  ))
                : null}
            </TableRow>
          </TableHeader>
          <TableBody>
            {products.map((product) => (
              <TableRow key={product.b2cProductId} data-product={product.b2cProductId}>
                <TableHead scope="row" className="font-normal whitespace-normal">
                  <span className="flex flex-col">
                    {renderProductLink(product.b2cProductId, product.name ?? product.b2cProductId)}
                    <span className="font-mono text-xs text-base-content/75">
                      {product.b2cProductId}
                    </span>
                  </span>
                </TableHead>
                <TableCell className="text-right tabular-nums">
                  {formatCount(product.answers)}
                </TableCell>
                {perEngine
                  ? engines.map((engine) => (
                      <TableCell key={engine} className="text-right tabular-nums">
                        {formatCount(product.engines[engine] ?? 0)}
                      </TableCell>
                    ))
                  : null}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
