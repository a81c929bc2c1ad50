/** Paste a block of CSS variables: known colour and font names apply, the rest is listed back. */
import { useState } from 'react';
import {
  type CssUpdates,
  parseCssVariables,
  type ParsedCss,
} from '~/domain/theme-designer/theme-designer';
import { Button } from '~/ui/components/button';
import { Callout } from '~/ui/components/callout';
import { Field, FieldDescription, FieldLabel } from '~/ui/components/field';
import { Textarea } from '~/ui/components/textarea';

export type CssPastePanelProps = {
  onApply: (updates: CssUpdates) => void;
};

export function CssPastePanel({ onApply }: CssPastePanelProps) {
  const [text, setText] = useState('');
  const [result, setResult] = useState<ParsedCss | null>(null);
  const applied = result
    ? Object.keys(result.updates.colors).length + Object.keys(result.updates.fonts).length
    : 0;
  return (
    <form
      data-slot="css-paste-panel"
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = parseCssVariables(text);
        setResult(parsed);
        onApply(parsed.updates);
      }}
    >
      <Field>
        <FieldLabel>CSS variables</FieldLabel>
        <Textarea
          value={text}
          rows={8}
          spellCheck={false}
          placeholder={'--primary: #1d4ed8;\n--font-display: Georgia;'}
          className="font-mono"
          onChange={(event) => setText(event.target.value)}
        />
        <FieldDescription>
          Only the designer's colour names (such as --primary or --color-primary) and --font-display
          and --font-body are read. Colours may be hex, rgb(), hsl(), oklch() or names.
        </FieldDescription>
      </Field>
      <Button type="submit" className="w-fit" disabled={text.trim() === ''}>
        Apply CSS
      </Button>
      {result ? (
        <Callout
          variant={result.ignored.length > 0 ? 'warning' : 'success'}
          title={`Updated ${applied} ${applied === 1 ? 'value' : 'values'}`}
          description={
            result.ignored.length > 0 ? (
              <>
                <p>Ignored:</p>
                <ul aria-label="Ignored CSS" className="mt-1 list-disc pl-5 font-mono">
                  {result.ignored.map((item, index) => (
                    <li key={index}>
                      {item.text} ({item.reason})
                    </li>
                  ))}
                </ul>
              </>
            ) : null
          }
        />
      ) : null}
    </form>
  );
}
