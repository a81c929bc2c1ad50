import { MailQuestionIcon, PlugZapIcon, ShieldCheckIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { VerificationRequest } from '~/domain/orgs/entities';
import { ORG_MESSAGES } from '~/domain/orgs/messages';
import { Button } from '~/ui/components/button';
import { EmptyState } from '~/ui/components/empty-state';
import { formatDay } from '~/ui/lib/format';

/** Unverified org, regular member (docs/product.md#gates): explain, and offer to book the onboarding demo. */
export function OnboardingNeededBlock({ orgName, action }: { orgName: string; action: ReactNode }) {
  return (
    <EmptyState
      data-gate="onboarding-needed"
      className="m-8 border-solid bg-base-100"
      icon={<ShieldCheckIcon />}
      title={<h1>{ORG_MESSAGES.onboardingNeeded}</h1>}
      description={`${orgName} is not verified yet. Book a short onboarding call and we will verify your org and walk you through linking your B2C Commerce instance.`}
      action={action}
    />
  );
}

/**
 * The Onboarding needed block's second way to a superuser: ask for verification (recorded, listed on
 * /app/sp/orgs), or say when it was asked. `request` undefined: not known yet (nothing shown).
 */
export function AskVerification({
  request,
  asking,
  failed,
  onAsk,
}: {
  request: VerificationRequest | null | undefined;
  asking: boolean;
  failed: boolean;
  onAsk: () => void;
}) {
  if (request === undefined) return null;
  if (request)
    return (
      <p role="status" className="max-w-md basis-full text-sm text-base-content/75">
        {ORG_MESSAGES.verificationRequested(formatDay(request.requestedAt))}
      </p>
    );
  return (
    <>
      <Button variant="outline" loading={asking} onClick={onAsk}>
        <MailQuestionIcon aria-hidden />
        {ORG_MESSAGES.askVerification}
      </Button>
      {failed ? (
        <p role="alert" className="basis-full text-sm text-error">
          {ORG_MESSAGES.askVerificationFailed}
        </p>
      ) : null}
    </>
  );
}

/** Env without an onboarded B2C instance (docs/product.md#gates): say so and link to settings. */
export function IntegrationMissingBlock({
  envName,
  action,
}: {
  envName: string;
  action: ReactNode;
}) {
  return (
    <EmptyState
      data-gate="integration-missing"
      className="m-8 border-solid bg-base-100"
      icon={<PlugZapIcon />}
      title={<h1>{ORG_MESSAGES.integrationMissing}</h1>}
      description={`${envName} is not linked to a Salesforce B2C Commerce instance yet. Link one in the environment settings to use this screen.`}
      action={action}
    />
  );
}
