/** All the designer's colour tokens, each with its contrast against its pair. */
import {
  COLOR_TOKENS,
  type ColorToken,
  CONTRAST_PAIRS,
} from '~/domain/theme-designer/theme-designer';
import { ColorField } from './color-field';

export type ColorTokenEditorProps = {
  colors: Record<ColorToken, string>;
  onChange: (token: ColorToken, oklch: string) => void;
};

export function ColorTokenEditor({ colors, onChange }: ColorTokenEditorProps) {
  return (
    <fieldset data-slot="color-token-editor" className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-3 font-display text-lg font-semibold">Colours</legend>
      {COLOR_TOKENS.map((token) => (
        <ColorField
          key={token}
          label={token}
          value={colors[token]}
          against={{ label: CONTRAST_PAIRS[token], value: colors[CONTRAST_PAIRS[token]] }}
          onChange={(value) => onChange(token, value)}
        />
      ))}
    </fieldset>
  );
}
