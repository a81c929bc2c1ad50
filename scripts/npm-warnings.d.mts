/** Types of scripts/npm-warnings.mjs. */
export function engineWarningFilter(pass: (text: string) => void): {
  write(chunk: string): void;
  end(): string[];
};
export function engineSummary(
  packages: readonly string[],
  nodeVersion: string,
  projectMajor: number,
): string | null;
