/** Org settings (docs/product.md#settings): who the org is, whether it is verified, and the superuser's Verify action. */
import { ShieldCheckIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import type { Org } from '~/domain/orgs/entities';
import { ORG_MESSAGES } from '~/domain/orgs/messages';
import { Badge } from '~/ui/components/badge';
import { Button } from '~/ui/components/button';
import { Callout } from '~/ui/components/callout';
import {
  Card,
  CardAction,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '~/ui/components/card';
import { DetailItem, DetailList } from '~/ui/components/detail-list';
import { OrgVerifiedBadge } from '~/ui/patterns/org-verified-badge';

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
    <Card aria-labelledby={headingId} role="region">
      <CardHeader>
        <CardTitle asChild>
          <h2 id={headingId}>Organization</h2>
        </CardTitle>
        <CardDescription>The org this environment belongs to.</CardDescription>
      </CardHeader>
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
    </Card>
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
    <Card aria-labelledby={headingId} role="region">
      <CardHeader>
        <CardTitle asChild>
          <h2 id={headingId}>Org verification</h2>
        </CardTitle>
        <CardDescription>
          Members of an unverified org see the onboarding block instead of Beacon. Verify the org
          once its onboarding call has taken place.
        </CardDescription>
        <CardAction>
          <Badge variant="outline">{ORG_MESSAGES.superuserRequired}</Badge>
        </CardAction>
      </CardHeader>
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
    </Card>
  );
}
