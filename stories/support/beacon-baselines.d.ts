/** Built by .storybook/beacon-baselines.ts when Storybook starts or builds. */
declare module 'virtual:beacon-baselines' {
  /** Baseline file name (tests/visual/__screenshots__) → SHA-256 of the PNG, for every state-tagged story. */
  export const baselines: Record<string, string>;
  /** Catalogue id → the stories tagged `state:<id>`. */
  export const storiesByState: Record<string, { id: string; name: string }[]>;
}
