/** User-facing copy of the app as a whole (default screens, transport failures); tests quote it. */
export const APP_MESSAGES = {
  somethingWentWrong: 'Something went wrong!',
  showError: 'Show Error',
  hideError: 'Hide Error',
  notFound: 'Not Found',
  invalidCharacters: 'The input contains characters that cannot be stored (such as a NUL byte).',
  /** A request that needed the database while it could not be reached (503, with a Retry-After). */
  databaseUnavailable: 'Beacon cannot reach its database. Try again in a few seconds.',
  /** The heading over databaseUnavailable (the app's outage screen, the server's outage page). */
  unavailable: 'Beacon is unavailable',
  retry: 'Retry',
  unableToTransform: 'Unable to transform response from server',
  wsClosed: 'WebSocket closed',
  wsInitError: 'Initialization error',
  wsReconnectRequested: 'Server requested reconnect',
  wsClosedBeforeConnect: 'Closed before connection was established',
} as const;
