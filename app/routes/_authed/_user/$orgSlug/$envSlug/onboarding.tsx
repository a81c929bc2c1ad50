import { createFileRoute } from '@tanstack/react-router';
import { onboardingSearch } from '../../../../../../domain/search-params';
import { OPT_OUT } from '../../../../../../domain/gating';
import { PlugZapIcon } from 'lucide-react';
import { UpcomingArea } from '../../../../../../app/components/upcoming-area';

export const Route = createFileRoute('/_authed/_user/$orgSlug/$envSlug/onboarding')({
  validateSearch: onboardingSearch,
  staticData: { gate: OPT_OUT.instanceOnly },
  component: Screen,
});

function Screen() {
  return (
    <UpcomingArea
      title={'Link a B2C Commerce instance'}
      description={'Connect this environment to Salesforce B2C Commerce, step by step.'}
      icon={<PlugZapIcon />}
      emptyTitle={'Onboarding is on its way'}
      emptyDescription={'The step-by-step onboarding lands with the B2C integration.'}
    />
  );
}
