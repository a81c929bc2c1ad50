/** Types of scripts/project-node.mjs. */
export const PROJECT_NODE_MAJOR: number;
export function projectNode(
  root: string,
): { binary: string; version: string; error?: undefined } | { error: string; binary?: undefined };
