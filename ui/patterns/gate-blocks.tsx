import { PlugZapIcon, ShieldCheckIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { ORG_MESSAGES } from '~/domain/orgs/messages';
import { EmptyState } from '~/ui/components/empty-state';

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
