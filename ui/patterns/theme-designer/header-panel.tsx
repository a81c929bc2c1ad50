/** The landing page header: logo, navigation, colours, height and stickiness. */
import {
  type HeaderConfig,
  isSafeHref,
  LOGO_POSITIONS,
  LOGO_SIZES,
  MAX_URL_LENGTH,
} from '~/domain/theme-designer/theme-designer';
import { Field, FieldDescription, FieldError, FieldLabel } from '~/ui/components/field';
import { Input } from '~/ui/components/input';
import { ContrastPair } from './color-field';
import { draftInputProps, useDraft } from './draft';
import { LinksField } from './links-field';
import { OptionGroup } from './option-group';
import { ToggleField } from './toggle-field';

export type HeaderPanelProps = {
  header: HeaderConfig;
  onChange: (header: HeaderConfig) => void;
};

const LOGO_URL_TOO_LONG = `The logo URL is too long: at most ${MAX_URL_LENGTH.toLocaleString('en')} characters.`;

/** A text setting that is committed on blur or Enter only when valid; otherwise it says why. */
function CommittedInput({
  label,
  description,
  value,
  normalise,
  onCommit,
}: {
  label: string;
  description: string;
  value: string;
  normalise: (text: string) => { ok: true; value: string } | { ok: false; reason: string };
  onCommit: (value: string) => void;
}) {
  const { draft, setDraft, error, setError } = useDraft(value);
  function commit() {
    const result = normalise(draft.trim());
    if (!result.ok) {
      const kept = value.length > 60 ? `${value.slice(0, 60)}…` : value;
      return setError(
        kept === '' ? `${result.reason} Kept it empty.` : `${result.reason} Kept “${kept}”.`,
      );
    }
    setError(null);
    setDraft(result.value);
    if (result.value !== value) onCommit(result.value);
  }
  return (
    <Field>
      <FieldLabel>{label}</FieldLabel>
      <Input {...draftInputProps(draft, setDraft, commit)} />
      <FieldDescription>{description}</FieldDescription>
      <FieldError>{error}</FieldError>
    </Field>
  );
}

export function HeaderPanel({ header, onChange }: HeaderPanelProps) {
  const set = <K extends keyof HeaderConfig>(key: K, value: HeaderConfig[K]) =>
    onChange({ ...header, [key]: value });
  return (
    <div data-slot="header-panel" className="flex flex-col gap-6">
      <CommittedInput
        label="Logo URL"
        description="An https:// image address, or leave empty to show the store name."
        value={header.logoUrl}
        normalise={(text) =>
          text.length > MAX_URL_LENGTH
            ? { ok: false, reason: LOGO_URL_TOO_LONG }
            : text === '' || (isSafeHref(text) && !text.startsWith('mailto:'))
              ? { ok: true, value: text }
              : { ok: false, reason: 'Use an https:// or site-relative image address.' }
        }
        onCommit={(value) => set('logoUrl', value)}
      />
      <div className="flex flex-wrap gap-6">
        <OptionGroup
          legend="Logo position"
          name="logo-position"
          options={LOGO_POSITIONS}
          value={header.logoPosition}
          onChange={(value) => set('logoPosition', value)}
        />
        <OptionGroup
          legend="Logo size"
          name="logo-size"
          options={LOGO_SIZES}
          value={header.logoSize}
          onChange={(value) => set('logoSize', value)}
        />
      </div>
      <ToggleField
        label="Show navigation"
        checked={header.showNavigation}
        onChange={(value) => set('showNavigation', value)}
      />
      {header.showNavigation ? (
        <LinksField
          label="Navigation links"
          links={header.navigationItems}
          onChange={(value) => set('navigationItems', value)}
        />
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <ContrastPair
          background={{
            label: 'Header background',
            value: header.backgroundColor,
            onChange: (value) => set('backgroundColor', value),
          }}
          text={{
            label: 'Header text',
            value: header.textColor,
            onChange: (value) => set('textColor', value),
          }}
        />
      </div>
      <CommittedInput
        label="Height"
        description="In pixels, 40px to 200px. The default is 64px."
        value={header.height}
        normalise={(text) => {
          const match = /^(\d{2,3})(px)?$/.exec(text);
          const px = match ? Number(match[1]) : NaN;
          return px >= 40 && px <= 200
            ? { ok: true, value: `${px}px` }
            : { ok: false, reason: 'Enter a height from 40px to 200px.' };
        }}
        onCommit={(value) => set('height', value)}
      />
      <ToggleField
        label="Sticky header"
        checked={header.sticky}
        onChange={(value) => set('sticky', value)}
      />
    </div>
  );
}
