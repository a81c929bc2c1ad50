import { type ComponentProps, useId } from 'react';
import { cn } from '~/ui/lib/cn';
import { CopyButton } from './copy-button';

export type CodeSnippetProps = Omit<ComponentProps<'figure'>, 'title' | 'children'> & {
  code: string;
  /** Shown as a label in the header, e.g. "bash" or "JSON". */
  language?: string;
  /** Names the snippet (the figure's accessible name). */
  title?: string;
  /** The copy button's text; give each snippet on a page its own, e.g. "Copy client ID". */
  copyLabel?: string;
};

export function CodeSnippet({
  code,
  language,
  title,
  copyLabel = 'Copy',
  className,
  ...props
}: CodeSnippetProps) {
  const titleId = useId();
  return (
    <figure
      data-slot="code-snippet"
      aria-labelledby={title ? titleId : undefined}
      className={cn(
        'overflow-hidden rounded-box border border-base-300 bg-base-200 text-base-content',
        className,
      )}
      {...props}
    >
      <div
        data-slot="code-snippet-header"
        className="flex items-center gap-2 border-b border-base-300 py-1.5 pr-1.5 pl-4"
      >
        {title ? (
          <span
            id={titleId}
            data-slot="code-snippet-title"
            className="truncate text-sm font-medium"
          >
            {title}
          </span>
        ) : null}
        {language ? (
          <span
            data-slot="code-snippet-language"
            className="font-mono text-xs text-base-content/75 uppercase"
          >
            {language}
          </span>
        ) : null}
        <CopyButton
          value={code}
          label={copyLabel}
          variant="ghost"
          className="ml-auto hover:bg-base-300"
        />
      </div>
      {/* Focusable so keyboard users can scroll long lines. */}
      <pre
        data-slot="code-snippet-pre"
        tabIndex={0}
        className="overflow-x-auto bg-base-100 p-4 font-mono text-sm leading-relaxed"
      >
        <code data-slot="code-snippet-code" data-language={language}>
          {code}
        </code>
      </pre>
    </figure>
  );
}
