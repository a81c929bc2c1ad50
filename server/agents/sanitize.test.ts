import { describe, expect, it } from 'vitest';
import { sanitizeMarkup } from './sanitize';

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
