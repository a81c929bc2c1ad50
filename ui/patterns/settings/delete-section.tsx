/**
 * Deleting an environment, an org or one's own account (docs/product.md#settings): a danger card that
 * opens a typed confirmation naming everything that goes (and, for an account, what stays). The action
 * stays disabled until the slug (or e-mail address) is typed; the server's refusal (work still running,
 * not an owner, the last owner of an org) shows in the dialog.
 */
import { TrashIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { confirmationMatches } from '~/domain/orgs/deletion';
import { Button } from '~/ui/components/button';
import { CardContent, CardFooter } from '~/ui/components/card';
import { Field, FieldLabel } from '~/ui/components/field';
import { Input } from '~/ui/components/input';
import { ConfirmDialog } from '~/ui/patterns/confirm-dialog';
import { SettingsCard } from './settings-card';

export function DeleteSection({
  title,
  description,
  actionLabel,
  onDelete,
  blockedBy = null,
}: {
  /** "Delete this environment". */
  title: string;
  description: string;
  actionLabel: string;
  onDelete: () => void;
  /** Why the action is not available now (the server refuses it too); the button is disabled. */
  blockedBy?: string | null;
}) {
  const reasonId = useId();
  return (
    <SettingsCard title={title} description={description} className="border-error/40">
      {blockedBy ? (
        <CardContent>
          <p id={reasonId} className="text-sm text-base-content/85">
            {blockedBy}
          </p>
        </CardContent>
      ) : null}
      <CardFooter>
        <Button
          type="button"
          variant="destructive"
          disabled={blockedBy !== null}
          aria-describedby={blockedBy ? reasonId : undefined}
          onClick={onDelete}
        >
          <TrashIcon aria-hidden />
          {actionLabel}
        </Button>
      </CardFooter>
    </SettingsCard>
  );
}

export interface DeleteDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** "Delete Production?" */
  title: string;
  /** The sentence above the list: what is deleted, and that it cannot be undone. */
  description: string;
  /** Everything that goes, one item a line. */
  losses: readonly string[];
  /** What stays, and what the customer may want to do about it. */
  notes: readonly string[];
  /** What stays, one item a line, listed under the losses (an account's decisions and runs). */
  keeps?: readonly string[];
  /** What must be typed: the env's or the org's slug, the person's e-mail address. */
  slug: string;
  /** Whether the typed text confirms; by default the slug exactly (spaces around it aside). */
  matches?: (typed: string, slug: string) => boolean;
  confirmLabel: string;
  pending: boolean;
  error: { title: string; message: string } | null;
  onConfirm(confirmation: string): void;
}

export function DeleteDialog({
  open,
  onOpenChange,
  title,
  description,
  losses,
  notes,
  keeps = [],
  slug,
  matches: confirms = confirmationMatches,
  confirmLabel,
  pending,
  error,
  onConfirm,
}: DeleteDialogProps) {
  const [typed, setTyped] = useState('');
  const matches = confirms(typed, slug);
  const listId = useId();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        // Each opening asks again.
        if (!next) setTyped('');
        onOpenChange(next);
      }}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      pending={pending}
      error={error}
      confirmDisabled={!matches}
      onConfirm={() => {
        if (matches) onConfirm(typed);
      }}
    >
      <div className="flex flex-col gap-4 text-sm">
        <ul
          id={listId}
          aria-label="What is deleted"
          className="list-disc space-y-1 pl-5 text-base-content"
        >
          {losses.map((loss) => (
            <li key={loss}>{loss}</li>
          ))}
        </ul>
        {keeps.length > 0 ? (
          <>
            <p className="text-base-content">It keeps:</p>
            <ul aria-label="What stays" className="list-disc space-y-1 pl-5 text-base-content">
              {keeps.map((keep) => (
                <li key={keep}>{keep}</li>
              ))}
            </ul>
          </>
        ) : null}
        {notes.map((note) => (
          <p key={note} className="text-base-content/75">
            {note}
          </p>
        ))}
        <Field>
          <FieldLabel>
            Type <span className="font-mono font-semibold">{slug}</span> to confirm
          </FieldLabel>
          <Input
            value={typed}
            autoComplete="off"
            spellCheck={false}
            disabled={pending}
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && matches && !pending) onConfirm(typed);
            }}
          />
        </Field>
      </div>
    </ConfirmDialog>
  );
}
