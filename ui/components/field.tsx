/**
 * Field groups a label, one control, a description and an error, and wires their ids.
 *
 * How: Field holds a small context (ids + which parts are mounted). FieldDescription and
 * FieldError register themselves while rendered; the controls in ui/ (Input, Textarea,
 * SelectTrigger, Checkbox, Switch) read the context through useFieldControl and get `id`,
 * `aria-describedby` (only ids that exist) and `aria-invalid` (true while a FieldError shows).
 * Chosen over a render-prop or a FieldControl wrapper because call sites stay plain JSX
 * and a missing error can never leave a dangling aria-describedby. Inside a Field the Field's id
 * wins (the label points at it); describedby ids are merged; an explicit aria-invalid wins.
 * Outside a Field the hook is a no-op.
 */
import * as LabelPrimitive from '@radix-ui/react-label';
import { cva, type VariantProps } from 'class-variance-authority';
import {
  type ComponentProps,
  createContext,
  type ReactNode,
  use,
  useCallback,
  useId,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import { cn } from '~/ui/lib/cn';

type FieldPart = 'description' | 'error';

type FieldContextValue = {
  controlId: string;
  descriptionId: string;
  errorId: string;
  hasDescription: boolean;
  hasError: boolean;
  register: (part: FieldPart) => () => void;
};

const FieldContext = createContext<FieldContextValue | null>(null);

export const fieldVariants = cva('grid', {
  variants: {
    orientation: {
      vertical: 'gap-2',
      // For a Checkbox or Switch: control, then label; description and error line up under the label.
      horizontal:
        'grid-cols-[auto_1fr] items-center gap-x-3 gap-y-1 *:data-[slot=field-description]:col-start-2 *:data-[slot=field-error]:col-start-2',
    },
  },
  defaultVariants: { orientation: 'vertical' },
});

export type FieldProps = ComponentProps<'div'> & VariantProps<typeof fieldVariants>;

export function Field({ className, orientation, ...props }: FieldProps) {
  const id = useId();
  const [parts, setParts] = useState({ description: 0, error: 0 });
  const register = useCallback((part: FieldPart) => {
    setParts((p) => ({ ...p, [part]: p[part] + 1 }));
    return () => setParts((p) => ({ ...p, [part]: p[part] - 1 }));
  }, []);
  const value = useMemo<FieldContextValue>(
    () => ({
      controlId: `${id}-control`,
      descriptionId: `${id}-description`,
      errorId: `${id}-error`,
      hasDescription: parts.description > 0,
      hasError: parts.error > 0,
      register,
    }),
    [id, parts.description, parts.error, register],
  );
  return (
    <FieldContext value={value}>
      <div
        data-slot="field"
        data-orientation={orientation ?? 'vertical'}
        data-invalid={value.hasError || undefined}
        className={cn(fieldVariants({ orientation }), className)}
        {...props}
      />
    </FieldContext>
  );
}

type ControlA11yProps = {
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false' | 'grammar' | 'spelling';
};

/** Merges a Field's ids into a control's props; returns the props unchanged outside a Field. */
export function useFieldControl<P extends ControlA11yProps>(props: P): P {
  const field = use(FieldContext);
  if (!field) return props;
  const describedBy = [
    field.hasDescription ? field.descriptionId : null,
    field.hasError ? field.errorId : null,
    props['aria-describedby'],
  ]
    .filter(Boolean)
    .join(' ');
  return {
    ...props,
    id: field.controlId,
    'aria-describedby': describedBy || undefined,
    'aria-invalid': props['aria-invalid'] ?? (field.hasError || undefined),
  };
}

function useRegisterPart(part: FieldPart, mounted: boolean) {
  const register = use(FieldContext)?.register;
  useLayoutEffect(
    () => (mounted && register ? register(part) : undefined),
    [mounted, register, part],
  );
}

export function FieldLabel({
  className,
  htmlFor,
  ...props
}: ComponentProps<typeof LabelPrimitive.Root>) {
  const field = use(FieldContext);
  return (
    <LabelPrimitive.Root
      data-slot="field-label"
      htmlFor={htmlFor ?? field?.controlId}
      className={cn(
        'w-fit text-sm leading-none font-medium text-base-content select-none',
        className,
      )}
      {...props}
    />
  );
}

export function FieldDescription({ className, id, ...props }: ComponentProps<'p'>) {
  const field = use(FieldContext);
  useRegisterPart('description', true);
  return (
    <p
      data-slot="field-description"
      id={field?.descriptionId ?? id}
      className={cn('text-sm text-base-content/70', className)}
      {...props}
    />
  );
}

export type FieldErrorProps = Omit<ComponentProps<'p'>, 'children'> & {
  /** The message; nothing renders (and the control is not invalid) while it is empty. */
  children?: ReactNode;
};

export function FieldError({ className, id, children, ...props }: FieldErrorProps) {
  const field = use(FieldContext);
  const shown = children != null && children !== false && children !== '';
  useRegisterPart('error', shown);
  if (!shown) return null;
  return (
    <p
      data-slot="field-error"
      role="alert"
      id={field?.errorId ?? id}
      className={cn('text-sm font-medium text-error', className)}
      {...props}
    >
      {children}
    </p>
  );
}
