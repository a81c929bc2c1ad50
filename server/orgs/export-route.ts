/**
 * `GET /api/exports/:exportId`: an org export's archive as an attachment, for a signed-in owner of its
 * org (checked now, not when it was requested) while it has not expired. Refusals are JSON with the
 * message only: 401 signed out, 404 for an export that is not of one of the person's orgs (or none),
 * 403 for a member who is not an owner, 409 while it is being made, 410 once expired, 503 while the
 * database cannot be reached.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Router } from 'express';
import { EXPORT_MESSAGES, exportIdSchema } from '~/domain/orgs/export';
import { APP_MESSAGES } from '~/domain/shared/messages';
import type { Auth } from '~/server/auth/auth';
import { isDatabaseUnavailable } from '~/server/db/errors';
import type { ReadServices } from '~/server/services';
import { DATABASE_RETRY_AFTER_S } from '~/server/trpc/trpc';
import type { ExportDownload } from './export';

export const EXPORTS_PATH = '/api/exports';

export function exportRoutes({
  auth,
  services,
}: {
  auth: Pick<Auth, 'resolveUser'>;
  services: Pick<ReadServices, 'orgExports'>;
}): Router {
  const router = Router();
  router.get('/:exportId', async (req, res) => {
    res.set('cache-control', 'no-store');
    const id = exportIdSchema.safeParse(req.params.exportId);
    let download: ExportDownload;
    try {
      const user = await auth.resolveUser(req);
      if (!user) {
        res.status(401).json({ error: { message: EXPORT_MESSAGES.signIn } });
        return;
      }
      if (!id.success) {
        res.status(404).json({ error: { message: EXPORT_MESSAGES.notFound } });
        return;
      }
      download = await services.orgExports.download(user.id, id.data);
    } catch (error) {
      // The database is away: say so and when to try again, as tRPC does (ADR 0031).
      if (!isDatabaseUnavailable(error)) throw error;
      res
        .status(503)
        .set('retry-after', String(DATABASE_RETRY_AFTER_S))
        .json({ error: { message: APP_MESSAGES.databaseUnavailable } });
      return;
    }
    if (!download.ok) {
      res.status(download.status).json({ error: { message: download.message } });
      return;
    }
    res.status(200).set({
      'content-type': 'application/zip',
      'content-length': String(download.sizeBytes),
      'content-disposition': `attachment; filename="${download.fileName}"`,
    });
    // One part in memory at a time; a client that goes away ends the reads, and that is no error.
    try {
      await pipeline(Readable.from(download.parts()), res);
    } catch (error) {
      if (!req.destroyed && !res.destroyed) throw error;
    }
  });
  return router;
}
