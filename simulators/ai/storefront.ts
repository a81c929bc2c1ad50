/**
 * How the AI simulator learns what a storefront says: like a crawler, over HTTP, through the B2C
 * simulator's OCAPI Shop API. It asks which storefronts are live (`/__sim/storefronts`), searches
 * each for a question's words and reads the top hits in the question's locale. A product whose
 * description answers questions (a FAQ, as the AEO agent writes one) is "answer-style", and shopping
 * answers name it more often (see `recommendations` in answers.ts).
 */
import { ocapiShopPath } from '~/domain/instances/ocapi';
import type { SimLang } from '~/simulators/b2c/data';
import { slug } from './answers';

/** A storefront product a shopping question may get as an answer. */
export interface StorefrontProduct {
  id: string;
  /** In the question's locale (else the default). */
  name: string;
  /**
   * Its storefront page in the question's locale: `https://<host>/s/<siteId>/<slug>/<id>.html`, with
   * SFRA's locale parameter for a language other than English (`…/<id>.html?lang=fr_FR`), the slug
   * written from the name in that locale.
   */
  url: string;
  /** The site's name, as shoppers know the brand. */
  brand: string;
  host: string;
  /** Its description in the locale answers questions: ≥ 30 words and a question followed by its answer. */
  answerStyle: boolean;
  /** Its price on the storefront, as its page shows it; null when the Shop API gave none. */
  price: { amount: number; currency: string } | null;
}

export interface StorefrontCrawler {
  /** The top products of every live storefront for a question; [] when the crawl fails. */
  productsFor(question: string, lang: SimLang): Promise<StorefrontProduct[]>;
}

/**
 * How long a crawl is reused: a run of thousands of samples crawls about once a second, and the
 * run after a publish sees it.
 */
export const CRAWL_CACHE_MS = 1000;
/** Hits read per storefront. */
const TOP_HITS = 3;
/** A crawl that takes longer is given up (the answer does without it). */
const CRAWL_TIMEOUT_MS = 5000;
const MAX_CACHED_QUESTIONS = 1000;

const LOCALE: Record<SimLang, string> = { en: 'en-US', fr: 'fr-FR', de: 'de-DE' };

/** A product's storefront page in a language; English pages keep the site's default locale. */
function storefrontPageUrl(
  store: { host: string; siteId: string },
  id: string,
  name: string,
  lang: SimLang,
): string {
  const page = `https://${store.host}/s/${store.siteId}/${slug(name) || 'product'}/${encodeURIComponent(id)}.html`;
  return lang === 'en' ? page : `${page}?lang=${LOCALE[lang].replace('-', '_')}`;
}

/** Words a question has that say nothing about the product. */
const STOP_WORDS = new Set(
  [
    // en
    'what which who whom where when why how the and for with that this these those are was were',
    'is be can could should would will you your yours any some good best better great nice need',
    'want looking recommend recommendation recommendations buy find get give does do did from into',
    'about there their they them have has had one ones most more very really please me my our',
    // fr
    'quel quelle quels quelles est les des une pour avec dans sur qui que quoi comment bon bonne',
    'meilleur meilleure meilleurs acheter cherche trouver vous nous mon mes une',
    // de
    'was welche welcher welches ist ein eine einen der die das den dem für mit und ich wir gut gute',
    'guter gutes beste besten kaufen suche finden empfehlen',
  ]
    .join(' ')
    .split(' '),
);

/** A question's search words: three letters or more, not stop words, first occurrence order. */
export function contentWords(question: string): string[] {
  const words = question
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 3 && !STOP_WORDS.has(w));
  return [...new Set(words)];
}

/** Markup as a reader sees it: tags gone, whitespace collapsed. */
const plainText = (markup: string) =>
  markup
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Whether a description answers questions: at least 30 words and a question followed by its answer.
 * The catalogue's seeded descriptions (one or two plain sentences) are not.
 */
export function isAnswerStyle(markup: string | undefined): boolean {
  if (!markup) return false;
  const text = plainText(markup);
  const words = text.split(' ').filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return words >= 30 && /\?\s*\S/.test(text);
}

interface LiveStorefront {
  host: string;
  baseUrl: string;
  siteId: string;
  siteName: string;
  clientId: string;
}

interface ShopProduct {
  id: string;
  name?: string;
  short_description?: string;
  long_description?: string;
  price?: number;
  currency?: string;
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { signal: AbortSignal.timeout(CRAWL_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return (await response.json()) as T;
}

interface Cached<T> {
  at: number;
  value: Promise<T>;
}

export function createStorefrontCrawler(b2cSimulatorUrl: string): StorefrontCrawler {
  const origin = b2cSimulatorUrl.replace(/\/+$/, '');
  let storefronts: Cached<LiveStorefront[]> | null = null;
  const questions = new Map<string, Cached<StorefrontProduct[]>>();
  const fresh = (entry: Cached<unknown> | null | undefined): boolean =>
    !!entry && Date.now() - entry.at < CRAWL_CACHE_MS;

  const liveStorefronts = () => {
    if (!storefronts || !fresh(storefronts)) {
      storefronts = {
        at: Date.now(),
        value: getJson<LiveStorefront[]>(`${origin}/__sim/storefronts`),
      };
    }
    return storefronts.value;
  };

  const crawl = async (
    store: LiveStorefront,
    words: string[],
    lang: SimLang,
  ): Promise<StorefrontProduct[]> => {
    const shop = `${store.baseUrl}${ocapiShopPath(store.siteId)}`;
    const params = (extra: Record<string, string>) =>
      new URLSearchParams({ ...extra, locale: LOCALE[lang], client_id: store.clientId });
    const search = await getJson<{ hits?: { product_id: string }[] }>(
      `${shop}/product_search?${params({ q: words.join(' '), count: String(TOP_HITS) })}`,
    );
    const ids = (search.hits ?? []).slice(0, TOP_HITS).map((h) => h.product_id);
    if (ids.length === 0) return [];
    const list = `(${ids.map(encodeURIComponent).join(',')})`;
    const products = await getJson<{ data?: ShopProduct[] }>(
      `${shop}/products/${list}?${params({ expand: 'prices' })}`,
    );
    const byId = new Map((products.data ?? []).map((p) => [p.id, p]));
    return ids.flatMap((id) => {
      const p = byId.get(id);
      if (!p) return [];
      const name = p.name ?? id;
      return [
        {
          id,
          name,
          url: storefrontPageUrl(store, id, name, lang),
          brand: store.siteName,
          host: store.host,
          answerStyle: isAnswerStyle(p.long_description ?? p.short_description),
          price:
            typeof p.price === 'number' && p.currency
              ? { amount: p.price, currency: p.currency }
              : null,
        },
      ];
    });
  };

  const productsFor = async (question: string, lang: SimLang) => {
    const words = contentWords(question);
    if (words.length === 0) return [];
    const stores = await liveStorefronts();
    const found = await Promise.all(stores.map((store) => crawl(store, words, lang)));
    return found.flat();
  };

  return {
    productsFor(question, lang) {
      const key = `${lang}\n${question}`;
      const cached = questions.get(key);
      if (cached && fresh(cached)) return cached.value;
      // Any failure is no storefront: the answer falls back to the simulator's own brand.
      const value = productsFor(question, lang).catch(() => []);
      questions.delete(key);
      questions.set(key, { at: Date.now(), value });
      if (questions.size > MAX_CACHED_QUESTIONS) {
        for (const [k, entry] of questions) if (!fresh(entry)) questions.delete(k);
        if (questions.size > MAX_CACHED_QUESTIONS) questions.delete(questions.keys().next().value!);
      }
      return value;
    },
  };
}
