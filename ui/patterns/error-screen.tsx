import { useId, useState } from 'react';
import { APP_MESSAGES } from '~/domain/shared/messages';
import { Button } from '~/ui/components/button';

export interface ErrorScreenProps {
  error: unknown;
  /** Start with the details open (for review in Storybook). */
  defaultExpanded?: boolean;
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return typeof error === 'string' ? error : JSON.stringify(error);
}

/** The default error screen (docs/product.md#shell-and-sign-in): details hidden behind Show Error / Hide Error. */
export function ErrorScreen({ error, defaultExpanded = false }: ErrorScreenProps) {
  const [expanded, setExpanded] = useState(defaultExpanded);
  const detailsId = useId();
  return (
    <div data-slot="error-screen" role="alert" className="mx-auto flex max-w-xl flex-col gap-4 p-8">
      <h1 className="font-display text-2xl font-semibold">{APP_MESSAGES.somethingWentWrong}</h1>
      <div>
        <Button
          variant="outline"
          size="sm"
          aria-expanded={expanded}
          aria-controls={detailsId}
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? APP_MESSAGES.hideError : APP_MESSAGES.showError}
        </Button>
      </div>
      <pre
        id={detailsId}
        hidden={!expanded}
        className="overflow-auto rounded-field border border-error/40 bg-base-200 p-3 text-sm whitespace-pre-wrap text-error"
      >
        {describe(error)}
      </pre>
    </div>
  );
}
