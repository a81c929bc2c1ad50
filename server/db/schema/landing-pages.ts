/** Landing pages and their themes. */
import type { LandingPageSection } from '~/domain/landing-pages/entities';
import { LANDING_PAGE_STATUSES } from '~/domain/landing-pages/entities';
import type { DesignerTheme } from '~/domain/theme-designer/theme-designer';
import { boolean, index, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, id, timestampTz, updatedAt } from './columns';
import { users } from './auth';
import { orgs, envs } from './orgs';

/** Themes saved from the designer, by name per org (the designer's colours and fonts, validated before they are stored). */
export const landingPageThemes = pgTable(
  'landing_page_themes',
  {
    id: id(),
    orgId: belongsTo('org_id', () => orgs.id),
    name: text('name').notNull(),
    theme: jsonb('theme').$type<DesignerTheme>().notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('landing_page_themes_org_name_uq').on(t.orgId, t.name)],
);

/** A landing page (domain/landing-pages validates its sections before they are stored). */
export const landingPages = pgTable(
  'landing_pages',
  {
    id: id(),
    orgId: belongsTo('org_id', () => orgs.id),
    envId: belongsTo('env_id', () => envs.id),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    locale: text('locale').notNull(),
    themeId: text('theme_id').references(() => landingPageThemes.id, { onDelete: 'set null' }),
    sections: jsonb('sections').$type<LandingPageSection[]>().notNull(),
    status: text('status', { enum: LANDING_PAGE_STATUSES }).notNull().default('draft'),
    /** A published page edited since its last publish. */
    hasUnpublishedChanges: boolean('has_unpublished_changes').notNull().default(false),
    publishedAt: timestampTz('published_at'),
    publishedAssetId: text('published_asset_id'),
    publishedLibraryId: text('published_library_id'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('landing_pages_env_slug_uq').on(t.envId, t.slug),
    index('landing_pages_env_updated_idx').on(t.envId, t.updatedAt),
  ],
);
