/** The monitoring procedures as the authorization walk (server/trpc/authz.test.ts) calls them. */
import { expect } from 'vitest';
import { SEED_ENVS } from '~/server/seed-data';
import {
  type AuthzSamples,
  WALK_ALERT_ID,
  WALK_MONITORING_RUN_ID,
  WALK_PROMPT_KEY,
} from '~/server/trpc/authz-sample';

const env = (f: { acme: string }) => ({ orgId: f.acme, envId: SEED_ENVS.acmeProd.id });

export const authzSamples: AuthzSamples = {
  // Names no org: anyone signed in may note their own campaign, which touches only their own row.
  'monitoring.noteCampaign': {
    input: () => ({ campaign: 'aeo' }),
    nonMember: { result: (v) => expect(v).toBeUndefined() },
  },
  'monitoring.getConfig': { input: env },
  'monitoring.saveConfig': {
    input: (f) => ({
      ...env(f),
      brandName: 'Acme',
      brandDomain: 'acme.example',
      newPrompts: ['Where can I buy a good rain jacket?'],
      engines: ['openai'],
    }),
  },
  'monitoring.start': { input: env },
  'monitoring.runs': { input: env },
  'monitoring.results': { input: (f) => ({ ...env(f), engine: 'openai' }) },
  'monitoring.sources': { input: (f) => ({ ...env(f), engine: 'openai' }) },
  'monitoring.accuracy': { input: (f) => ({ ...env(f), engine: 'openai' }) },
  'monitoring.prompt': { input: (f) => ({ ...env(f), promptKey: WALK_PROMPT_KEY }) },
  'monitoring.watchRun': { input: (f) => ({ ...env(f), runId: WALK_MONITORING_RUN_ID }) },
  'monitoring.alerts': { input: env },
  'monitoring.dismissAlert': { input: (f) => ({ ...env(f), alertId: WALK_ALERT_ID }) },
  'monitoring.answerRetention': { input: (f) => ({ orgId: f.acme }) },
  // Maya owns acme; the default keeps the walk's database as it was.
  'monitoring.setAnswerRetention': { input: (f) => ({ orgId: f.acme, days: 180 }) },
};
