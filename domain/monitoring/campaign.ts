/**
 * The free AEO report (spec section 1): a person who signs in through `campaign=aeo` finds monitoring
 * prefilled from their instance and a first run started once onboarding completes.
 */
import { z } from 'zod/mini';

export const CAMPAIGNS = ['aeo'] as const;
export type Campaign = (typeof CAMPAIGNS)[number];

export const noteCampaignInput = z.object({ campaign: z.enum(CAMPAIGNS) });

/** Categories of the storefront catalogue the first run asks about. */
export const CAMPAIGN_PROMPT_CATEGORIES = 5;

/** The question asked about a top category: a shopper's words, with no brand in it. */
export const categoryPrompt = (category: string) => `What are the best ${category} to buy online?`;
