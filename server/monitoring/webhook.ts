// Placeholder until the sender lands from its branch (replaced by the merge).
export class WebhookError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}
export interface WebhookSender {
  send(url: string, body: unknown): Promise<void>;
}
export function createWebhookSender(_options: {
  allowLocal: boolean;
  timeoutMs?: number;
}): WebhookSender {
  return { send: async () => {} };
}
