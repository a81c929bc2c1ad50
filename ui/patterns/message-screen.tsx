import type { ReactNode } from 'react';
import { BeaconMark } from './beacon-mark';

/** A full-page message with an optional way forward (org-context errors, no envs, …), or a short form as children. */
export function MessageScreen({
  title,
  description,
  action,
  children,
}: {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <main
      data-slot="message-screen"
      className="flex min-h-svh items-center justify-center bg-base-200 p-6"
    >
      <div className="flex w-full max-w-lg flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-8 shadow-sm">
        <BeaconMark />
        <h1 className="font-display text-xl font-semibold">{title}</h1>
        {description ? <p className="text-base-content/80">{description}</p> : null}
        {children}
        {action ? <div className="flex gap-3">{action}</div> : null}
      </div>
    </main>
  );
}
