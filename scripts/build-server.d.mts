/** Types of scripts/build-server.mjs (used by the server bench). */
export function buildServer(options?: {
  entries?: string[];
  outdir?: string;
  quiet?: boolean;
}): Promise<string[]>;
