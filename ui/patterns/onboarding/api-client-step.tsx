/** Creating (or finding) the org's API client in Account Manager. */
import { ArrowRightIcon, ClipboardPasteIcon, KeyRoundIcon } from 'lucide-react';
import { API_CLIENT_NAME } from '~/domain/instances/constants';
import { INSTANCE_MESSAGES } from '~/domain/instances/messages';
import { Button } from '~/ui/components/button';
import { Callout } from '~/ui/components/callout';

export function ApiClientStep({
  clientId,
  creating,
  error,
  onCreate,
  onContinue,
  onPasteInstead,
}: {
  /** The existing client's id, or null before it is created. */
  clientId: string | null;
  creating: boolean;
  error: string | null;
  onCreate: () => void;
  onContinue: () => void;
  /** Offered beside Create: a client someone already created in Account Manager. */
  onPasteInstead?: () => void;
}) {
  return (
    <div className="flex flex-col gap-4">
      {clientId ? (
        <Callout
          variant="success"
          title="API client ready"
          description={
            <>
              Client <span className="font-mono">{clientId}</span> ({API_CLIENT_NAME}) is set up in
              Account Manager.
            </>
          }
        />
      ) : (
        <p className="text-sm">
          Beacon creates an API client named <strong>{API_CLIENT_NAME}</strong> in Account Manager
          and keeps its secret encrypted. The next steps grant this client access to the instance.
        </p>
      )}
      {error ? <Callout variant="error" title={error} /> : null}
      <div className="flex flex-wrap gap-2">
        {clientId ? (
          <Button type="button" onClick={onContinue}>
            Continue
            <ArrowRightIcon aria-hidden />
          </Button>
        ) : (
          <>
            <Button type="button" loading={creating} onClick={onCreate}>
              <KeyRoundIcon aria-hidden />
              Create API client
            </Button>
            {onPasteInstead ? (
              <Button type="button" variant="ghost" disabled={creating} onClick={onPasteInstead}>
                <ClipboardPasteIcon aria-hidden />
                {INSTANCE_MESSAGES.apiClientPasteInstead}
              </Button>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}
