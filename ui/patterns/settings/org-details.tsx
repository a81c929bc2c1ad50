/** Org settings (docs/product.md#settings): who the org is, whether it is verified, and the superuser's Verify action. */
import { ShieldCheckIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import type { Org } from '~/domain/orgs/entities';
import { ORG_MESSAGES } from '~/domain/orgs/messages';
import { Badge } from '~/ui/components/badge';
import { Button } from '~/ui/components/button';
import { Callout } from '~/ui/components/callout';
import { CardContent, CardFooter } from '~/ui/components/card';
import { DetailItem, DetailList } from '~/ui/components/detail-list';
import { OrgVerifiedBadge } from '~/ui/patterns/org-verified-badge';
import { SettingsCard } from './settings-card';

export const ALREADY_VERIFIED = 'This org is already verified.';

export function OrgDetails({
  org,
  note,
}: {
  org: Pick<Org, 'name' | 'slug' | 'verified'>;
  /** A line under the details, e.g. who verifies orgs. */
  note?: ReactNode;
}) {
  const headingId = useId();
  return (
    <SettingsCard
      title="Organization"
      description="The org this environment belongs to."
      headingId={headingId}
    >
      <CardContent className="flex flex-col gap-4">
        <DetailList>
          <DetailItem label="Name">{org.name}</DetailItem>
          <DetailItem label="Slug" mono>
            {org.slug}
          </DetailItem>
          <DetailItem label="Status">
            <OrgVerifiedBadge verified={org.verified} />
          </DetailItem>
        </DetailList>
        {note ? <p className="text-sm text-base-content/75">{note}</p> : null}
      </CardContent>
    </SettingsCard>
  );
}

/** The superuser-only action: verify the org; disabled, with the reason, once it is verified. */
export function VerifyOrgPanel({
  verified,
  verifying,
  error,
  onVerify,
}: {
  verified: boolean;
  verifying: boolean;
  /** The server's message when verifying failed. */
  error: string | null;
  onVerify: () => void;
}) {
  const headingId = useId();
  const hintId = useId();
  return (
    <SettingsCard
      title="Org verification"
      description="Members of an unverified org see the onboarding block instead of Beacon. Verify the org once its onboarding call has taken place."
      action={<Badge variant="outline">{ORG_MESSAGES.superuserRequired}</Badge>}
      headingId={headingId}
    >
      {error ? (
        <CardContent>
          <Callout variant="error" title="Could not verify this org" description={error} />
        </CardContent>
      ) : null}
      <CardFooter className="flex-wrap gap-3">
        <Button
          type="button"
          disabled={verified}
          loading={verifying}
          aria-describedby={verified ? hintId : undefined}
          onClick={onVerify}
        >
          <ShieldCheckIcon aria-hidden />
          Verify this Org
        </Button>
        {verified ? (
          <p id={hintId} className="text-sm text-base-content/75">
            {ALREADY_VERIFIED}
          </p>
        ) : null}
      </CardFooter>
    </SettingsCard>
  );
}
