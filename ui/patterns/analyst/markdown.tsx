/**
 * An analyst answer's Markdown, rendered without HTML: raw HTML in the text is dropped (skipHtml, no
 * rehype-raw), links stay links only to app screens and http(s) pages (the rest is their text), and
 * images show their alt text. Loaded in its own chunk with the analyst screen.
 */
import type { ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { analystLinkKind, EXTERNAL_LINK_PROPS } from './links';

export interface AnalystMarkdownProps {
  text: string;
  /** An app screen's link (a router link), for an href analystLinkKind calls 'app'. */
  renderAppLink(href: string, children: ReactNode): ReactNode;
}

const linkClass = 'text-primary underline underline-offset-4';

/** Keeps allowed hrefs; anything else becomes '' so the link renders as its text. */
const urlTransform = (url: string) => (analystLinkKind(url) ? url : '');

export function AnalystMarkdown({ text, renderAppLink }: AnalystMarkdownProps) {
  const components: Components = {
    a: ({ href, children }) => {
      const kind = analystLinkKind(href);
      if (kind === 'app') return renderAppLink(href!, children);
      if (kind === 'external') {
        return (
          <a href={href} className={linkClass} {...EXTERNAL_LINK_PROPS}>
            {children}
          </a>
        );
      }
      return <span data-slot="analyst-unlinked">{children}</span>;
    },
    img: ({ alt }) => (alt ? <span data-slot="analyst-image-alt">{alt}</span> : null),
    p: ({ children }) => <p className="leading-relaxed">{children}</p>,
    ul: ({ children }) => <ul className="flex list-disc flex-col gap-1 pl-5">{children}</ul>,
    ol: ({ children }) => <ol className="flex list-decimal flex-col gap-1 pl-5">{children}</ol>,
    h1: ({ children }) => <p className="font-semibold">{children}</p>,
    h2: ({ children }) => <p className="font-semibold">{children}</p>,
    h3: ({ children }) => <p className="font-semibold">{children}</p>,
    h4: ({ children }) => <p className="font-semibold">{children}</p>,
    h5: ({ children }) => <p className="font-semibold">{children}</p>,
    h6: ({ children }) => <p className="font-semibold">{children}</p>,
    code: ({ children }) => (
      <code className="rounded-field bg-base-200 px-1 font-mono text-[0.9em]">{children}</code>
    ),
    pre: ({ children }) => (
      <pre className="overflow-x-auto rounded-box bg-base-200 p-3 text-xs">{children}</pre>
    ),
    blockquote: ({ children }) => (
      <blockquote className="border-l-2 border-base-300 pl-3 text-base-content/80">
        {children}
      </blockquote>
    ),
  };
  return (
    <div data-slot="analyst-markdown" className="flex flex-col gap-2 text-sm">
      <Markdown skipHtml urlTransform={urlTransform} components={components}>
        {text}
      </Markdown>
    </div>
  );
}
