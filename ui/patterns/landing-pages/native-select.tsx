/** A plain <select> styled as a field control: short fixed lists (locales, themes) in landing page forms. */
import type { ComponentProps } from 'react';
import { useFieldControl } from '~/ui/components/field';
import { fieldControlClasses } from '~/ui/components/input';
import { cn } from '~/ui/lib/cn';

export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  const fieldProps = useFieldControl(props);
  return (
    <select
      data-slot="native-select"
      className={cn(fieldControlClasses, 'h-10 py-2', className)}
      {...fieldProps}
    />
  );
}
