/** The frame every onboarding step shares: instance badge, heading, body, Previous. */
import { ArrowLeftIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Button } from '~/ui/components/button';

export function StepPanel({
  title,
  description,
  badge,
  onPrevious,
  children,
}: {
  title: string;
  description?: ReactNode;
  /** The chosen instance's badge, on every step after the first. */
  badge?: ReactNode;
  /** Goes back one step; no Previous button when absent. */
  onPrevious?: () => void;
  children?: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      data-slot="onboarding-step"
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-6"
    >
      <header className="flex flex-col gap-2">
        {badge ? <div>{badge}</div> : null}
        <h2 id={headingId} className="font-display text-xl font-semibold">
          {title}
        </h2>
        {description ? <p className="text-sm text-base-content/75">{description}</p> : null}
      </header>
      {children}
      {onPrevious ? (
        <footer className="border-t border-base-300 pt-4">
          <Button type="button" variant="outline" onClick={onPrevious}>
            <ArrowLeftIcon aria-hidden />
            Previous
          </Button>
        </footer>
      ) : null}
    </section>
  );
}
