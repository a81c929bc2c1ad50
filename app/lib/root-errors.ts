/**
 * The React root's error hooks (createRoot's onCaughtError / onUncaughtError): outside development,
 * with Sentry configured, every error React sees, including those the router's error screen shows,
 * goes to the lazily loaded telemetry module. Nothing here loads Sentry up front.
 */
import type { ErrorInfo, RootOptions } from 'react-dom/client';
import type { reportReactError } from './telemetry';
import { type ClientEnv, sentryOptions } from './telemetry-config';

interface Telemetry {
  reportReactError: typeof reportReactError;
}

export function rootErrorOptions(
  env: ClientEnv,
  loadTelemetry: () => Promise<Telemetry>,
): Pick<RootOptions, 'onCaughtError' | 'onUncaughtError'> {
  if (!sentryOptions(env)) return {};
  const forward = (error: unknown, errorInfo: ErrorInfo) => {
    void loadTelemetry().then(({ reportReactError }) => reportReactError(error, errorInfo));
  };
  return {
    onCaughtError: forward,
    onUncaughtError: (error, errorInfo) => {
      // Nothing on screen says so: keep React's own report in the console too.
      console.error(error);
      forward(error, errorInfo);
    },
  };
}
