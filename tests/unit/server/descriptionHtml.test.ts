import { describe, expect, it } from 'vitest';
import { cleanDescription } from '../../../server/commands/catalogue/descriptionHtml';

describe('cleanDescription: the server stores only what the description editor writes', () => {
  it.each([
    ['a paragraph with marks', '<p>Trois formations <strong>complètes</strong> et <em>vivantes</em>.</p>'],
    ['headings, lists with a start, a quote', '<h2>Programme</h2><h3>Partie 1</h3><ol start="3"><li><p>a</p></li></ol><ul><li><p>b</p></li></ul><blockquote><p>c</p></blockquote>'],
    ['links of the allowed schemes', '<p><a href="https://exemple.fr/a?b=1&amp;c=2">lien</a> <a href="mailto:contact@exemple.fr">écrire</a></p>'],
    ['typed markup, which stays text', '<p>Mises à jour &lt;b&gt;incluses&lt;/b&gt; &amp; plus</p>'],
  ])('keeps the editor\'s own output unchanged: %s', (_label, html) => {
    expect(cleanDescription(html)).toBe(html);
  });

  it.each([
    ['scripts, handlers and images', '<p onclick="steal()">Hi<script>alert(1)</script><img src=x onerror=alert(2)> there</p>', '<p>Hi there</p>'],
    ['javascript: and protocol-relative links', '<p><a href="javascript:alert(1)">a</a><a href="//evil.example">b</a><a href=" JaVaScRiPt:alert(1)">c</a></p>', '<p><a>a</a><a>b</a><a>c</a></p>'],
    ['styles, frames and forms', '<style>p{color:red}</style><iframe src="https://x"></iframe><form><input></form><p style="color:red">a</p>', '<p>a</p>'],
    ['a start that is not a number', '<ol start="x&quot;onload"><li>b</li></ol>', '<ol><li>b</li></ol>'],
    ['other headings and b/i become the editor\'s', '<h1>T</h1><h4>U</h4><b>g</b><i>i</i>', '<h2>T</h2><h3>U</h3><strong>g</strong><em>i</em>'],
    ['neutral blocks become paragraphs, unknown wrappers keep their text', '<div>d</div><section><span>s</span></section>', '<p>d</p>s'],
  ])('removes what could run or is not the editor\'s: %s', (_label, html, clean) => {
    expect(cleanDescription(html)).toBe(clean);
  });

  it.each([
    ['null', null],
    ['empty paragraphs', '<p></p><p> </p>'],
    ['only something removed', '<script>alert(1)</script><img src=x>'],
  ])('answers null when nothing readable is left: %s', (_label, html) => {
    expect(cleanDescription(html)).toBeNull();
  });
});
