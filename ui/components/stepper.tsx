import { cva, type VariantProps } from 'class-variance-authority';
import { CheckIcon } from 'lucide-react';
import { type ComponentProps, useId } from 'react';
import { cn } from '~/ui/lib/cn';

export type StepperStep = { id: string; label: string; description?: string };

export type StepState = 'done' | 'current' | 'upcoming';

export const stepperVariants = cva('flex', {
  variants: {
    orientation: {
      horizontal: 'flex-row flex-wrap gap-x-6 gap-y-3',
      vertical: 'flex-col gap-4',
    },
  },
  defaultVariants: { orientation: 'vertical' },
});

const indicatorVariants = cva(
  'flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-semibold [&_svg]:size-4',
  {
    variants: {
      state: {
        done: 'border-primary bg-primary text-primary-content',
        current: 'border-primary bg-base-100 text-primary',
        upcoming: 'border-base-300 bg-base-200 text-base-content/75',
      },
    },
  },
);

/** Screen-reader prefix; current is announced by aria-current="step" instead. */
const STATE_TEXT: Record<StepState, string | null> = {
  done: 'Completed:',
  current: null,
  upcoming: 'Not started:',
};

export type StepperProps = Omit<ComponentProps<'ol'>, 'children'> &
  VariantProps<typeof stepperVariants> & {
    steps: readonly StepperStep[];
    currentId: string;
    doneIds: readonly string[];
    /** Called with a done step's id; only done steps can be revisited. */
    onStepClick?: (id: string) => void;
  };

export function Stepper({
  steps,
  currentId,
  doneIds,
  onStepClick,
  orientation,
  className,
  ...props
}: StepperProps) {
  const baseId = useId();
  return (
    <ol
      data-slot="stepper"
      data-orientation={orientation ?? 'vertical'}
      className={cn(stepperVariants({ orientation }), className)}
      {...props}
    >
      {steps.map((step, index) => {
        const state: StepState =
          step.id === currentId ? 'current' : doneIds.includes(step.id) ? 'done' : 'upcoming';
        const ids = {
          state: `${baseId}-${index}-state`,
          label: `${baseId}-${index}-label`,
          description: `${baseId}-${index}-description`,
        };
        const stateText = STATE_TEXT[state];
        const body = (
          <>
            <span
              data-slot="stepper-indicator"
              aria-hidden
              className={indicatorVariants({ state })}
            >
              {state === 'done' ? <CheckIcon /> : index + 1}
            </span>
            <span className="flex min-w-0 flex-col gap-0.5 text-left">
              {stateText ? (
                <span id={ids.state} className="sr-only">
                  {stateText}
                </span>
              ) : null}
              <span
                id={ids.label}
                data-slot="stepper-label"
                className={cn(
                  'text-sm font-medium',
                  state === 'upcoming' ? 'text-base-content/75' : 'text-base-content',
                )}
              >
                {step.label}
              </span>
              {step.description ? (
                <span
                  id={ids.description}
                  data-slot="stepper-description"
                  className="text-sm text-base-content/75"
                >
                  {step.description}
                </span>
              ) : null}
            </span>
          </>
        );
        return (
          <li
            key={step.id}
            data-slot="stepper-step"
            data-state={state}
            aria-current={state === 'current' ? 'step' : undefined}
            className="flex min-w-0"
          >
            {state === 'done' ? (
              <button
                type="button"
                data-slot="stepper-button"
                aria-labelledby={`${ids.state} ${ids.label}`}
                aria-describedby={step.description ? ids.description : undefined}
                onClick={() => onStepClick?.(step.id)}
                className="-m-1 flex items-start gap-3 rounded-field p-1 transition-colors hover:bg-base-200"
              >
                {body}
              </button>
            ) : (
              <div data-slot="stepper-item" className="flex items-start gap-3 p-0">
                {body}
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}
