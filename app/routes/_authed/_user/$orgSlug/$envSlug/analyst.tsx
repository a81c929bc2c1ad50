/**
 * /app/{orgSlug}/{envSlug}/analyst: the person's conversation with the analyst in this env, kept across
 * visits. A question is asked (analyst.ask), then its answer followed over analyst.stream as it is
 * written: the steps it took, the text, how it ended. Stop closes the stream (the server keeps the
 * partial answer as stopped); a failed answer offers Retry. An empty conversation suggests questions
 * drawn from the env's data.
 */
import {
  skipToken,
  useMutation,
  useQuery,
  useQueryClient,
  useSuspenseQuery,
} from '@tanstack/react-query';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useSubscription } from '@trpc/tanstack-react-query';
import { lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import { QueryBoundary } from '~/app/components/query-boundary';
import { useCurrentEnv } from '~/app/lib/env-context';
import { useTRPC } from '~/app/lib/trpc';
import type { AnalystAnswer, AnalystDelta, AnalystMessage } from '~/domain/analyst/conversation';
import { Button } from '~/ui/components/button';
import { Callout } from '~/ui/components/callout';
import {
  ANALYST_TEXT,
  AnalystConversation,
  AnalystEmpty,
  AnalystQuestionBox,
  AnalystSkeleton,
  questionProblem,
} from '~/ui/patterns/analyst/conversation';
import { PageHeader } from '~/ui/patterns/page-header';
import { ConfirmDialog } from '~/ui/patterns/confirm-dialog';

// The Markdown renderer loads in its own chunk, started by the loader (docs/decisions/0002-lean-entry-chunk.md).
const loadMarkdown = () => import('~/ui/patterns/analyst/markdown');
const AnalystMarkdown = lazy(() => loadMarkdown().then((m) => ({ default: m.AnalystMarkdown })));

export const Route = createFileRoute('/_authed/_user/$orgSlug/$envSlug/analyst')({
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  loader: ({ context: { api, orgContext } }) => {
    void loadMarkdown();
    // Without an onboarded instance the env layout shows its gate: nothing here to read.
    if (!orgContext?.onboarded) return;
    const { scope } = orgContext;
    // Shown behind the screen's skeleton (docs/decisions/0023-screen-loading.md).
    void api.queryClient.prefetchQuery(api.trpc.analyst.conversation.queryOptions(scope));
    void api.queryClient.prefetchQuery(api.trpc.analyst.suggestions.queryOptions(scope));
  },
  component: Screen,
});

const SUGGESTIONS_STALE_MS = 5 * 60_000;
/**
 * The screen keeps the conversation's cache up to date itself (asked, streamed, stopped, cleared); a
 * refetch mid-answer (window focus) would put back the row's text, which is written only at the end.
 * The loader still reads it afresh on each visit.
 */
const CONVERSATION_STALE_MS = Infinity;

interface Scope {
  orgId: string;
  envId: string;
}

function Screen() {
  const { org, env } = useCurrentEnv();
  const scope = { orgId: org.id, envId: env.id };
  return (
    <div className="flex flex-col">
      <PageHeader
        title={ANALYST_TEXT.title}
        description={ANALYST_TEXT.description}
        actions={<ClearAction scope={scope} />}
      />
      <div className="flex flex-col gap-6 p-8">
        <QueryBoundary
          pending={<AnalystSkeleton />}
          error={(message) => (
            <Callout variant="error" title={ANALYST_TEXT.loadFailedTitle} description={message} />
          )}
        >
          <Conversation scope={scope} />
        </QueryBoundary>
      </div>
    </div>
  );
}

/** An app route's link through the router (it strips the /app base path from the href). */
function AppHrefLink({ href, children }: { href: string; children: ReactNode }) {
  const router = useRouter();
  return (
    <a
      href={href}
      className="text-primary underline underline-offset-4"
      onClick={(event) => {
        if (
          event.defaultPrevented ||
          event.button !== 0 ||
          event.metaKey ||
          event.ctrlKey ||
          event.shiftKey ||
          event.altKey
        )
          return;
        event.preventDefault();
        void router.navigate({ href });
      }}
    >
      {children}
    </a>
  );
}

const renderAppLink = (href: string, children: ReactNode) => (
  <AppHrefLink href={href}>{children}</AppHrefLink>
);

/** The answer's text: plain until the renderer's chunk is in, then its Markdown. */
function AnswerText({ text }: { text: string }) {
  return (
    <Suspense fallback={<p className="text-sm whitespace-pre-wrap">{text}</p>}>
      <AnalystMarkdown text={text} renderAppLink={renderAppLink} />
    </Suspense>
  );
}

/** The answer with a delta applied. */
function applyDelta(answer: AnalystAnswer, delta: AnalystDelta): AnalystAnswer {
  switch (delta.type) {
    case 'step': {
      const { type: _type, ...step } = delta;
      return { ...answer, steps: [...answer.steps, step] };
    }
    case 'text':
      return { ...answer, text: answer.text + delta.delta };
    case 'done':
      return { ...answer, status: 'done' };
    case 'stopped':
      return { ...answer, status: 'stopped' };
    case 'error':
      return { ...answer, status: 'failed', error: delta.message };
  }
}

function Conversation({ scope }: { scope: Scope }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const conversationKey = trpc.analyst.conversation.queryKey(scope);
  const { data: messages } = useSuspenseQuery({
    ...trpc.analyst.conversation.queryOptions(scope),
    staleTime: CONVERSATION_STALE_MS,
  });
  // Several look-ups on the server: what the loader fetched stays good for the visit.
  const suggestions = useQuery({
    ...trpc.analyst.suggestions.queryOptions(scope),
    enabled: messages.length === 0,
    staleTime: SUGGESTIONS_STALE_MS,
  });

  const last = messages.at(-1);
  // An answer still being written when the screen opens is followed too.
  const [following, setFollowing] = useState<string | null>(
    last?.role === 'assistant' && last.status === 'streaming' ? last.id : null,
  );
  const followingRef = useRef(following);
  followingRef.current = following;
  const [draft, setDraft] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);

  const setMessages = (update: (messages: AnalystMessage[]) => AnalystMessage[]) =>
    queryClient.setQueryData(conversationKey, (old) => (old ? update(old) : old));
  const updateAnswer = (id: string, update: (answer: AnalystAnswer) => AnalystAnswer) =>
    setMessages((all) => all.map((m) => (m.id === id && m.role === 'assistant' ? update(m) : m)));

  useSubscription(
    trpc.analyst.stream.subscriptionOptions(
      following ? { ...scope, answerId: following } : skipToken,
      {
        // The stream tells the answer from its start (a finished one is replayed): start it afresh.
        onStarted: () => {
          const id = followingRef.current;
          if (id) updateAnswer(id, (a) => ({ ...a, text: '', steps: [] }));
        },
        onData: (delta) => {
          const id = followingRef.current;
          if (!id) return;
          updateAnswer(id, (a) => applyDelta(a, delta));
          if (delta.type === 'done' || delta.type === 'stopped' || delta.type === 'error') {
            setFollowing(null);
          }
        },
        onError: (error) => {
          const id = followingRef.current;
          if (id) updateAnswer(id, (a) => ({ ...a, status: 'failed', error: error.message }));
          setFollowing(null);
        },
      },
    ),
  );

  const ask = useMutation(
    trpc.analyst.ask.mutationOptions({
      onSuccess: ({ question, answer }) => {
        setMessages((all) => [...all, question, answer]);
        setDraft('');
        setFollowing(answer.id);
      },
    }),
  );
  const retry = useMutation(
    trpc.analyst.retry.mutationOptions({
      onSuccess: ({ answer }) => {
        setMessages((all) => [...all, answer]);
        setFollowing(answer.id);
      },
    }),
  );

  const writing = following !== null;
  const send = (question: string) => {
    const problem = questionProblem(question);
    setRefusal(problem);
    if (problem || writing || ask.isPending) return;
    ask.mutate({ ...scope, question: question.trim() });
  };
  const stop = () => {
    if (!following) return;
    // Closing the stream stops the answer; the server keeps what it wrote as stopped.
    updateAnswer(following, (a) => ({ ...a, status: 'stopped' }));
    setFollowing(null);
  };

  const error = ask.error
    ? { title: ANALYST_TEXT.askFailed, message: ask.error.message }
    : retry.error
      ? { title: ANALYST_TEXT.retryFailed, message: retry.error.message }
      : null;

  return (
    <div className="flex flex-col gap-6">
      {messages.length === 0 ? (
        <AnalystEmpty
          suggestions={suggestions.data ?? null}
          onPick={(question) => {
            setDraft(question);
            send(question);
          }}
          disabled={ask.isPending}
        />
      ) : (
        <AnalystConversation
          messages={messages}
          renderAnswerText={(text) => <AnswerText text={text} />}
          renderAppLink={renderAppLink}
          onStop={stop}
          onRetry={() => retry.mutate(scope)}
          retrying={retry.isPending}
        />
      )}
      {error ? <Callout variant="error" title={error.title} description={error.message} /> : null}
      <AnalystQuestionBox
        value={draft}
        onChange={(value) => {
          setDraft(value);
          setRefusal(null);
        }}
        onSubmit={() => send(draft)}
        pending={ask.isPending}
        blocked={writing}
        refusal={refusal}
      />
    </div>
  );
}

/** "Clear conversation", confirmed first; shown while there is something to clear. */
function ClearAction({ scope }: { scope: Scope }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const conversation = useQuery({
    ...trpc.analyst.conversation.queryOptions(scope),
    staleTime: CONVERSATION_STALE_MS,
  });
  const [open, setOpen] = useState(false);
  const clear = useMutation(
    trpc.analyst.clear.mutationOptions({
      onSuccess: () => {
        queryClient.setQueryData(trpc.analyst.conversation.queryKey(scope), []);
        setOpen(false);
      },
    }),
  );
  if (!conversation.data?.length) return null;
  return (
    <>
      <Button
        variant="outline"
        onClick={() => {
          clear.reset();
          setOpen(true);
        }}
      >
        {ANALYST_TEXT.clear}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={ANALYST_TEXT.clearTitle}
        description={ANALYST_TEXT.clearDescription}
        confirmLabel={ANALYST_TEXT.clear}
        pending={clear.isPending}
        error={
          clear.error ? { title: ANALYST_TEXT.clearFailed, message: clear.error.message } : null
        }
        onConfirm={() => clear.mutate(scope)}
      />
    </>
  );
}
