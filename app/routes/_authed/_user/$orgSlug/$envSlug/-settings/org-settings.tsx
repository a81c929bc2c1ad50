/** Org settings view: the org's details; superusers can verify it, after which the page reloads (docs/product.md#settings). */
import { useMutation } from '@tanstack/react-query';
import { browser } from '~/app/lib/reload';
import { useCurrentUser } from '~/app/lib/session';
import { useTRPC } from '~/app/lib/trpc';
import type { Org } from '~/domain/orgs/entities';
import { OrgDetails, VerifyOrgPanel } from '~/ui/patterns/settings/org-details';

export function OrgSettings({ org }: { org: Org }) {
  const user = useCurrentUser();
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <OrgDetails
        org={org}
        note={user.isSuperUser ? null : 'A Beacon superuser verifies orgs after onboarding.'}
      />
      {user.isSuperUser ? <VerifyOrg org={org} /> : null}
    </div>
  );
}

function VerifyOrg({ org }: { org: Org }) {
  const trpc = useTRPC();
  // Verification changes what every screen may show, so the whole app starts over.
  const verify = useMutation({
    ...trpc.orgs.verify.mutationOptions(),
    onSuccess: () => browser.reload(),
  });
  return (
    <VerifyOrgPanel
      verified={org.verified}
      // Still busy after success: the reload is on its way, so no second click.
      verifying={verify.isPending || verify.isSuccess}
      error={verify.error?.message ?? null}
      onVerify={() => {
        if (verify.isPending || verify.isSuccess) return;
        verify.mutate({ orgId: org.id });
      }}
    />
  );
}
