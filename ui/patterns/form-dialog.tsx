/**
 * A dialog's form: its title and description, the fields, the server's message that belongs to no
 * field, and Cancel beside the submit button. Cancel is disabled while the submit is pending.
 */
import type { FormEventHandler, ReactNode } from 'react';
import { Button } from '~/ui/components/button';
import { Callout } from '~/ui/components/callout';
import {
  DialogClose,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/ui/components/dialog';

export function DialogForm({
  title,
  description,
  onSubmit,
  pending,
  submitLabel,
  failedTitle,
  formError,
  slot,
  children,
}: {
  title: string;
  description: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  pending: boolean;
  submitLabel: string;
  /** The title of the callout that shows `formError`. */
  failedTitle: string;
  formError: string | null | undefined;
  slot?: string;
  children: ReactNode;
}) {
  return (
    <form
      aria-label={title}
      noValidate
      onSubmit={onSubmit}
      data-slot={slot}
      className="flex flex-col gap-5"
    >
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      {children}
      {formError ? <Callout variant="error" title={failedTitle} description={formError} /> : null}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={pending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
