/** Catalogue products the latest run's answers named, most named first, with counts per engine. */
import { type ReactNode } from 'react';
import type { AiEngine } from '~/domain/ai/models';
import type { NamedProduct } from '~/domain/monitoring/runs';
import { TableCell, TableHead, TableRow } from '~/ui/components/table';
import { engineName, formatCount } from './format';
import { FiguresTable, ResultsSection } from './results-parts';

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
  const perEngine = engines.length > 1;
  return (
    <ResultsSection
      slot="monitoring-products"
      title={PRODUCTS_TABLE_TEXT.title}
      intro={PRODUCTS_TABLE_TEXT.intro}
    >
      {products.length === 0 ? (
        <p className="text-sm">{PRODUCTS_TABLE_TEXT.none}</p>
      ) : (
        <FiguresTable
          caption={PRODUCTS_TABLE_TEXT.caption}
          columns={[
            { label: PRODUCTS_TABLE_TEXT.product },
            {
              label: perEngine
                ? PRODUCTS_TABLE_TEXT.answers
                : `${PRODUCTS_TABLE_TEXT.answers} (${engineName(engines[0] ?? null)})`,
              numeric: true,
            },
            ...(perEngine
              ? engines.map((engine) => ({ label: engineName(engine), numeric: true }))
              : []),
          ]}
        >
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
        </FiguresTable>
      )}
    </ResultsSection>
  );
}
