/**
 * Acme's review queue for mocks: the proposals of the last SEO run (page titles and descriptions of
 * the 14 base products in three locales) and of the last translation run (names and short
 * descriptions the copy lacks in German and French), over the fixture catalogue
 * (mock-server/products.ts); older proposals in every other status, each with its audit trail.
 */
import type { AgentType } from '~/domain/agents/catalogue';
import { AI_MODELS } from '~/domain/ai/models';
import { DEFAULT_LOCALE, MARKUP_FIELDS, type ProductField } from '~/domain/products/entities';
import type {
  ProposalAction,
  ProposalEvent,
  ReviewDetail,
  ReviewPerson,
} from '~/domain/reviews/entities';
import { publishFailureMessage } from '~/domain/reviews/messages';
import { type ProposalStatus } from '~/domain/reviews/statuses';
import { users } from '~/mock-server/fixtures';
import { catalogueRows, productDetail } from '~/mock-server/products';

const at = (iso: string) => new Date(iso);
export const maya: ReviewPerson = { name: users.maya.name, email: users.maya.email };
export const ada: ReviewPerson = { name: users.ada.name, email: users.ada.email };
const MODEL = AI_MODELS.anthropic;

/** The runs the proposals came from (mock-server/agents.ts has the same ids). */
export const REVIEW_RUNS = {
  seo: 'run_seo_7',
  seoOlder: 'run_seo_3',
  translation: 'run_translation_2',
} as const;

type Row = (typeof catalogueRows)[number];
const rowOf = (id: string): Row => {
  const row = catalogueRows.find((r) => r.id === id);
  if (!row) throw new Error(`No fixture product ${id}`);
  return row;
};
const nameIn = (row: Row, locale: string) => row.name[locale] ?? row.name[DEFAULT_LOCALE] ?? null;
const stripTags = (markup: string) => markup.replace(/<[^>]*>/g, '');

// ——— Building proposals ———

interface ProposalSeed {
  id?: string;
  b2cProductId: string;
  field: ProductField;
  locale: string;
  agentType: AgentType;
  currentValue: string | null;
  proposedValue: string;
  reasoning: string;
  runId: string;
  createdAt: Date;
}

/** `p-{product}-{field}-{locale}`: one pending proposal per product, field and locale, so ids stay readable. */
function proposalId(seed: Pick<ProposalSeed, 'b2cProductId' | 'field' | 'locale'>, n?: number) {
  return `p-${seed.b2cProductId}-${seed.field}-${seed.locale}${n === undefined ? '' : `-${n}`}`;
}

export function event(
  proposal: Pick<ReviewDetail, 'id'>,
  n: number,
  action: ProposalAction,
  fromStatus: ProposalStatus | null,
  toStatus: ProposalStatus,
  atDate: Date,
  more: { actor?: ReviewPerson | null; note?: string | null; value?: string | null } = {},
): ProposalEvent {
  return {
    id: `${proposal.id}-e${n}`,
    proposalId: proposal.id,
    action,
    fromStatus,
    toStatus,
    actor: more.actor ?? null,
    at: atDate,
    note: more.note ?? null,
    value: more.value ?? null,
  };
}

/** A pending proposal as an agent run stores it: its one event says the agent proposed it. */
export function pendingProposal(seed: ProposalSeed): ReviewDetail {
  const row = rowOf(seed.b2cProductId);
  const id = seed.id ?? proposalId(seed);
  return {
    id,
    b2cProductId: seed.b2cProductId,
    productName: nameIn(row, seed.locale),
    productOnline: row.online,
    field: seed.field,
    locale: seed.locale,
    agentType: seed.agentType,
    status: 'pending',
    currentValue: seed.currentValue,
    proposedValue: seed.proposedValue,
    createdAt: seed.createdAt,
    reasoning: seed.reasoning,
    model: MODEL,
    runId: seed.runId,
    agentValue: null,
    markup: MARKUP_FIELDS.has(seed.field),
    decidedBy: null,
    decidedAt: null,
    rejectReason: null,
    publishedAt: null,
    conflictValue: null,
    publishFailure: null,
    otherPending: [],
    events: [event({ id }, 1, 'proposed', null, 'pending', seed.createdAt)],
  };
}

// ——— The last SEO run: page titles and descriptions ———

const CATEGORY_WORDS: Record<string, [en: string, de: string, fr: string]> = {
  'mens-outerwear': ["Men's Outerwear", 'Herren-Outdoorjacken', 'Vêtements outdoor homme'],
  'mens-shirts': ["Men's Shirts", 'Herrenhemden', 'Chemises homme'],
  'womens-tops': ["Women's Tops", 'Damen-Oberteile', 'Hauts femme'],
  'womens-dresses': ["Women's Dresses", 'Damenkleider', 'Robes femme'],
  gear: ['Outdoor Gear', 'Outdoor-Ausrüstung', 'Équipement outdoor'],
  'gear-bags': ['Bags', 'Taschen', 'Sacs'],
};
const SEO_LOCALES = ['en-US', 'de-DE', 'fr-FR'] as const;

function seoProposals(): ReviewDetail[] {
  const base = catalogueRows.filter((r) => r.kind === 'master' || r.kind === 'item');
  // The run worked from the end of the alphabet: the newest proposals are the first products.
  const ordered = [...base].sort((a, b) => b.id.localeCompare(a.id));
  const start = at('2026-03-02T08:00:10Z').getTime();
  const proposals: ReviewDetail[] = [];
  ordered.forEach((row, p) => {
    const detail = productDetail(row.id)!;
    const words = CATEGORY_WORDS[row.primaryCategoryId ?? 'gear'] ?? CATEGORY_WORDS.gear!;
    const blurb = stripTags(row.blurb.default ?? '');
    SEO_LOCALES.forEach((locale, l) => {
      const createdAt = new Date(start + (p * SEO_LOCALES.length + l) * 20_000);
      const name = nameIn(row, locale)!;
      const category = words[l]!;
      const common = { b2cProductId: row.id, locale, agentType: 'seo' as const };
      const seed = { ...common, runId: REVIEW_RUNS.seo, createdAt };
      proposals.push(
        pendingProposal({
          ...seed,
          field: 'page_title',
          currentValue: detail.fields.page_title[locale] ?? null,
          proposedValue: `${name} – ${category} | Acme Outfitters`,
          reasoning: `The title named only the product. Adding the category ("${category}") matches how shoppers search, and it stays under 60 characters so search results show it whole.`,
        }),
        pendingProposal({
          ...seed,
          field: 'page_description',
          currentValue: detail.fields.page_description[locale] ?? null,
          proposedValue:
            locale === 'en-US'
              ? `${blurb} Shop the ${name} at Acme Outfitters, with free shipping over $75 and free returns for 60 days.`
              : locale === 'de-DE'
                ? `${name} bei Acme Outfitters kaufen: kostenloser Versand ab 75 $ und 60 Tage kostenlose Rücksendung.`
                : `Achetez ${name} chez Acme Outfitters : livraison gratuite dès 75 $ et retours gratuits pendant 60 jours.`,
          reasoning:
            locale === 'en-US'
              ? 'The description repeated the title and the shipping offer. It now says what the product is for first, keeps the offer, adds free returns, and fits in 160 characters.'
              : `There was no description in ${locale}, so search engines showed a snippet of the page instead. This one names the product and the offer in the shop's usual tone.`,
        }),
      );
    });
  });
  return proposals;
}

// ——— The last translation run: names and short descriptions the copy lacks ———

const SHORT_DESCRIPTIONS: Record<string, [de: string, fr: string]> = {
  'alpine-rain-jacket': [
    '<p>Eine <strong>dreilagige</strong> wasserdichte Hardshell für lange Regentage.</p>',
    '<p>Une veste imperméable <strong>3 couches</strong> pour les longues journées de pluie.</p>',
  ],
  'coastline-knit-top': [
    '<p>Ein weicher Strick aus Bio-Baumwolle, der seine Form behält.</p>',
    '<p>Une maille douce en coton biologique qui garde sa forme.</p>',
  ],
  'harbor-oxford-shirt': [
    '<p>Ein klassisches Button-down-Hemd aus gebürstetem <em>Oxford</em>-Stoff.</p>',
    '<p>Une chemise button-down classique en toile <em>oxford</em> brossée.</p>',
  ],
  'linen-camp-shirt': [
    '<p>Luftiges europäisches Leinen mit lässigem Reverskragen.</p>',
    '<p>Un lin européen léger avec un col cubain décontracté.</p>',
  ],
  'meadow-wrap-dress': [
    '<p>Ein fließendes Wickelkleid aus recycelter Viskose.</p>',
    '<p>Une robe portefeuille fluide en viscose recyclée.</p>',
  ],
  'ridge-softshell-pants': [
    '<p>Dehnbare, winddichte Hose für Kraxeleien.</p>',
    '<p>Un pantalon extensible et coupe-vent pour les passages rocheux.</p>',
  ],
  'summit-down-vest': [
    '<p>Verantwortungsvoll gewonnene Daune (700 Cuin) in einer verstaubaren Weste.</p>',
    "<p>Un duvet 700 cuin d'origine responsable dans une doudoune compressible.</p>",
  ],
  'trailhead-fleece': [
    '<p>Eine atmungsaktive Fleece-Zwischenschicht mit Gitterstruktur für den Aufstieg.</p>',
    '<p>Une polaire intermédiaire à structure gaufrée qui respire dans la montée.</p>',
  ],
};

/** Names missing in a locale, with the translation proposed for the master (groups add their colour). */
const MISSING_NAMES: { master: string; locale: string; name: string; colours: [string, string] }[] =
  [
    {
      master: 'coastline-knit-top',
      locale: 'de-DE',
      name: 'Coastline Strickshirt',
      colours: ['Marineblau', 'Oliv'],
    },
    {
      master: 'harbor-oxford-shirt',
      locale: 'fr-FR',
      name: 'Chemise Oxford Harbor',
      colours: ['Marine', 'Olive'],
    },
    {
      master: 'linen-camp-shirt',
      locale: 'fr-FR',
      name: 'Chemise à col cubain en lin',
      colours: ['Marine', 'Olive'],
    },
  ];

function translationProposals(): ReviewDetail[] {
  const proposals: ReviewDetail[] = [];
  let second = 0;
  const createdAt = () => new Date(at('2026-02-28T13:10:30Z').getTime() + second++ * 15_000);
  const seed = { agentType: 'translation' as const, runId: REVIEW_RUNS.translation };
  for (const { master, locale, name, colours } of MISSING_NAMES) {
    const ids = [master, `${master}-nvy`, `${master}-olv`];
    ids.forEach((b2cProductId, i) => {
      proposals.push(
        pendingProposal({
          ...seed,
          b2cProductId,
          field: 'name',
          locale,
          currentValue: null,
          proposedValue: i === 0 ? name : `${name} – ${colours[i - 1]}`,
          reasoning: `The product has no name in ${locale}, so the storefront shows the default (English) one. Translated from the default name; the collection's name stays as it is.`,
          createdAt: createdAt(),
        }),
      );
    });
  }
  for (const [b2cProductId, [de, fr]] of Object.entries(SHORT_DESCRIPTIONS)) {
    for (const [locale, value] of [
      ['de-DE', de],
      ['fr-FR', fr],
    ] as const) {
      proposals.push(
        pendingProposal({
          ...seed,
          b2cProductId,
          field: 'short_description',
          locale,
          currentValue: null,
          proposedValue: value,
          reasoning: `Translated from the default short description. The markup (paragraph, emphasis) is kept as it was; the measurements stay as written.`,
          createdAt: createdAt(),
        }),
      );
    }
  }
  return proposals;
}

// ——— Decided proposals, one per status the detail shows ———

/** A decided proposal: the pending one it was, then what happened to it. */
function decided(
  seed: ProposalSeed & { n: number },
  then: (proposal: ReviewDetail) => Partial<ReviewDetail> & { status: ProposalStatus },
): ReviewDetail {
  const proposal = pendingProposal({ ...seed, id: proposalId(seed, seed.n) });
  const change = then(proposal);
  return { ...proposal, ...change, events: change.events ?? proposal.events };
}

const older = { agentType: 'seo' as const, runId: REVIEW_RUNS.seoOlder };
const olderAt = at('2026-02-27T09:14:20Z');

/** Approved by Maya a day later and published a minute after. */
export const publishedProposal = decided(
  {
    ...older,
    n: 1,
    b2cProductId: 'trailhead-fleece',
    field: 'page_keywords',
    locale: 'en-US',
    currentValue: 'fleece, jacket',
    proposedValue: 'grid fleece, fleece mid-layer, hiking fleece, breathable fleece jacket',
    reasoning:
      'The keywords were two generic words. These name the fabric, the layer and the activity shoppers search for.',
    createdAt: olderAt,
  },
  (p) => {
    const approvedAt = at('2026-02-28T10:02:00Z');
    const publishedAt = at('2026-02-28T10:02:41Z');
    return {
      status: 'published',
      decidedBy: maya,
      decidedAt: approvedAt,
      publishedAt,
      events: [
        ...p.events,
        event(p, 2, 'approved', 'pending', 'approved', approvedAt, { actor: maya }),
        event(p, 3, 'published', 'approved', 'published', publishedAt, { value: p.proposedValue }),
      ],
    };
  },
);

/** Edited by Ada before she approved it; published. */
export const editedProposal = decided(
  {
    ...older,
    n: 1,
    b2cProductId: 'canvas-tote-bag',
    field: 'page_keywords',
    locale: 'de-DE',
    currentValue: null,
    proposedValue: 'Canvas-Tasche, Tragetasche, gewachste Tasche',
    reasoning:
      'There were no German keywords. These are the terms German shoppers use for the bag.',
    createdAt: olderAt,
  },
  (p) => {
    const edited = 'Canvas-Tasche, Tragetasche, gewachste Canvas-Tasche, Ledergriffe';
    const approvedAt = at('2026-02-28T10:05:00Z');
    const publishedAt = at('2026-02-28T10:05:37Z');
    return {
      status: 'published',
      agentValue: p.proposedValue,
      proposedValue: edited,
      decidedBy: ada,
      decidedAt: approvedAt,
      publishedAt,
      events: [
        ...p.events,
        event(p, 2, 'edited', 'pending', 'pending', approvedAt, { actor: ada, value: edited }),
        event(p, 3, 'approved', 'pending', 'approved', approvedAt, { actor: ada }),
        event(p, 4, 'published', 'approved', 'published', publishedAt, { value: edited }),
      ],
    };
  },
);

/** Approved a minute ago: the publish job has not written it yet. */
export const approvedProposal = decided(
  {
    ...older,
    n: 1,
    b2cProductId: 'summit-down-vest',
    field: 'page_keywords',
    locale: 'en-US',
    currentValue: 'down vest',
    proposedValue: 'down vest, packable down vest, 700-fill vest, responsibly sourced down',
    reasoning: 'One keyword left out what sets the vest apart: the fill power and the sourcing.',
    createdAt: olderAt,
  },
  (p) => {
    const approvedAt = at('2026-03-02T11:29:10Z');
    return {
      status: 'approved',
      decidedBy: maya,
      decidedAt: approvedAt,
      events: [
        ...p.events,
        event(p, 2, 'approved', 'pending', 'approved', approvedAt, { actor: maya }),
      ],
    };
  },
);

/** Someone changed the keywords in Business Manager after the agent read them. */
export const conflictProposal = decided(
  {
    ...older,
    n: 1,
    b2cProductId: 'harbor-oxford-shirt',
    field: 'page_keywords',
    locale: 'en-US',
    currentValue: 'oxford shirt, button-down',
    proposedValue: "brushed oxford shirt, button-down collar, men's casual shirt, cotton oxford",
    reasoning: 'The keywords missed the brushed finish and the collar, which shoppers search for.',
    createdAt: olderAt,
  },
  (p) => {
    const approvedAt = at('2026-03-01T15:40:00Z');
    const conflictAt = at('2026-03-01T15:40:22Z');
    const conflictValue = "oxford shirt, button-down shirt, men's shirts, spring sale";
    return {
      status: 'conflict',
      decidedBy: maya,
      decidedAt: approvedAt,
      conflictValue,
      events: [
        ...p.events,
        event(p, 2, 'approved', 'pending', 'approved', approvedAt, { actor: maya }),
        event(p, 3, 'conflict', 'approved', 'conflict', conflictAt, { value: conflictValue }),
      ],
    };
  },
);

/** The API client may not PATCH products: the instance answered 403. */
export const publishFailedProposal = decided(
  {
    ...older,
    n: 1,
    b2cProductId: 'leather-belt',
    field: 'page_keywords',
    locale: 'en-US',
    currentValue: 'belt',
    proposedValue: 'leather belt, full-grain leather belt, brass buckle belt',
    reasoning: 'A single word is too broad: these say what the belt is made of.',
    createdAt: olderAt,
  },
  (p) => {
    const approvedAt = at('2026-03-01T16:02:00Z');
    const failedAt = at('2026-03-01T16:02:05Z');
    const message = publishFailureMessage('permission', p.b2cProductId);
    return {
      status: 'publish-failed',
      decidedBy: maya,
      decidedAt: approvedAt,
      publishFailure: { reason: 'permission', message },
      events: [
        ...p.events,
        event(p, 2, 'approved', 'pending', 'approved', approvedAt, { actor: maya }),
        event(p, 3, 'publish-failed', 'approved', 'publish-failed', failedAt, { note: message }),
      ],
    };
  },
);

/** The instance could not be reached, even after several tries. */
export const unreachableProposal = decided(
  {
    ...older,
    n: 1,
    b2cProductId: 'merino-beanie',
    field: 'page_keywords',
    locale: 'en-US',
    currentValue: 'beanie, hat',
    proposedValue: 'merino beanie, merino wool hat, itch-free beanie',
    reasoning: 'The keywords now name the wool, which is why people buy this beanie.',
    createdAt: olderAt,
  },
  (p) => {
    const approvedAt = at('2026-03-01T16:03:00Z');
    const failedAt = at('2026-03-01T16:05:40Z');
    const message = publishFailureMessage('unavailable', p.b2cProductId, '503 Service Unavailable');
    return {
      status: 'publish-failed',
      decidedBy: maya,
      decidedAt: approvedAt,
      publishFailure: { reason: 'unavailable', message },
      events: [
        ...p.events,
        event(p, 2, 'approved', 'pending', 'approved', approvedAt, { actor: maya }),
        event(p, 3, 'publish-failed', 'approved', 'publish-failed', failedAt, { note: message }),
      ],
    };
  },
);

/** Rejected by Ada, with her reason. */
export const rejectedProposal = decided(
  {
    agentType: 'translation',
    runId: REVIEW_RUNS.translation,
    n: 1,
    b2cProductId: 'meadow-wrap-dress',
    field: 'long_description',
    locale: 'fr-FR',
    currentValue: null,
    proposedValue:
      '<p>Une robe portefeuille fluide en viscose recyclée.</p><ul><li>Réparations à vie</li><li>Retours gratuits pendant 60 jours</li></ul>',
    reasoning:
      'Translated from the default long description; the list of services is kept as a list.',
    createdAt: at('2026-02-28T13:12:45Z'),
  },
  (p) => {
    const rejectedAt = at('2026-03-01T09:20:00Z');
    const reason =
      'Our French agency writes the dresses’ long descriptions; they deliver next week.';
    return {
      status: 'rejected',
      decidedBy: ada,
      decidedAt: rejectedAt,
      rejectReason: reason,
      events: [
        ...p.events,
        event(p, 2, 'rejected', 'pending', 'rejected', rejectedAt, { actor: ada, note: reason }),
      ],
    };
  },
);

/** Rejected by Maya without a reason. */
export const rejectedSilentlyProposal = decided(
  {
    ...older,
    n: 1,
    b2cProductId: 'wool-hiking-socks',
    field: 'page_keywords',
    locale: 'en-US',
    currentValue: 'socks',
    proposedValue: 'wool hiking socks, merino hiking socks, cushioned socks 3 pack',
    reasoning: 'The keywords now say what kind of socks they are, and that they come in a pack.',
    createdAt: olderAt,
  },
  (p) => {
    const rejectedAt = at('2026-03-01T09:22:00Z');
    return {
      status: 'rejected',
      decidedBy: maya,
      decidedAt: rejectedAt,
      events: [
        ...p.events,
        event(p, 2, 'rejected', 'pending', 'rejected', rejectedAt, { actor: maya }),
      ],
    };
  },
);

/** An older title a newer run proposed again: it can no longer be decided. */
export const supersededProposal = decided(
  {
    ...older,
    n: 1,
    b2cProductId: 'alpine-rain-jacket',
    field: 'page_title',
    locale: 'en-US',
    currentValue: 'Alpine Rain Jacket | Acme Outfitters',
    proposedValue: 'Alpine Rain Jacket – Waterproof Shell | Acme Outfitters',
    reasoning: 'Adds what the jacket is to the title.',
    createdAt: olderAt,
  },
  (p) => {
    const supersededAt = at('2026-03-02T08:04:50Z');
    return {
      status: 'superseded',
      events: [...p.events, event(p, 2, 'superseded', 'pending', 'superseded', supersededAt)],
    };
  },
);

/** Every proposal of the queue, pending and decided. */
export function reviewProposals(): ReviewDetail[] {
  return [
    ...seoProposals(),
    ...translationProposals(),
    publishedProposal,
    editedProposal,
    approvedProposal,
    conflictProposal,
    publishFailedProposal,
    unreachableProposal,
    rejectedProposal,
    rejectedSilentlyProposal,
    supersededProposal,
  ];
}

/** The proposals the stories open by id. */
export const REVIEW_IDS = {
  /** The Alpine Rain Jacket's English page description, from the last SEO run. */
  pending: proposalId({
    b2cProductId: 'alpine-rain-jacket',
    field: 'page_description',
    locale: 'en-US',
  }),
  published: publishedProposal.id,
  edited: editedProposal.id,
  approved: approvedProposal.id,
  conflict: conflictProposal.id,
  publishFailed: publishFailedProposal.id,
  unreachable: unreachableProposal.id,
  rejected: rejectedProposal.id,
  rejectedSilently: rejectedSilentlyProposal.id,
  superseded: supersededProposal.id,
} as const;
