/** How the review screens write counts, agents, people, run ids and value excerpts (always as text). */
import { AGENT_CATALOGUE, type AgentType } from '~/domain/agents/catalogue';
import { MARKUP_FIELDS, type ProductField } from '~/domain/products/entities';
import { DELETED_USER } from '~/domain/account/rules';
import type { ReviewPerson } from '~/domain/reviews/entities';
import { formatCount, markupToText } from '~/ui/lib/format';

export { formatAgo, formatCount, formatDateTime, localeLabel } from '~/ui/lib/format';

/** "1 proposal", "128 proposals". */
export function proposalCount(n: number): string {
  return `${formatCount(n)} ${n === 1 ? 'proposal' : 'proposals'}`;
}

/** The agent's name as the catalogue gives it ("SEO Specialist"). */
export function agentName(type: AgentType): string {
  return AGENT_CATALOGUE.find((agent) => agent.type === type)?.name ?? type;
}

/** Who did it: a name, else an email; a deleted account reads "a deleted user"; null is Beacon itself. */
export function personName(person: ReviewPerson | null): string {
  if (person === null) return 'Beacon';
  return person.name ?? person.email ?? DELETED_USER;
}

/** A run id as people can tell it apart: a UUID's first block, other ids whole. */
export function shortId(id: string): string {
  return /^[0-9a-f]{8}-/i.test(id) ? id.slice(0, 8) : id;
}

/** Longest excerpt of a value in the queue; the detail shows it whole. */
export const EXCERPT_LENGTH = 140;

/**
 * A value as one line of plain text for the queue: markup fields lose their tags (never parsed as
 * HTML), whitespace collapses, and a long value is cut at a word with an ellipsis.
 */
export function valueExcerpt(value: string, field: ProductField): string {
  const text = (MARKUP_FIELDS.has(field) ? markupToText(value) : value).replace(/\s+/g, ' ').trim();
  if (text.length <= EXCERPT_LENGTH) return text;
  const cut = text.slice(0, EXCERPT_LENGTH);
  const space = cut.lastIndexOf(' ');
  return `${(space > EXCERPT_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
