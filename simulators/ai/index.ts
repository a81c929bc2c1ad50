/** The AI provider simulator's public surface for tests, benches and `npm start`. */
export {
  AI_VENDORS,
  type AiSimulator,
  type AiSimulatorOptions,
  baseUrlsFor,
  createAiSimulator,
  LATENCY_HEADER,
  SIM_MODELS,
} from './simulator';
export { AI_FAULT_KINDS, type AiFaultKind, type AiFaultRule, FAULT_HEADER } from './faults';
export { BRAND, NAMED_IF_ANSWER_STYLE, NAMED_OTHERWISE, OTHER_BRANDS } from './answers';
export {
  createStorefrontCrawler,
  isAnswerStyle,
  type StorefrontCrawler,
  type StorefrontProduct,
} from './storefront';
