import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { AI_BUDGET_MESSAGES } from '~/domain/ai-budget/messages';
import { ORG_MESSAGES } from '~/domain/orgs/messages';
import { aiBudgets, aiBudgetScenario } from '~/mock-server/ai-budget';
import { sessionFor, users } from '~/mock-server/fixtures';
import { atEnv } from '~/mock-server/scenarios';
import { domainError } from '~/mock-server/trpc/scenario';
import { screen } from '~/stories/support/app-harness';

const meta = { title: 'Screens/Settings/AI budget' } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const ORG_SETTINGS = '/app/acme/prod/settings?view=org-settings';

/** The AI budget card, once its figures are in. */
async function budgetCard(canvasElement: HTMLElement): Promise<HTMLElement> {
  const canvas = within(canvasElement);
  const card = await canvas.findByRole('region', { name: 'AI budget' });
  await within(card).findByRole('meter', { name: 'Spent this month' });
  return card;
}

/** The value the card shows for a label (a <dt>/<dd> pair). */
function detail(scope: HTMLElement, label: string): HTMLElement {
  const term = within(scope).getByText(label, { selector: 'dt' });
  return term.nextElementSibling as HTMLElement;
}

const underBudget = screen({
  url: ORG_SETTINGS,
  session: sessionFor(users.maya),
  trpc: { ...atEnv(), ...aiBudgetScenario(aiBudgets.underBudget) },
});
/** Early in the month: what each area spent so far, no refusal. */
export const AiBudgetUnderBudget: Story = {
  ...underBudget.story,
  play: async ({ canvasElement }) => {
    const card = await budgetCard(canvasElement);
    await expect(within(card).getByRole('meter')).toHaveAttribute(
      'aria-valuetext',
      '$63.03 of $100.00 (63%)',
    );
    await expect(within(card).queryByRole('alert')).toBeNull();
  },
};

const spent = screen({
  url: ORG_SETTINGS,
  session: sessionFor(users.ada),
  trpc: { ...atEnv(), ...aiBudgetScenario(aiBudgets.exhausted) },
});
/**
 * A superuser at an org whose month is spent: spend by agents, monitoring and the analyst against the
 * budget, the refusal every new analyst question, agent run and monitoring run gets, and the control
 * that raises the budget.
 */
export const AiBudget: Story = {
  ...spent.story,
  tags: ['screen-state', 'state:settings.ai-budget'],
  play: async ({ canvasElement }) => {
    const card = await budgetCard(canvasElement);
    const meter = within(card).getByRole('meter', { name: 'Spent this month' });
    await expect(meter).toHaveAttribute('aria-valuetext', '$100.83 of $100.00 (100%)');
    await expect(within(card).getByText('$100.83 of $100.00 (100%)')).toBeVisible();

    await expect(detail(card, 'Month')).toHaveTextContent('March 2026');
    await expect(detail(card, 'Agents')).toHaveTextContent('$71.58');
    await expect(detail(card, 'Monitoring')).toHaveTextContent('$24.90');
    await expect(detail(card, 'Analyst')).toHaveTextContent('$4.35');
    await expect(detail(card, 'Total')).toHaveTextContent('$100.83');
    await expect(detail(card, 'Monthly budget')).toHaveTextContent(
      "$100.00 (The server's default)",
    );
    await expect(detail(card, 'Starts again')).toHaveTextContent('Apr 1, 2026');

    // The refusal new model work gets, in the catalogue's words.
    const refusal = within(card).getByRole('alert');
    await expect(refusal).toHaveTextContent('AI budget spent');
    await expect(refusal).toHaveTextContent(AI_BUDGET_MESSAGES.exhausted);

    // The superuser's raise control, marked as theirs.
    const raise = within(card).getByRole('region', { name: 'Raise the budget' });
    await expect(within(raise).getByText(ORG_MESSAGES.superuserRequired)).toBeVisible();
    await expect(
      within(raise).getByLabelText('New monthly budget (US$)'),
    ).toHaveAccessibleDescription('Currently $100.00 a month. The new budget applies from now on.');
    await expect(within(raise).getByRole('button', { name: 'Raise budget' })).toBeEnabled();
    await expect(spent.api.calls('aiBudget.get')).toEqual([{ orgId: 'org_acme' }]);
    await expect(spent.api.calls('aiBudget.raise')).toEqual([]);
  },
};

const raising = screen({
  url: ORG_SETTINGS,
  session: sessionFor(users.ada),
  trpc: { ...atEnv(), ...aiBudgetScenario(aiBudgets.exhausted) },
});
/** The superuser raises it: an amount not above the budget is refused first; then the month has room again. */
export const AiBudgetRaise: Story = {
  ...raising.story,
  play: async ({ canvasElement }) => {
    const card = await budgetCard(canvasElement);
    const input = within(card).getByLabelText('New monthly budget (US$)');
    const button = within(card).getByRole('button', { name: 'Raise budget' });

    await userEvent.type(input, '80');
    await userEvent.click(button);
    await expect(await within(card).findByText(AI_BUDGET_MESSAGES.notHigher(100))).toBeVisible();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(raising.api.calls('aiBudget.raise')).toEqual([]);

    await userEvent.clear(input);
    await userEvent.type(input, '250');
    await userEvent.click(button);
    await waitFor(() =>
      expect(within(card).getByRole('meter')).toHaveAttribute(
        'aria-valuetext',
        '$100.83 of $250.00 (40%)',
      ),
    );
    await expect(raising.api.calls('aiBudget.raise')).toEqual([
      { orgId: 'org_acme', budgetUsd: 250 },
    ]);
    await expect(detail(card, 'Monthly budget')).toHaveTextContent(
      '$250.00 (Raised by a superuser)',
    );
    await expect(within(card).queryByRole('alert')).toBeNull();
    // The field empties for the next raise, which must go above the new budget.
    await expect(input).toHaveValue(null);
    await expect(input).toHaveAccessibleDescription(
      'Currently $250.00 a month. The new budget applies from now on.',
    );
    // Where the refusal's focus left the page depends on when its message came and went; the
    // screenshot shows the card from its top every time.
    card.scrollIntoView({ block: 'start' });
  },
};

const raiseRefused = screen({
  url: ORG_SETTINGS,
  session: sessionFor(users.ada),
  trpc: {
    ...atEnv(),
    ...aiBudgetScenario(aiBudgets.exhausted),
    // Another superuser raised it further meanwhile: the server's field error shows at the field.
    'aiBudget.raise': domainError(
      'INVALID',
      AI_BUDGET_MESSAGES.notHigher(300),
      'ai-budget-not-higher',
      { budgetUsd: AI_BUDGET_MESSAGES.notHigher(300) },
    ),
  },
});
export const AiBudgetRaiseRefused: Story = {
  ...raiseRefused.story,
  play: async ({ canvasElement }) => {
    const card = await budgetCard(canvasElement);
    const input = within(card).getByLabelText('New monthly budget (US$)');
    await userEvent.type(input, '200');
    await userEvent.click(within(card).getByRole('button', { name: 'Raise budget' }));
    await expect(await within(card).findByText(AI_BUDGET_MESSAGES.notHigher(300))).toBeVisible();
    await waitFor(() => expect(input).toHaveFocus());
    await expect(raiseRefused.api.calls('aiBudget.raise')).toEqual([
      { orgId: 'org_acme', budgetUsd: 200 },
    ]);
  },
};

const member = screen({
  url: ORG_SETTINGS,
  session: sessionFor(users.maya),
  trpc: { ...atEnv(), ...aiBudgetScenario(aiBudgets.exhausted) },
});
/** A member sees the month's spend and the refusal, but no way to raise the budget. */
export const AiBudgetMember: Story = {
  ...member.story,
  play: async ({ canvasElement }) => {
    const card = await budgetCard(canvasElement);
    await expect(detail(card, 'Total')).toHaveTextContent('$100.83');
    await expect(within(card).getByRole('alert')).toHaveTextContent(AI_BUDGET_MESSAGES.exhausted);
    await expect(within(card).queryByRole('region', { name: 'Raise the budget' })).toBeNull();
    await expect(within(card).queryByRole('button', { name: 'Raise budget' })).toBeNull();
  },
};
