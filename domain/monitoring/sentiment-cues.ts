/**
 * The words rule-based sentiment reads, per language (docs/product.md#sentiment): cue words that say
 * something good or bad, words that negate the cue after them, words that end a clause (and so a
 * negation's reach), words after a negation that undo it ("not only", "sans doute"), and the words
 * that carry a negation on to the next cue ("not durable or reliable").
 *
 * A language not listed here has no cues: its answers' sentiment is "not measured", never guessed
 * from another language's words. Words are written folded (lower case, straight apostrophes), as
 * `foldText` leaves the answers they are compared with.
 */

export interface SentimentLexicon {
  positive: readonly string[];
  negative: readonly string[];
  negations: readonly string[];
  /** Words that end a clause: "but", "although". Single words only. */
  clauseWords: readonly string[];
  /** After a negation, these make it no negation: "not only", "no doubt". */
  notNegating: readonly string[];
  /** After a negated cue, these carry the negation on: "or", "nor". */
  carryOn: readonly string[];
  /** Whether a word ending in "n't" negates (English contractions). */
  contractions?: boolean;
}

const words = (text: string) => text.trim().split(/\s+/);

export const SENTIMENT_LEXICONS = {
  en: {
    positive:
      words(`recommend recommends recommended best great excellent reliable trusted love loved
      favorite favourite top quality durable popular well-made standout outstanding`),
    negative: words(`avoid poor bad worst complaints overpriced disappoint disappointing flimsy
      unreliable cheaply issues problems mediocre wrong`),
    // Besides these, every "…n't" contraction ("isn't", "won't", "can't"). The French, German and
    // Spanish negations stay for English cue words in quoted phrases ("n'est pas durable").
    negations: words(`not no never hardly without neither nor cannot dont doesnt didnt isnt arent
      wasnt werent wont wouldnt shouldnt couldnt cant pas nicht jamais nunca`),
    clauseWords: words('but although though however whereas while except'),
    notNegating: words('only just doubt question wonder surprise matter'),
    carryOn: words('or nor'),
    contractions: true,
  },
  fr: {
    positive: words(`recommande recommandé recommandée recommandés recommandées meilleur meilleure
      meilleurs meilleures excellent excellente excellents excellentes fiable fiables solide solides
      durable durables qualité populaire apprécié appréciée appréciés idéal idéale incontournable top`),
    negative: words(`éviter évitez médiocre médiocres mauvais mauvaise pire décevant décevante
      décevants fragile fragiles problèmes défauts plaintes surévalué surévaluée`),
    negations: words('pas jamais sans aucun aucune guère ni'),
    clauseWords: words('mais cependant toutefois pourtant tandis sauf'),
    notNegating: words('seulement doute question'),
    carryOn: words('ou ni'),
  },
  de: {
    positive: words(`empfehlen empfehle empfohlen empfehlenswert beste besten bester bestes
      hervorragend hervorragende ausgezeichnet ausgezeichnete zuverlässig zuverlässige langlebig
      langlebige robust robuste beliebt beliebte qualität hochwertig hochwertige top`),
    negative: words(`vermeiden schlecht schlechte schlechter schlechteste mangelhaft enttäuschend
      unzuverlässig unzuverlässige probleme beschwerden überteuert minderwertig minderwertige`),
    negations: words('nicht kein keine keinen keiner nie niemals ohne weder'),
    clauseWords: words('aber doch jedoch obwohl während außer sondern'),
    notNegating: words('nur zweifel frage'),
    carryOn: words('oder noch'),
  },
  es: {
    positive: words(`recomiendo recomendado recomendada recomendados mejor mejores excelente
      excelentes fiable fiables confiable duradero duradera calidad popular robusto robusta`),
    negative: words(`evitar evite malo mala peor peores decepcionante problemas quejas frágil
      mediocre defectuoso`),
    negations: words('no nunca sin ni tampoco jamás'),
    clauseWords: words('pero aunque mientras excepto salvo'),
    notNegating: words('solo sólo duda'),
    carryOn: words('o ni'),
  },
  it: {
    positive: words(`consiglio consigliato consigliata consigliati migliore migliori eccellente
      eccellenti affidabile affidabili durevole resistente qualità popolare`),
    negative: words(`evitare evitate scarso scarsa pessimo pessima peggiore deludente problemi
      lamentele fragile mediocre difettoso`),
    negations: words('non mai senza né'),
    clauseWords: words('ma però sebbene mentre tranne tuttavia'),
    notNegating: words('solo dubbio'),
    carryOn: words('o né'),
  },
  nl: {
    positive: words(`aanbevolen aanrader beste uitstekend uitstekende betrouwbaar betrouwbare
      duurzaam duurzame kwaliteit populair populaire stevig stevige`),
    negative: words(`vermijden slecht slechte slechtste teleurstellend onbetrouwbaar problemen
      klachten middelmatig gammel`),
    negations: words('niet geen nooit zonder'),
    clauseWords: words('maar hoewel echter terwijl behalve'),
    notNegating: words('alleen twijfel'),
    carryOn: words('of noch'),
  },
  pt: {
    positive:
      words(`recomendo recomendado recomendada melhor melhores excelente excelentes confiável
      durável qualidade popular resistente`),
    negative: words(`evitar ruim péssimo péssima pior decepcionante problemas reclamações frágil
      medíocre defeituoso`),
    negations: words('não nunca sem nem jamais'),
    clauseWords: words('mas porém embora enquanto exceto contudo'),
    notNegating: words('só apenas dúvida'),
    carryOn: words('ou nem'),
  },
} as const satisfies Record<string, SentimentLexicon>;

export type SentimentLanguage = keyof typeof SENTIMENT_LEXICONS;
export const SENTIMENT_LANGUAGES = Object.keys(SENTIMENT_LEXICONS) as SentimentLanguage[];

/** The lexicon of a language ("fr", or a locale's language); null when Beacon has no cues for it. */
export function sentimentLexiconOf(language: string): SentimentLexicon | null {
  const key = language.split('-')[0]!.toLowerCase();
  return (SENTIMENT_LEXICONS as Record<string, SentimentLexicon>)[key] ?? null;
}
