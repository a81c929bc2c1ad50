/** A Business Manager setting to paste and verify: link to the page, the snippet to copy, Verify. */
import { ArrowRightIcon, ExternalLinkIcon, HourglassIcon, ShieldCheckIcon } from 'lucide-react';
import { Button } from '~/ui/components/button';
import { Callout } from '~/ui/components/callout';
import { CodeSnippet } from '~/ui/components/code-snippet';

export function ConfigureStep({
  settingsName,
  settingsUrl,
  location,
  snippet,
  verified,
  verifying,
  error,
  waiting = null,
  onVerify,
  onContinue,
}: {
  /** E.g. "OCAPI Data settings". */
  settingsName: string;
  /** The instance's own Business Manager page for this setting. */
  settingsUrl: string;
  /** Where the page is in Business Manager's menus. */
  location: string;
  snippet: string;
  verified: boolean;
  verifying: boolean;
  error: string | null;
  /**
   * Verification waits for a new API client to become active and tries again by itself: why, and the
   * time left. Verify stays busy meanwhile.
   */
  waiting?: { message: string; timeLeft: string } | null;
  onVerify: () => void;
  onContinue: () => void;
}) {
  return (
    <div className="flex flex-col gap-4">
      <ol className="flex list-decimal flex-col gap-2 pl-5 text-sm">
        <li>
          Open{' '}
          <a
            href={settingsUrl}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 font-medium text-primary underline underline-offset-4"
          >
            {settingsName} in Business Manager
            <ExternalLinkIcon aria-hidden className="size-3.5" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>{' '}
          <span className="text-base-content/75">({location})</span>.
        </li>
        <li>Paste the snippet below and save.</li>
        <li>Verify, so Beacon checks the instance grants access.</li>
      </ol>
      <CodeSnippet
        code={snippet}
        language="json"
        title={`${settingsName} snippet`}
        copyLabel="Copy snippet"
      />
      {error ? <Callout variant="error" title={error} /> : null}
      {waiting ? (
        <Callout
          variant="info"
          icon={<HourglassIcon />}
          title={waiting.message}
          // Announced when the wait starts; the ticking countdown is read, not announced each second.
          description={<span aria-live="off">{waiting.timeLeft}</span>}
        />
      ) : null}
      {verified && !error && !waiting ? (
        <Callout variant="success" title={`${settingsName} verified`} />
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant={verified ? 'outline' : 'primary'}
          loading={verifying || waiting !== null}
          onClick={onVerify}
        >
          <ShieldCheckIcon aria-hidden />
          {verifying || waiting ? 'Verifying…' : 'Verify'}
        </Button>
        {verified ? (
          <Button type="button" onClick={onContinue}>
            Continue
            <ArrowRightIcon aria-hidden />
          </Button>
        ) : null}
      </div>
    </div>
  );
}
