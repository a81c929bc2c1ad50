import { cn } from '~/ui/lib/cn';

/** Beacon's wordmark: a lighthouse beam in the primary colour. */
export function BeaconMark({ className }: { className?: string }) {
  return (
    <div data-slot="beacon-mark" className={cn('flex items-center gap-2', className)}>
      <svg aria-hidden viewBox="0 0 32 32" className="size-8 text-primary">
        <circle cx="16" cy="16" r="15" fill="currentColor" opacity="0.12" />
        <path d="M16 6l4 20h-8z" fill="currentColor" />
        <path d="M20 10l9-4v8zM12 10L3 6v8z" fill="currentColor" opacity="0.55" />
      </svg>
      <span className="font-display text-xl font-semibold tracking-tight">Beacon</span>
    </div>
  );
}
