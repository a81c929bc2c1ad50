/** Export the theme as CSS variables or JSON, and import the JSON back. */
import { useState } from 'react';
import {
  type DesignerState,
  exportCss,
  exportJson,
  importJson,
} from '~/domain/theme-designer/theme-designer';
import { Button } from '~/ui/components/button';
import { Callout } from '~/ui/components/callout';
import { CodeSnippet } from '~/ui/components/code-snippet';
import { Field, FieldError, FieldLabel } from '~/ui/components/field';
import { Textarea } from '~/ui/components/textarea';

export type ExportPanelProps = {
  state: DesignerState;
  onImport: (state: DesignerState) => void;
};

export function ExportPanel({ state, onImport }: ExportPanelProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [imported, setImported] = useState(false);
  return (
    <div data-slot="export-panel" className="flex flex-col gap-6">
      <CodeSnippet
        title="CSS variables"
        language="css"
        copyLabel="Copy CSS"
        code={exportCss(state.theme)}
        className="[&_pre]:max-h-64"
      />
      <CodeSnippet
        title="Designer JSON"
        language="json"
        copyLabel="Copy JSON"
        code={exportJson(state)}
        className="[&_pre]:max-h-64"
      />
      <form
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          const result = importJson(text);
          setImported(result.ok);
          if (!result.ok) return setError(result.reason);
          setError(null);
          setText('');
          onImport(result.state);
        }}
      >
        <Field>
          <FieldLabel>Import JSON</FieldLabel>
          <Textarea
            value={text}
            rows={5}
            spellCheck={false}
            className="font-mono"
            onChange={(event) => setText(event.target.value)}
          />
          <FieldError>{error}</FieldError>
        </Field>
        <Button type="submit" variant="outline" className="w-fit" disabled={text.trim() === ''}>
          Import
        </Button>
        {imported ? <Callout variant="success" title="Theme imported" /> : null}
      </form>
    </div>
  );
}
