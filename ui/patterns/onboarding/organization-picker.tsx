/**
 * Onboarding's first choice: the customer's Account Manager organization, from the ones the signed-in
 * person belongs to. Where their roles cannot read an organization's realms (only Account
 * Administrators may), the person types them.
 */
import { Building2Icon } from 'lucide-react';
import { useState } from 'react';
import type { AccountManagerOrganization } from '~/domain/instances/entities';
import { INSTANCE_MESSAGES } from '~/domain/instances/messages';
import { Button } from '~/ui/components/button';
import { Callout } from '~/ui/components/callout';
import { Field, FieldDescription, FieldError, FieldLabel } from '~/ui/components/field';
import { Input } from '~/ui/components/input';

export interface OrganizationChoice {
  amOrganizationId: string;
  /** Typed realm ids, for an organization whose realms could not be read. */
  realms?: string[];
}

/** "zzte, abcd" or "zzte abcd" → ["zzte", "abcd"]. */
export const splitRealms = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((r) => r.trim().toLowerCase())
    .filter(Boolean);

export function OrganizationPicker({
  choices,
  signInNeeded,
  pending = false,
  error = null,
  realmsError = null,
  onLink,
  onCancel,
}: {
  choices: readonly AccountManagerOrganization[];
  signInNeeded: boolean;
  pending?: boolean;
  /** The server's answer to the last choice, when it is not about the realms. */
  error?: string | null;
  /** The server's (or the schema's) message about the typed realms. */
  realmsError?: string | null;
  onLink: (choice: OrganizationChoice) => void;
  /** Back to the linked organization's instances, when one is linked. */
  onCancel?: (() => void) | undefined;
}) {
  const [selected, setSelected] = useState(choices[0]?.id ?? '');
  const [realmText, setRealmText] = useState('');
  const [attempted, setAttempted] = useState(false);

  if (signInNeeded) {
    return <Callout variant="warning" title={INSTANCE_MESSAGES.organizationSignInNeeded} />;
  }
  if (choices.length === 0) {
    return <Callout variant="error" title={INSTANCE_MESSAGES.noOrganization} />;
  }
  const chosen = choices.find((c) => c.id === selected) ?? null;
  const needsRealms = chosen !== null && chosen.realms === null;
  const typedRealms = splitRealms(realmText);
  const missingRealms =
    needsRealms && typedRealms.length === 0 ? INSTANCE_MESSAGES.realmsNeeded : null;
  const shownRealmsError = (attempted ? missingRealms : null) ?? realmsError;

  return (
    <form
      aria-label="Account Manager organization"
      noValidate
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        setAttempted(true);
        if (!chosen || pending || missingRealms) return;
        onLink({
          amOrganizationId: chosen.id,
          ...(needsRealms ? { realms: typedRealms } : {}),
        });
      }}
    >
      <p className="text-sm">{INSTANCE_MESSAGES.organizationIntro}</p>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-medium">Your Account Manager organizations</legend>
        {choices.map((choice) => (
          <label
            key={choice.id}
            data-slot="organization-choice"
            data-selected={choice.id === selected || undefined}
            className="flex cursor-pointer items-start gap-3 rounded-box border border-base-300 bg-base-100 p-4 data-selected:border-primary"
          >
            <input
              type="radio"
              name="amOrganizationId"
              value={choice.id}
              checked={choice.id === selected}
              onChange={() => setSelected(choice.id)}
              className="mt-1 accent-[var(--color-primary)]"
            />
            <span className="flex min-w-0 flex-col gap-1">
              <span className="flex items-center gap-2 text-sm font-semibold">
                <Building2Icon aria-hidden className="size-4" />
                {choice.name ?? 'Organization (name not readable with your roles)'}
              </span>
              <span className="truncate font-mono text-xs text-base-content/75">{choice.id}</span>
              <span className="text-xs text-base-content/75">
                {choice.realms === null
                  ? 'Realms: not readable with your roles'
                  : choice.realms.length === 0
                    ? 'Realms: none'
                    : `Realms: ${choice.realms.join(', ')}`}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      {needsRealms ? (
        <Field>
          <FieldLabel>Realm IDs</FieldLabel>
          <Input
            name="realms"
            value={realmText}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="zzte"
            onChange={(e) => setRealmText(e.target.value)}
          />
          <FieldDescription>{INSTANCE_MESSAGES.realmsHint}</FieldDescription>
          <FieldError>{shownRealmsError}</FieldError>
        </Field>
      ) : null}
      {error ? <Callout variant="error" title={error} /> : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={pending}>
          Use this organization
        </Button>
        {onCancel ? (
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** The linked organization above the instance list, with a way to choose another. */
export function LinkedOrganization({
  organization,
  onChange,
}: {
  organization: { id: string; name: string | null; realms: readonly string[] };
  onChange: () => void;
}) {
  return (
    <section
      aria-label="Linked Account Manager organization"
      data-slot="linked-organization"
      className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-box bg-base-200 px-4 py-3 text-sm"
    >
      <span className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2">
        <span className="text-base-content/75">Account Manager organization:</span>
        <strong>{organization.name ?? organization.id}</strong>
        <span className="text-base-content/75">
          {organization.realms.length > 0
            ? `(realms ${organization.realms.join(', ')})`
            : '(no realms)'}
        </span>
      </span>
      <Button type="button" size="sm" variant="ghost" onClick={onChange}>
        Change organization
      </Button>
    </section>
  );
}
