import type { ComponentProps } from 'react';
import { cn } from '~/ui/lib/cn';
import { useFieldControl } from './field';
import { fieldControlClasses } from './input';

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  const fieldProps = useFieldControl(props);
  return (
    <textarea
      data-slot="textarea"
      className={cn(fieldControlClasses, 'field-sizing-content min-h-20 py-2', className)}
      {...fieldProps}
    />
  );
}
