/** Renders the real app router at a URL, on a fresh QueryClient, with the real tRPC client and links. */
import { createMemoryHistory } from '@tanstack/react-router';
import { useState } from 'react';
import { AppRouterProvider, createAppRouter } from '../../app/router';

export function AppAt({ url }: { url: string }) {
  const [router] = useState(() =>
    createAppRouter({ history: createMemoryHistory({ initialEntries: [url] }) }),
  );
  return <AppRouterProvider router={router} />;
}
