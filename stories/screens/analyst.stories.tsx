import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ANALYST_QUESTION_MAX } from '~/domain/analyst/conversation';
import {
  ANALYST_ANSWER_TEXT,
  ANALYST_FAILURE,
  ANALYST_PARTIAL_TEXT,
  ANALYST_QUESTION_TEXT,
  analystAnswer,
  analystMock,
  type AnalystMockOptions,
  analystQuestion,
  analystSuggestions,
  answerEvents,
  failedAnswer,
  LOWEST_ENGINE,
  monitoringStep,
  streamingAnswer,
  UNSAFE_ANSWER_TEXT,
  UNSAFE_LINK_TEXT,
} from '~/mock-server/analyst';
import { orgs, sessionFor, users } from '~/mock-server/fixtures';
import { atEnv } from '~/mock-server/scenarios';
import { mockStream } from '~/mock-server/trpc/scenario';
import { screen } from '~/stories/support/app-harness';
import { ANALYST_TEXT, ANALYST_TOOL_LABELS } from '~/ui/patterns/analyst/conversation';
// The screen loads the Markdown renderer lazily; loading it with the stories keeps that chunk's first
// fetch out of each story's time limit. The screen's lazy import then resolves at once.
import '~/ui/patterns/analyst/markdown';

const meta = { title: 'Screens/Analyst' } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const ANALYST = '/app/acme/prod/analyst';
const scope = { orgId: orgs.acme.id, envId: 'env_prod' };

function atAnalyst(options: AnalystMockOptions = {}) {
  return screen({
    url: ANALYST,
    session: sessionFor(users.maya),
    trpc: { ...atEnv(), ...analystMock(options) },
  });
}

/** Dialogs render in a portal, outside the story's canvas. */
const page = () => within(document.body);

async function loaded(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await canvas.findByRole('heading', { name: ANALYST_TEXT.title, level: 1 });
  return canvas;
}

/** The conversation's answers, newest last. */
const answers = (canvasElement: HTMLElement) =>
  [...canvasElement.querySelectorAll<HTMLElement>('[data-slot="analyst-answer"]')].map((a) =>
    within(a),
  );

/** The answer's Markdown, once its lazily loaded renderer has replaced the plain text. */
const renderedMarkdown = (canvasElement: HTMLElement) =>
  waitFor(() => {
    const element = canvasElement.querySelector<HTMLElement>('[data-slot="analyst-markdown"]');
    expect(element).not.toBeNull();
    return element!;
  });

const questionBox = (canvas: ReturnType<typeof within>) =>
  canvas.findByRole('textbox', { name: ANALYST_TEXT.questionLabel });

/** The answer's first line as shown: the lowest engine, its rate, interval and n. */
const firstLine = (text: string) => text.split('\n')[0]!.replace(/^- /, '').replaceAll('**', '');

// ——— States ———

const empty = atAnalyst();
/** An empty conversation: the question box and questions drawn from this env's data. */
export const Empty: Story = {
  ...empty.story,
  tags: ['screen-state', 'state:analyst'],
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    await expect(await canvas.findByText(ANALYST_TEXT.emptyTitle)).toBeVisible();
    const suggestions = within(
      await canvas.findByRole('region', { name: ANALYST_TEXT.suggestions }),
    );
    await expect(suggestions.getAllByRole('button').map((b) => b.textContent)).toEqual(
      analystSuggestions,
    );
    // The engine where visibility is lowest, with its rate from the monitoring results.
    await expect(
      suggestions.getByRole('button', {
        name: `Why does ${LOWEST_ENGINE.name} mention us in only ${LOWEST_ENGINE.rate} of answers, and for which prompts?`,
      }),
    ).toBeVisible();
    await expect(await questionBox(canvas)).toHaveValue('');
    await expect(canvas.getByText(ANALYST_TEXT.questionHint)).toBeVisible();
    // Nothing to clear yet.
    await expect(canvas.queryByRole('button', { name: ANALYST_TEXT.clear })).toBeNull();
    await expect(empty.api.calls('analyst.suggestions')).toEqual([scope]);
  },
};

const answered = atAnalyst({ conversation: [analystQuestion, analystAnswer] });
/** An answer with its figures, the data it looked up and links to the screens they come from. */
export const Answer: Story = {
  ...answered.story,
  tags: ['screen-state', 'state:analyst.answer'],
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    await expect(await canvas.findByText(ANALYST_QUESTION_TEXT)).toBeVisible();
    const [answer] = answers(canvasElement);
    const steps = within(answer!.getByRole('region', { name: ANALYST_TEXT.steps }));
    await expect(
      steps.getByText(ANALYST_TOOL_LABELS.monitoringResults!, { selector: 'span' }),
    ).toBeVisible();
    await expect(steps.getByText(`: ${monitoringStep.summary}`)).toBeVisible();
    await expect(steps.getByRole('link', { name: 'AI visibility results' })).toHaveAttribute(
      'href',
      '/app/acme/prod',
    );
    await expect(
      steps.getByRole('link', { name: `${LOWEST_ENGINE.name} results` }),
    ).toHaveAttribute('href', `/app/acme/prod?llm=${LOWEST_ENGINE.engine}`);
    // The figures as Markdown: the lowest engine in bold, its rate, interval and n.
    const markdown = await renderedMarkdown(canvasElement);
    await expect(
      within(markdown).getByText(LOWEST_ENGINE.name, { selector: 'strong' }),
    ).toBeVisible();
    await expect(markdown.querySelector('li')).toHaveTextContent(firstLine(ANALYST_ANSWER_TEXT));
    await expect(canvas.queryByRole('button', { name: ANALYST_TEXT.stop })).toBeNull();
    await expect(canvas.getByRole('button', { name: ANALYST_TEXT.clear })).toBeVisible();
    // A finished answer is not streamed again.
    await expect(answered.api.calls('analyst.stream')).toEqual([]);
  },
};

const streaming = atAnalyst({
  conversation: [analystQuestion, streamingAnswer],
  stream: mockStream(answerEvents({ steps: [monitoringStep], text: ANALYST_PARTIAL_TEXT }, null)),
});
/** An answer arriving as it is written: the step it took, the text so far, Stop. */
export const Streaming: Story = {
  ...streaming.story,
  tags: ['screen-state', 'state:analyst.streaming'],
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    const stop = await canvas.findByRole('button', { name: ANALYST_TEXT.stop });
    await expect(stop).toBeVisible();
    await expect(canvas.getByText(ANALYST_TEXT.writing)).toBeVisible();
    const [answer] = answers(canvasElement);
    await waitFor(() =>
      expect(
        canvasElement.querySelector('[data-slot="analyst-markdown"]')?.textContent?.trim() ?? '',
      ).toBe(firstLine(ANALYST_PARTIAL_TEXT)),
    );
    await expect(
      answer!.getByRole('link', { name: `${LOWEST_ENGINE.name} results` }),
    ).toBeVisible();
    await expect(canvasElement.querySelector('[data-slot="analyst-answer"]')).toHaveAttribute(
      'aria-busy',
      'true',
    );
    // A new question waits for this answer.
    await expect(canvas.getByRole('button', { name: ANALYST_TEXT.ask })).toBeDisabled();
    await expect(streaming.api.calls('analyst.stream')).toEqual([
      { ...scope, answerId: streamingAnswer.id },
    ]);
  },
};

const failed = atAnalyst({ conversation: [analystQuestion, failedAnswer] });
/** The provider failed: its message, Retry, and the question kept. */
export const ProviderFailed: Story = {
  ...failed.story,
  tags: ['screen-state', 'state:analyst.error'],
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(ANALYST_TEXT.failedTitle);
    await expect(within(alert).getByText(ANALYST_FAILURE)).toBeVisible();
    await expect(within(alert).getByRole('button', { name: ANALYST_TEXT.retry })).toBeVisible();
    await expect(canvas.getByText(ANALYST_QUESTION_TEXT)).toBeVisible();
  },
};

// ——— Interactions ———

const picking = atAnalyst();
/** A suggested question is asked as it is, and its answer streams in to the end. */
export const SuggestionAsks: Story = {
  ...picking.story,
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    const suggestion = await canvas.findByRole('button', { name: analystSuggestions[0] });
    await userEvent.click(suggestion);
    await waitFor(() =>
      expect(picking.api.calls('analyst.ask')).toEqual([
        { ...scope, question: analystSuggestions[0] },
      ]),
    );
    await expect(await canvas.findByText(analystSuggestions[0]!)).toBeVisible();
    await waitFor(() =>
      expect(canvasElement.querySelector('[data-slot="analyst-answer"]')).toHaveAttribute(
        'data-status',
        'done',
      ),
    );
    await expect(
      canvasElement.querySelector('[data-slot="analyst-markdown"] li'),
    ).toHaveTextContent(firstLine(ANALYST_ANSWER_TEXT));
    await expect(canvas.queryByRole('button', { name: ANALYST_TEXT.stop })).toBeNull();
    await expect(await questionBox(canvas)).toHaveValue('');
  },
};

const typing = atAnalyst();
/** Enter sends, Shift+Enter starts a new line; a question over the limit is refused, not sent. */
export const AskByKeyboard: Story = {
  ...typing.story,
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    const box = await questionBox(canvas);
    await userEvent.click(box);
    await userEvent.paste('x'.repeat(ANALYST_QUESTION_MAX + 1));
    await expect(await canvas.findByText(ANALYST_TEXT.tooLong)).toBeVisible();
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    await userEvent.keyboard('{Enter}');
    await expect(typing.api.calls('analyst.ask')).toEqual([]);

    await userEvent.clear(box);
    await userEvent.type(box, 'Which engine{Shift>}{Enter}{/Shift}mentions us least?');
    await expect(box).toHaveValue('Which engine\nmentions us least?');
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(typing.api.calls('analyst.ask')).toEqual([
        { ...scope, question: 'Which engine\nmentions us least?' },
      ]),
    );
  },
};

const stopping = atAnalyst({
  conversation: [analystQuestion, streamingAnswer],
  stream: mockStream(answerEvents({ steps: [monitoringStep], text: ANALYST_PARTIAL_TEXT }, null)),
});
/** Stop closes the stream: the answer so far stays, marked stopped, and a new question may be asked. */
export const StopAnswer: Story = {
  ...stopping.story,
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    await waitFor(() =>
      expect(
        canvasElement.querySelector('[data-slot="analyst-markdown"]')?.textContent?.trim() ?? '',
      ).toBe(firstLine(ANALYST_PARTIAL_TEXT)),
    );
    await userEvent.click(canvas.getByRole('button', { name: ANALYST_TEXT.stop }));
    await expect(await canvas.findByText(ANALYST_TEXT.stopped)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: ANALYST_TEXT.stop })).toBeNull();
    await expect(
      canvasElement.querySelector('[data-slot="analyst-markdown"]')?.textContent?.trim(),
    ).toBe(firstLine(ANALYST_PARTIAL_TEXT));
    await expect(canvas.getByRole('button', { name: ANALYST_TEXT.ask })).toBeEnabled();
  },
};

const retrying = atAnalyst({ conversation: [analystQuestion, failedAnswer] });
/** Retry asks the kept question again: a new answer streams in under the failed one. */
export const RetryAnswer: Story = {
  ...retrying.story,
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: ANALYST_TEXT.retry }));
    await waitFor(() => expect(retrying.api.calls('analyst.retry')).toEqual([scope]));
    await waitFor(() => {
      expect(answers(canvasElement).length).toBe(2);
      expect(canvasElement.querySelectorAll('[data-slot="analyst-answer"]')[1]).toHaveAttribute(
        'data-status',
        'done',
      );
    });
    // The failed answer stays, without its Retry (it belongs to the last answer).
    await expect(canvas.getByText(ANALYST_FAILURE)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: ANALYST_TEXT.retry })).toBeNull();
    await expect(
      canvasElement.querySelectorAll('[data-slot="analyst-markdown"] li')[0],
    ).toHaveTextContent(firstLine(ANALYST_ANSWER_TEXT));
  },
};

const unsafe = atAnalyst({
  conversation: [analystQuestion, { ...analystAnswer, text: UNSAFE_ANSWER_TEXT }],
});
/** Model output linking to javascript: is shown as text, raw HTML dropped; app and https links stay. */
export const BadLinkAsText: Story = {
  ...unsafe.story,
  play: async ({ canvasElement }) => {
    await loaded(canvasElement);
    const markdown = within(await renderedMarkdown(canvasElement));
    const text = markdown.getByText(UNSAFE_LINK_TEXT);
    await expect(text.closest('a')).toBeNull();
    await expect(markdown.queryByRole('img')).toBeNull();
    await expect(markdown.getByRole('link', { name: 'ChatGPT results' })).toHaveAttribute(
      'href',
      '/app/acme/prod?llm=openai',
    );
    const guide = markdown.getByRole('link', { name: 'the guide' });
    await expect(guide).toHaveAttribute('href', 'https://example.com/aeo-guide');
    await expect(guide).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    await expect(guide).toHaveAttribute('target', '_blank');
    await expect(markdown.getAllByRole('link')).toHaveLength(2);
  },
};

const clearing = atAnalyst({ conversation: [analystQuestion, analystAnswer] });
/** Clear conversation asks first, then leaves the empty screen with its suggestions. */
export const ClearConversation: Story = {
  ...clearing.story,
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: ANALYST_TEXT.clear }));
    const dialog = within(await page().findByRole('dialog', { name: ANALYST_TEXT.clearTitle }));
    await expect(dialog.getByText(ANALYST_TEXT.clearDescription)).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: ANALYST_TEXT.clear }));
    await waitFor(() => expect(clearing.api.calls('analyst.clear')).toEqual([scope]));
    await expect(await canvas.findByText(ANALYST_TEXT.emptyTitle)).toBeVisible();
    await expect(canvas.queryByText(ANALYST_QUESTION_TEXT)).toBeNull();
    await expect(await canvas.findByRole('button', { name: analystSuggestions[0] })).toBeVisible();
  },
};
