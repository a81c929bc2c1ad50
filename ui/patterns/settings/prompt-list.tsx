/** The org's prompt library (settings → Prompts): each prompt's name, the start of its text and when it last changed. */
import { MessageSquareTextIcon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Button } from '~/ui/components/button';
import { Callout } from '~/ui/components/callout';
import { CardContent } from '~/ui/components/card';
import { EmptyState } from '~/ui/components/empty-state';
import { Skeleton } from '~/ui/components/skeleton';
import { formatDay } from '~/ui/lib/format';
import { SettingsCard } from './settings-card';

export interface PromptListItem {
  id: string;
  name: string;
  text: string;
  updatedAt: Date;
}

export const PROMPTS_EMPTY_TITLE = 'No prompts yet';

/** The card around the library, with the "New prompt" action in its header. */
export function PromptLibrary({
  onCreate,
  children,
}: {
  /** Null while the list is not there to add to (loading, failed). */
  onCreate: (() => void) | null;
  children: ReactNode;
}) {
  return (
    <SettingsCard
      title="Prompts"
      description="The questions agents and AEO monitoring ask AI assistants on your behalf. Shared by everyone in the org."
      action={
        onCreate ? (
          <Button onClick={onCreate}>
            <PlusIcon aria-hidden />
            New prompt
          </Button>
        ) : null
      }
      data-slot="prompt-library"
    >
      <CardContent>{children}</CardContent>
    </SettingsCard>
  );
}

export function PromptList<P extends PromptListItem>({
  prompts,
  onEdit,
  onDelete,
}: {
  prompts: readonly P[];
  onEdit(prompt: P): void;
  onDelete(prompt: P): void;
}) {
  return (
    <ul
      aria-label="Saved prompts"
      data-slot="prompt-list"
      className="flex flex-col divide-y divide-base-300 rounded-box border border-base-300"
    >
      {prompts.map((prompt) => (
        <PromptRow key={prompt.id} prompt={prompt} onEdit={onEdit} onDelete={onDelete} />
      ))}
    </ul>
  );
}

function PromptRow<P extends PromptListItem>({
  prompt,
  onEdit,
  onDelete,
}: {
  prompt: P;
  onEdit(prompt: P): void;
  onDelete(prompt: P): void;
}) {
  const nameId = useId();
  return (
    <li
      aria-labelledby={nameId}
      data-slot="prompt-list-item"
      className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h3 id={nameId} className="font-medium break-words">
          {prompt.name}
        </h3>
        {/* The whole text stays in the DOM (and in the title) and is clamped only visually. */}
        <p
          data-slot="prompt-text"
          title={prompt.text}
          className="line-clamp-2 text-sm break-words whitespace-pre-line text-base-content/80"
        >
          {prompt.text}
        </p>
        <p className="text-xs text-base-content/75">
          Updated{' '}
          <time dateTime={prompt.updatedAt.toISOString()}>{formatDay(prompt.updatedAt)}</time>
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button
          variant="outline"
          size="sm"
          aria-label={`Edit ${prompt.name}`}
          onClick={() => onEdit(prompt)}
        >
          <PencilIcon aria-hidden />
          Edit
        </Button>
        <Button
          variant="outline"
          size="sm"
          aria-label={`Delete ${prompt.name}`}
          onClick={() => onDelete(prompt)}
        >
          <Trash2Icon aria-hidden />
          Delete
        </Button>
      </div>
    </li>
  );
}

export function PromptsEmpty({ onCreate }: { onCreate(): void }) {
  return (
    <EmptyState
      icon={<MessageSquareTextIcon />}
      title={PROMPTS_EMPTY_TITLE}
      description="Add the questions your shoppers ask AI assistants, such as “Best trail running shoes under $150”. AEO monitoring checks how your brand shows up in the answers."
      action={
        <Button onClick={onCreate}>
          <PlusIcon aria-hidden />
          Add the first prompt
        </Button>
      }
    />
  );
}

export function PromptListSkeleton() {
  return (
    <div role="status" aria-label="Loading prompts" className="flex flex-col gap-3">
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex flex-col gap-2 rounded-box border border-base-300 p-4">
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-3 w-24" />
        </div>
      ))}
    </div>
  );
}

export function PromptListError({ message }: { message: string }) {
  return <Callout variant="error" title="Could not load the prompts" description={message} />;
}
