/** Types of scripts/test.mjs. */
export interface Stage {
  name: string;
  command: string[];
  /** Stages that run beside this one, one after the other, when both are chosen. */
  beside?: string[];
  /** The command when the build stage is not chosen. */
  unbuilt?: string[];
}
export interface Options {
  only: string[] | null;
  from: string | null;
  stress: boolean;
}
export function parseArgs(argv: string[]): Options;
export function selectedStages(options: Options): Stage[];
export function formatDuration(ms: number): string;
