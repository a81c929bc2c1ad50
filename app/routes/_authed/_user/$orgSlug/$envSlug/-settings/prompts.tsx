/** Prompts view: the org's prompt library that agents and AEO monitoring use; create, edit and delete. */
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryBoundary } from '~/app/components/query-boundary';
import { formErrorsOf, schemaErrorsOf } from '~/app/lib/form-errors';
import { useTRPC } from '~/app/lib/trpc';
import type { Org } from '~/domain/orgs/entities';
import type { Prompt } from '~/domain/prompts/entities';
import { createPromptInput } from '~/domain/prompts/inputs';
import { ConfirmDialog } from '~/ui/patterns/confirm-dialog';
import { PromptFormDialog, type PromptValues } from '~/ui/patterns/settings/prompt-form';
import {
  PromptLibrary,
  PromptList,
  PromptListError,
  PromptListSkeleton,
  PromptsEmpty,
} from '~/ui/patterns/settings/prompt-list';

const FIELDS = ['name', 'text'] as const;
const REASONS = { 'name-taken': 'name' } as const;

/** Which dialog is open: the form (a new prompt, or one to edit) or the delete confirmation. */
type Open = { kind: 'form'; prompt: Prompt | null } | { kind: 'delete'; prompt: Prompt } | null;

export function PromptsSettings({ org }: { org: Org }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const orgId = org.id;
  const [open, setOpen] = useState<Open>(null);
  const refresh = () => queryClient.invalidateQueries(trpc.prompts.list.queryFilter({ orgId }));

  // The dialog closes once the list shows the change (mutation callbacks are awaited while pending).
  const closeAfterRefresh = {
    onSuccess: async () => {
      await refresh();
      setOpen(null);
    },
  };
  const create = useMutation(trpc.prompts.create.mutationOptions(closeAfterRefresh));
  const update = useMutation(
    trpc.prompts.update.mutationOptions({ ...closeAfterRefresh, onError: () => refresh() }),
  );
  const remove = useMutation(
    trpc.prompts.delete.mutationOptions({ ...closeAfterRefresh, onError: () => refresh() }),
  );

  const show = (next: Open) => {
    create.reset();
    update.reset();
    remove.reset();
    setOpen(next);
  };
  const onCreate = () => show({ kind: 'form', prompt: null });

  const editing = open?.kind === 'form' ? open.prompt : null;
  const save = editing ? update : create;
  const validate = (values: PromptValues) =>
    schemaErrorsOf(createPromptInput, { orgId, ...values }, FIELDS);

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <QueryBoundary
        pending={
          <PromptLibrary onCreate={null}>
            <PromptListSkeleton />
          </PromptLibrary>
        }
        error={(message) => (
          <PromptLibrary onCreate={null}>
            <PromptListError message={message} />
          </PromptLibrary>
        )}
      >
        <Prompts
          orgId={orgId}
          onCreate={onCreate}
          onEdit={(prompt) => show({ kind: 'form', prompt })}
          onDelete={(prompt) => show({ kind: 'delete', prompt })}
        />
      </QueryBoundary>

      <PromptFormDialog
        open={open?.kind === 'form'}
        onOpenChange={(next) => (next ? undefined : setOpen(null))}
        initial={editing ? { name: editing.name, text: editing.text } : null}
        validate={validate}
        pending={save.isPending}
        serverErrors={formErrorsOf(save.error, FIELDS, REASONS)}
        onSubmit={(values) =>
          editing
            ? update.mutate({ orgId, promptId: editing.id, ...values })
            : create.mutate({ orgId, ...values })
        }
      />

      <ConfirmDialog
        open={open?.kind === 'delete'}
        onOpenChange={(next) => (next ? undefined : setOpen(null))}
        title={open?.kind === 'delete' ? `Delete “${open.prompt.name}”?` : ''}
        description="Agents and AEO monitoring stop using this prompt. This cannot be undone."
        confirmLabel="Delete prompt"
        pending={remove.isPending}
        error={
          remove.error
            ? { title: 'Could not delete the prompt', message: remove.error.message }
            : null
        }
        onConfirm={() => {
          if (open?.kind === 'delete') remove.mutate({ orgId, promptId: open.prompt.id });
        }}
      />
    </div>
  );
}

/** The library's list (or its empty state); "New prompt" in the header once there is a first one. */
function Prompts({
  orgId,
  onCreate,
  onEdit,
  onDelete,
}: {
  orgId: string;
  onCreate: () => void;
  onEdit: (prompt: Prompt) => void;
  onDelete: (prompt: Prompt) => void;
}) {
  const trpc = useTRPC();
  const { data: prompts } = useSuspenseQuery(trpc.prompts.list.queryOptions({ orgId }));
  return (
    <PromptLibrary onCreate={prompts.length > 0 ? onCreate : null}>
      {prompts.length === 0 ? (
        <PromptsEmpty onCreate={onCreate} />
      ) : (
        <PromptList prompts={prompts} onEdit={onEdit} onDelete={onDelete} />
      )}
    </PromptLibrary>
  );
}
