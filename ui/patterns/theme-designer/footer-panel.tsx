/** The landing page footer: colours, what it shows, and columns of links. */
import { PlusIcon, Trash2Icon } from 'lucide-react';
import {
  type FooterConfig,
  MAX_COLUMN_TITLE,
  MAX_COLUMNS,
} from '~/domain/theme-designer/theme-designer';
import { Button } from '~/ui/components/button';
import { Field, FieldLabel } from '~/ui/components/field';
import { Input } from '~/ui/components/input';
import { ColorField, ContrastPair } from './color-field';
import { LinksField } from './links-field';
import { ToggleField } from './toggle-field';

export type FooterPanelProps = {
  footer: FooterConfig;
  onChange: (footer: FooterConfig) => void;
};

export function FooterPanel({ footer, onChange }: FooterPanelProps) {
  const set = <K extends keyof FooterConfig>(key: K, value: FooterConfig[K]) =>
    onChange({ ...footer, [key]: value });
  const setColumn = (index: number, column: FooterConfig['columns'][number]) =>
    set(
      'columns',
      footer.columns.map((current, i) => (i === index ? column : current)),
    );
  return (
    <div data-slot="footer-panel" className="flex flex-col gap-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <ContrastPair
          background={{
            label: 'Footer background',
            value: footer.backgroundColor,
            onChange: (value) => set('backgroundColor', value),
          }}
          text={{
            label: 'Footer text',
            value: footer.textColor,
            onChange: (value) => set('textColor', value),
          }}
        />
        <ContrastPair
          background={{
            label: 'Input background',
            value: footer.inputBackgroundColor,
            onChange: (value) => set('inputBackgroundColor', value),
          }}
          text={{
            label: 'Input text',
            value: footer.inputTextColor,
            onChange: (value) => set('inputTextColor', value),
          }}
        />
        <ColorField
          label="Input placeholder"
          value={footer.inputPlaceholderColor}
          against={{ label: 'input background', value: footer.inputBackgroundColor }}
          onChange={(value) => set('inputPlaceholderColor', value)}
        />
      </div>
      <div className="flex flex-col gap-3">
        <ToggleField
          label="Show social links"
          checked={footer.showSocialLinks}
          onChange={(value) => set('showSocialLinks', value)}
        />
        <ToggleField
          label="Show newsletter"
          checked={footer.showNewsletter}
          onChange={(value) => set('showNewsletter', value)}
        />
        <ToggleField
          label="Show copyright"
          checked={footer.showCopyright}
          onChange={(value) => set('showCopyright', value)}
        />
      </div>
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-3 font-display text-lg font-semibold">Columns</legend>
        {footer.columns.map((column, index) => (
          <div
            key={index}
            data-slot="footer-column"
            className="flex flex-col gap-3 rounded-box border border-base-300 p-4"
          >
            <div className="flex items-end gap-2">
              <Field className="flex-1">
                <FieldLabel>{`Column ${index + 1} title`}</FieldLabel>
                <Input
                  value={column.title}
                  maxLength={MAX_COLUMN_TITLE}
                  onChange={(event) => setColumn(index, { ...column, title: event.target.value })}
                />
              </Field>
              <Button
                type="button"
                variant="outline"
                size="icon"
                aria-label={`Remove column ${index + 1}`}
                onClick={() =>
                  set(
                    'columns',
                    footer.columns.filter((_, i) => i !== index),
                  )
                }
              >
                <Trash2Icon aria-hidden />
              </Button>
            </div>
            <LinksField
              label={`Column ${index + 1} links`}
              links={column.links}
              onChange={(links) => setColumn(index, { ...column, links })}
            />
          </div>
        ))}
        <Button
          type="button"
          variant="outline"
          className="w-fit"
          disabled={footer.columns.length >= MAX_COLUMNS}
          onClick={() => set('columns', [...footer.columns, { title: 'New column', links: [] }])}
        >
          <PlusIcon aria-hidden />
          Add column
        </Button>
        {footer.columns.length >= MAX_COLUMNS ? (
          <p className="text-sm text-base-content/80">
            The footer holds at most {MAX_COLUMNS} columns.
          </p>
        ) : null}
      </fieldset>
    </div>
  );
}
