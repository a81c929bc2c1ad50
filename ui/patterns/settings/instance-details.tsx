/** Env settings (docs/product.md#settings): the linked B2C Commerce instance, its verified settings and onboarding state. */
import { CircleCheckIcon, CircleDashedIcon, PlugZapIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import {
  B2C_CAPABILITIES,
  CAPABILITY,
  type VerifiedFlag as VerifiedFlagName,
} from '~/domain/instances/capabilities';
import type { B2CInstance } from '~/domain/instances/entities';
import { Badge } from '~/ui/components/badge';
import { Callout } from '~/ui/components/callout';
import { CardContent, CardFooter } from '~/ui/components/card';
import { EmptyState } from '~/ui/components/empty-state';
import { Skeleton } from '~/ui/components/skeleton';
import { DetailItem, DetailList } from '~/ui/components/detail-list';
import { SettingsCard } from './settings-card';

export const NO_INSTANCE = 'No B2C Commerce instance linked';
export const NOT_VERIFIED = 'Not verified';
export const INSTANCE_LOAD_FAILED = 'Could not load the B2C Commerce instance';

/** The three settings onboarding verifies, in onboarding's order. */
export const VERIFIED_FLAGS = B2C_CAPABILITIES.map((capability) => ({
  key: CAPABILITY[capability].verifiedFlag,
  label: CAPABILITY[capability].settings,
}));

/** Verified or not, in words and by icon shape (check vs dashed circle), not by colour alone. */
export function VerifiedFlag({ verified }: { verified: boolean }) {
  return verified ? (
    <span data-verified className="inline-flex items-center gap-1.5">
      <CircleCheckIcon aria-hidden className="size-4 text-success" />
      Verified
    </span>
  ) : (
    <span className="inline-flex items-center gap-1.5">
      <CircleDashedIcon aria-hidden className="size-4 text-base-content/60" />
      {NOT_VERIFIED}
    </span>
  );
}

export function OnboardedBadge({ onboarded }: { onboarded: boolean }) {
  return onboarded ? (
    <Badge variant="success">
      <CircleCheckIcon aria-hidden />
      Onboarded
    </Badge>
  ) : (
    <Badge variant="warning">
      <CircleDashedIcon aria-hidden />
      Onboarding incomplete
    </Badge>
  );
}

/** The card around the instance: title, onboarding state, body (details, skeleton, error), actions. */
export function InstanceCard({
  onboarded,
  actions,
  children,
}: {
  /** Unknown while no instance is linked: no badge then. */
  onboarded: boolean | null;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <SettingsCard
      title="B2C Commerce instance"
      description="The Salesforce B2C Commerce instance this environment works with."
      action={onboarded === null ? null : <OnboardedBadge onboarded={onboarded} />}
    >
      <CardContent>{children}</CardContent>
      {actions ? <CardFooter className="flex-wrap">{actions}</CardFooter> : null}
    </SettingsCard>
  );
}

export type InstanceDetailsData = Pick<
  B2CInstance,
  'instanceId' | 'host' | 'tenantType' | 'apiClient' | VerifiedFlagName
>;

export function InstanceDetails({ instance }: { instance: InstanceDetailsData }) {
  const flagsHeadingId = useId();
  return (
    <div className="flex flex-col gap-6">
      <DetailList>
        <DetailItem label="Instance ID" mono>
          {instance.instanceId}
        </DetailItem>
        <DetailItem label="Host" mono>
          {instance.host}
        </DetailItem>
        <DetailItem label="Tenant type">
          <Badge variant="outline">{instance.tenantType}</Badge>
        </DetailItem>
        <DetailItem label="API client ID" mono={instance.apiClient !== null}>
          {instance.apiClient ? (
            instance.apiClient.clientId
          ) : (
            <span className="text-base-content/75">Not created yet</span>
          )}
        </DetailItem>
      </DetailList>
      <section aria-labelledby={flagsHeadingId} className="flex flex-col gap-3">
        <h3 id={flagsHeadingId} className="text-sm font-semibold">
          Verified settings
        </h3>
        <DetailList>
          {VERIFIED_FLAGS.map((flag) => (
            <DetailItem key={flag.key} label={flag.label}>
              <VerifiedFlag verified={instance[flag.key]} />
            </DetailItem>
          ))}
        </DetailList>
      </section>
    </div>
  );
}

/** Same shape as InstanceDetails while the instance loads. */
export function InstanceDetailsSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading the B2C Commerce instance"
      className="flex flex-col gap-3"
    >
      {Array.from({ length: 7 }, (_, i) => (
        <div key={i} className="grid gap-x-6 gap-y-1 sm:grid-cols-[12rem_minmax(0,1fr)]">
          <Skeleton className="h-5 w-28" />
          <Skeleton className="h-5 w-full max-w-80" />
        </div>
      ))}
    </div>
  );
}

export function InstanceLoadError({ message }: { message: string }) {
  return <Callout variant="error" title={INSTANCE_LOAD_FAILED} description={message} />;
}

/** No instance yet: say so and offer onboarding (the action is usually a link). */
export function NoInstance({ envName, action }: { envName: string; action: ReactNode }) {
  return (
    <EmptyState
      icon={<PlugZapIcon />}
      title={<h3>{NO_INSTANCE}</h3>}
      description={`Link ${envName} to a Salesforce B2C Commerce instance to work with its catalog, products and reviews.`}
      action={action}
    />
  );
}
