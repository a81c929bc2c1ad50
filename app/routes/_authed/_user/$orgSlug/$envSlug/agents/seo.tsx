/** /app/{orgSlug}/{envSlug}/agents/seo: the SEO Specialist's config, runs and history. */
import { createFileRoute } from '@tanstack/react-router';
import { SCREEN_GATES } from '~/domain/orgs/gating';
import { SeoConfigForm } from '~/ui/patterns/agents/seo-form';
import { AgentScreen, loadAgentScreen } from './-agent/agent-screen';

export const Route = createFileRoute('/_authed/_user/$orgSlug/$envSlug/agents/seo')({
  staticData: { gate: SCREEN_GATES.agents },
  // The loader loads with the screen's chunk: the agents area stays out of the entry
  // (docs/decisions/0002-lean-entry-chunk.md).
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  loader: ({ context }) => loadAgentScreen(context, 'seo'),
  component: Screen,
});

function Screen() {
  return (
    <AgentScreen
      agentType="seo"
      description="Writes page titles, descriptions, keywords and product descriptions for the catalogs you choose."
      renderForm={(props) => <SeoConfigForm {...props} />}
    />
  );
}
