import * as SwitchPrimitive from '@radix-ui/react-switch';
import type { ComponentProps } from 'react';
import { cn } from '~/ui/lib/cn';
import { useFieldControl } from './field';

export function Switch({ className, ...props }: ComponentProps<typeof SwitchPrimitive.Root>) {
  const fieldProps = useFieldControl(props);
  return (
    <SwitchPrimitive.Root
      data-slot="switch"
      className={cn(
        'peer inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition-colors disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-primary data-[state=unchecked]:bg-base-content/55 aria-invalid:ring-2 aria-invalid:ring-error aria-invalid:ring-offset-2 aria-invalid:ring-offset-base-100',
        className,
      )}
      {...fieldProps}
    >
      <SwitchPrimitive.Thumb
        data-slot="switch-thumb"
        className="pointer-events-none block size-5 rounded-full bg-base-100 shadow-sm ring-0 transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0"
      />
    </SwitchPrimitive.Root>
  );
}
