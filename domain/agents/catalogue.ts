/** The agent catalogue (docs/product.md#agents): name, autonomy and hours saved; placeholders are supervised and not yet available. */
import { AGENT_TYPES, type AgentType } from './constants';

export { AGENT_TYPES, type AgentType };

export type Autonomy = 'autonomous' | 'part-supervised' | 'supervised';

export interface CatalogueAgent {
  key: string;
  name: string;
  autonomy: Autonomy;
  hoursSaved: number | null;
  /** Set for agents with a screen of their own. */
  type: AgentType | null;
  available: boolean;
}

const placeholder = (name: string): CatalogueAgent => ({
  key: name.toLowerCase().replace(/[^a-z]+/g, '-'),
  name,
  autonomy: 'supervised',
  hoursSaved: null,
  type: null,
  available: false,
});

export const AGENT_CATALOGUE: readonly CatalogueAgent[] = [
  {
    key: 'translation',
    name: 'Localization Manager',
    autonomy: 'part-supervised',
    hoursSaved: 122,
    type: 'translation',
    available: true,
  },
  {
    key: 'seo',
    name: 'SEO Specialist',
    autonomy: 'autonomous',
    hoursSaved: 45,
    type: 'seo',
    available: true,
  },
  {
    key: 'aeo',
    name: 'AEO Specialist',
    autonomy: 'autonomous',
    hoursSaved: 24,
    type: 'aeo',
    available: true,
  },
  {
    key: 'pricing-analyst',
    name: 'Pricing Analyst',
    autonomy: 'autonomous',
    hoursSaved: null,
    type: null,
    available: false,
  },
  ...[
    'Business Intelligence Analyst',
    'Campaign Manager',
    'Promotions Manager',
    'Catalogue Manager',
    'Bundle Specialist',
    'Data Maintenance Specialist',
    'Search Experience Manager',
    'Site Reliability Engineer',
    'Front End Engineer',
  ].map(placeholder),
];

export const AUTONOMY_LABEL: Record<Autonomy, string> = {
  autonomous: 'Autonomous',
  'part-supervised': 'Part-supervised',
  supervised: 'Supervised',
};
