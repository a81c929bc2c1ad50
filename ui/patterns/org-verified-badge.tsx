/** An org's verified state, as org settings and the superusers' list of orgs both show it. */
import { BadgeCheckIcon, ShieldAlertIcon } from 'lucide-react';
import { ORG_MESSAGES } from '~/domain/orgs/messages';
import { Badge } from '~/ui/components/badge';

export const VERIFIED_LABEL = 'Verified';

/** 'Verified' or 'Unverified', carried by the word and the icon, not the colour alone. */
export function OrgVerifiedBadge({ verified }: { verified: boolean }) {
  return verified ? (
    <Badge variant="success">
      <BadgeCheckIcon aria-hidden />
      {VERIFIED_LABEL}
    </Badge>
  ) : (
    <Badge variant="warning">
      <ShieldAlertIcon aria-hidden />
      {ORG_MESSAGES.unverified}
    </Badge>
  );
}
