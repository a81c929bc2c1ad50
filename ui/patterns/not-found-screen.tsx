import type { ReactNode } from 'react';
import { APP_MESSAGES } from '~/domain/shared/messages';

/** The default not-found screen (docs/product.md#shell-and-sign-in). `action` is where the app passes a link home. */
export function NotFoundScreen({ action }: { action?: ReactNode }) {
  return (
    <main data-slot="not-found-screen" className="mx-auto flex max-w-xl flex-col gap-4 p-8">
      <h1 className="font-display text-2xl font-semibold">{APP_MESSAGES.notFound}</h1>
      <p className="text-base-content/80">This page does not exist, or it has moved.</p>
      {action}
    </main>
  );
}
