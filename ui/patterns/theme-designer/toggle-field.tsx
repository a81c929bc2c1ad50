/** A labelled Switch, for the header and footer's on/off settings. */
import { Field, FieldLabel } from '~/ui/components/field';
import { Switch } from '~/ui/components/switch';

export function ToggleField({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Field orientation="horizontal">
      <Switch checked={checked} onCheckedChange={onChange} />
      <FieldLabel>{label}</FieldLabel>
    </Field>
  );
}
