/** Inputs of the landing page procedures. */
import { z } from 'zod/mini';
import { idSchema } from '~/domain/shared/ids';
import { designerThemeSchema } from '~/domain/theme-designer/theme-designer';
import { landingPageFields } from './entities';

const envScoped = { orgId: idSchema, envId: idSchema };

export const landingPagesListInput = z.object({
  ...envScoped,
  page: z._default(z.int().check(z.minimum(1), z.maximum(100_000)), 1),
});
export const landingPageInput = z.object({ ...envScoped, pageId: idSchema });
export const createLandingPageInput = z.object({ ...envScoped, ...landingPageFields.shape });
export const updateLandingPageInput = z.object({
  ...envScoped,
  pageId: idSchema,
  ...landingPageFields.shape,
});
export type LandingPageUpdate = z.output<typeof updateLandingPageInput>;

/** A content library id as Business Manager takes one (letters, digits, `_`, `-`, `.`). */
export const CONTENT_LIBRARY_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,255}$/;
export const contentLibraryInput = z.object({ ...envScoped });
/** null: the site's own (private) library. */
export const setContentLibraryInput = z.object({
  ...envScoped,
  libraryId: z.nullable(
    z
      .string()
      .check(
        z.trim(),
        z.regex(
          CONTENT_LIBRARY_ID_PATTERN,
          'A library id is letters, digits, _, - and ., as Business Manager shows it.',
        ),
      ),
  ),
});

export const THEME_NAME_MAX = 80;
export const themesListInput = z.object({ orgId: idSchema });
/** A theme saved from the designer (its colours and fonts), by name per org: saving a name again replaces it. */
export const saveThemeInput = z.object({
  orgId: idSchema,
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(THEME_NAME_MAX)),
  theme: designerThemeSchema,
});
