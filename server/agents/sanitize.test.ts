import { describe, expect, it } from 'vitest';
import { cleanProposedValue, sanitizeMarkup } from './sanitize';

describe('markup a model proposes', () => {
  it('keeps the tags a description needs and drops attributes', () => {
    expect(
      sanitizeMarkup(
        '<p class="x" style="color:red">Soft <strong>linen</strong></p><ul><li>Light</li></ul>',
      ),
    ).toBe('<p>Soft <strong>linen</strong></p><ul><li>Light</li></ul>');
  });

  it('removes scripts, styles and frames with their content, and unwraps links and images', () => {
    expect(
      sanitizeMarkup(
        '<p>Hi<script>alert(1)</script></p><style>p{}</style><iframe src="x">f</iframe><a href="javascript:x" onclick="y">more</a><img src=x onerror=alert(1)>',
      ),
    ).toBe('<p>Hi</p>more');
  });
});

describe('a proposed value, from an agent or a reviewer', () => {
  it('sanitises markup fields and strips every tag from plain-text fields, trimmed', () => {
    expect(
      cleanProposedValue('long_description', ' <p onclick="x">Soft</p><script>1</script> '),
    ).toBe('<p>Soft</p>');
    expect(cleanProposedValue('page_title', ' <b>Bold</b> <i>title</i> ')).toBe('Bold title');
    expect(cleanProposedValue('name', 'Plain name')).toBe('Plain name');
  });
});
