/** font-display and font-body, each one of the 13 self-hosted font choices. */
import '~/ui/styles/theme-fonts.css';
import {
  FONT_CHOICES,
  FONT_TOKENS,
  type FontId,
  type FontToken,
} from '~/domain/theme-designer/theme-designer';
import { Field, FieldLabel } from '~/ui/components/field';
import { OptionsSelect } from '~/ui/components/select';

export type FontsPanelProps = {
  fonts: Record<FontToken, FontId>;
  onChange: (token: FontToken, font: FontId) => void;
};

export function FontsPanel({ fonts, onChange }: FontsPanelProps) {
  return (
    <fieldset data-slot="fonts-panel" className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-3 font-display text-lg font-semibold">Fonts</legend>
      {FONT_TOKENS.map((token) => (
        <Field key={token}>
          <FieldLabel>{token}</FieldLabel>
          <OptionsSelect
            value={fonts[token]}
            onValueChange={(font) => onChange(token, font)}
            options={FONT_CHOICES.map((font) => ({
              value: font.id,
              label: font.label,
              itemProps: { style: { fontFamily: font.stack } },
            }))}
          />
        </Field>
      ))}
    </fieldset>
  );
}
