/** The three presets; choosing one replaces every token and font. */
import { PRESET_IDS, type PresetId, PRESETS } from '~/domain/theme-designer/theme-designer';
import { cn } from '~/ui/lib/cn';

export type PresetsPanelProps = {
  current: PresetId;
  onChoose: (preset: PresetId) => void;
};

const SWATCHES = ['base-100', 'primary', 'secondary', 'accent', 'neutral'] as const;

export function PresetsPanel({ current, onChoose }: PresetsPanelProps) {
  return (
    <fieldset data-slot="presets-panel" className="flex flex-col gap-3">
      <legend className="mb-3 font-display text-lg font-semibold">Preset</legend>
      <p className="text-sm text-base-content/75">
        Choosing a preset replaces every colour and font, and the header and footer colours.
      </p>
      <div className="flex flex-wrap gap-2">
        {PRESET_IDS.map((id) => (
          <button
            key={id}
            type="button"
            aria-pressed={current === id}
            onClick={() => onChoose(id)}
            className={cn(
              'flex items-center gap-2 rounded-field border border-base-content/50 bg-base-100 px-3 py-2 text-sm font-medium text-base-content hover:bg-base-200',
              current === id && 'border-primary ring-2 ring-primary',
            )}
          >
            <span aria-hidden className="flex">
              {SWATCHES.map((token) => (
                <span
                  key={token}
                  className="-ml-1 size-4 rounded-full border border-base-content/30 first:ml-0"
                  style={{ backgroundColor: PRESETS[id].theme.colors[token] }}
                />
              ))}
            </span>
            {PRESETS[id].label}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
