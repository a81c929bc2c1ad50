/** A 'Text:URL' list field: parses as the person types, shows what it read and what it left out. */
import { useState } from 'react';
import {
  formatLinks,
  type Link,
  MAX_LINKS,
  parseLinks,
  type RejectedLink,
} from '~/domain/theme-designer/theme-designer';
import { Field, FieldDescription, FieldError, FieldLabel } from '~/ui/components/field';
import { Textarea } from '~/ui/components/textarea';

export type LinksFieldProps = {
  label: string;
  links: Link[];
  onChange: (links: Link[]) => void;
};

/** One sentence per reason: which items were left out and why. */
function leftOutMessage(rejected: RejectedLink[]): string | null {
  if (rejected.length === 0) return null;
  const byReason = new Map<string, RejectedLink[]>();
  for (const item of rejected)
    byReason.set(item.reason, [...(byReason.get(item.reason) ?? []), item]);
  return [...byReason]
    .map(
      ([reason, items]) =>
        `Left out ${items.map((item) => `“${item.item}”`).join(', ')}: ${reason}`,
    )
    .join(' ');
}

export function LinksField({ label, links, onChange }: LinksFieldProps) {
  const external = formatLinks(links);
  const [draft, setDraft] = useState(external);
  const [emitted, setEmitted] = useState(external);
  const [rejected, setRejected] = useState<RejectedLink[]>([]);
  // Links replaced from outside (preset reset, import) replace the text.
  if (external !== emitted) {
    setEmitted(external);
    setDraft(external);
    setRejected([]);
  }

  return (
    <Field data-slot="links-field">
      <FieldLabel>{label}</FieldLabel>
      <Textarea
        value={draft}
        spellCheck={false}
        rows={2}
        onChange={(event) => {
          const parsed = parseLinks(event.target.value);
          setDraft(event.target.value);
          setRejected(parsed.rejected);
          setEmitted(formatLinks(parsed.links));
          onChange(parsed.links);
        }}
      />
      <FieldDescription>
        Comma-separated Text:URL items, e.g. Shop:https://shop.example.com, About:/about. Use full
        https:// URLs for other sites; an item without a URL links to /. Up to {MAX_LINKS} links.
      </FieldDescription>
      <FieldError>{leftOutMessage(rejected)}</FieldError>
      <ul aria-label={`${label}: parsed`} className="flex flex-wrap gap-1.5 text-xs">
        {links.map((link, index) => (
          <li
            key={index}
            className="rounded-field border border-base-300 bg-base-200 px-2 py-0.5 font-mono text-base-content"
          >
            {link.text} → {link.href}
          </li>
        ))}
      </ul>
    </Field>
  );
}
