/** /app/{orgSlug}/{envSlug}/agents/aeo: the AEO Specialist's config, runs and history. */
import { createFileRoute } from '@tanstack/react-router';
import { SCREEN_GATES } from '~/domain/orgs/gating';
import { AeoConfigForm } from '~/ui/patterns/agents/aeo-form';
import { AgentScreen, loadAgentScreen } from './-agent/agent-screen';

export const Route = createFileRoute('/_authed/_user/$orgSlug/$envSlug/agents/aeo')({
  staticData: { gate: SCREEN_GATES.agents },
  // The loader loads with the screen's chunk: the agents area stays out of the entry
  // (docs/decisions/0002-lean-entry-chunk.md).
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  loader: ({ context }) => loadAgentScreen(context, 'aeo'),
  component: Screen,
});

function Screen() {
  return (
    <AgentScreen
      agentType="aeo"
      description="Improves how AI assistants understand your brand, products and categories."
      renderForm={(props) => <AeoConfigForm {...props} />}
    />
  );
}
