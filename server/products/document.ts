/**
 * What the catalogue copy reads out of a raw OCAPI product document beyond its stored columns:
 * variations (attributes, variants, variation groups, a variant's own values) and category
 * assignments. Parsed leniently: a document without them, or with a shape OCAPI may add to, still reads.
 */
import { z } from 'zod';
import type { ProductVariation, VariationAttribute } from '~/domain/products/entities';

const localized = z.record(z.string(), z.string()).catch({});
const variationValues = z.record(z.string(), z.string()).catch({});

const variationAttributes = z
  .array(
    z.looseObject({
      id: z.string(),
      name: localized.optional(),
      values: z
        .array(z.looseObject({ value: z.string(), name: localized.optional() }))
        .catch([])
        .optional(),
    }),
  )
  .catch([]);

const variationLinks = z
  .array(z.looseObject({ product_id: z.string(), variation_values: variationValues.optional() }))
  .catch([]);

const assignments = z
  .array(z.looseObject({ catalog_id: z.string(), category_id: z.string() }))
  .catch([]);

const documentShape = z.looseObject({
  owning_catalog_id: z.string().optional().catch(undefined),
  primary_category_id: z.string().optional().catch(undefined),
  // `catalog_category_id` (ADR 0042).
  classification_category: z
    .looseObject({ catalog_id: z.string(), category_id: z.string() })
    .optional()
    .catch(undefined),
  assigned_categories: assignments.optional(),
  variation_attributes: variationAttributes.optional(),
  variants: variationLinks.optional(),
  variation_groups: variationLinks.optional(),
  variation_values: variationValues.optional(),
});

function shapeOf(document: unknown) {
  const parsed = documentShape.safeParse(document);
  return parsed.success ? parsed.data : {};
}

export interface DocumentVariations {
  attributes: VariationAttribute[];
  /** This product's own values (a variant's color and size, a group's color). */
  values: Record<string, string>;
  variants: Omit<ProductVariation, 'name' | 'online'>[];
  variationGroups: Omit<ProductVariation, 'name' | 'online'>[];
}

export function variationsOf(document: unknown): DocumentVariations {
  const doc = shapeOf(document);
  const links = (list: z.infer<typeof variationLinks> | undefined) =>
    (list ?? []).map((v) => ({
      b2cProductId: v.product_id,
      variationValues: v.variation_values ?? {},
    }));
  return {
    attributes: (doc.variation_attributes ?? []).map((a) => ({
      id: a.id,
      name: a.name ?? {},
      values: (a.values ?? []).map((v) => ({ value: v.value, name: v.name ?? {} })),
    })),
    values: doc.variation_values ?? {},
    variants: links(doc.variants),
    variationGroups: links(doc.variation_groups),
  };
}

export interface CategoryAssignment {
  catalogId: string;
  categoryId: string;
}

/**
 * Where the product sits: its owning catalog and the categories it is assigned to (assigned, primary,
 * classification). Category ids are per catalog in B2C, so each comes with its catalog.
 */
export function placementOf(document: unknown): {
  owningCatalogId: string | null;
  assignments: CategoryAssignment[];
  primaryCategoryId: string | null;
  classification: CategoryAssignment | null;
} {
  const doc = shapeOf(document);
  return {
    owningCatalogId: doc.owning_catalog_id ?? null,
    assignments: (doc.assigned_categories ?? []).map((a) => ({
      catalogId: a.catalog_id,
      categoryId: a.category_id,
    })),
    primaryCategoryId: doc.primary_category_id ?? null,
    classification: doc.classification_category
      ? {
          catalogId: doc.classification_category.catalog_id,
          categoryId: doc.classification_category.category_id,
        }
      : null,
  };
}
