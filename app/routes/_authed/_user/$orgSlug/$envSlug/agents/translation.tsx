/** /app/{orgSlug}/{envSlug}/agents/translation: the Localization Manager's config, runs and history. */
import { createFileRoute } from '@tanstack/react-router';
import { SCREEN_GATES } from '~/domain/orgs/gating';
import { TranslationConfigForm } from '~/ui/patterns/agents/translation-form';
import { AgentScreen, loadAgentScreen } from './-agent/agent-screen';

export const Route = createFileRoute('/_authed/_user/$orgSlug/$envSlug/agents/translation')({
  staticData: { gate: SCREEN_GATES.agents },
  // The loader loads with the screen's chunk: the agents area stays out of the entry
  // (docs/decisions/0002-lean-entry-chunk.md).
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  loader: ({ context }) => loadAgentScreen(context, 'translation'),
  component: Screen,
});

function Screen() {
  return (
    <AgentScreen
      agentType="translation"
      description="Translates product content into your storefront languages; you review every proposal."
      renderForm={(props) => <TranslationConfigForm {...props} />}
    />
  );
}
