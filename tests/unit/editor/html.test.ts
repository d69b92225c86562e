// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { hasUnsupportedContent, parseHtml, sanitiseIncomingHtml, serialiseHtml } from '../../../src/editor/html';
import { htmlLength } from '../../../src/editor/htmlLength';

const roundTrip = (html: string) => serialiseHtml(parseHtml(html));

describe('description HTML round trip', () => {
  it.each([
    ['paragraphs with a line break', '<p>Bonjour</p><p>Deux<br>lignes</p>'],
    ['headings 2 and 3', '<h2>Programme</h2><h3>Semaine 1</h3><p>Texte</p>'],
    ['bold, italic and both', '<p><strong>gras</strong> <em>italique</em> <strong><em>les deux</em></strong></p>'],
    ['a bullet list', '<ul><li><p>un</p></li><li><p>deux</p></li></ul>'],
    ['a numbered list starting at 3', '<ol start="3"><li><p>trois</p></li><li><p>quatre</p></li></ol>'],
    ['a nested list', '<ul><li><p>un</p><ol><li><p>un.un</p></li></ol></li></ul>'],
    ['a quotation', '<blockquote><p>« Formidable »</p></blockquote>'],
    ['web and e-mail links', '<p><a href="https://exemple.fr/page?a=1&amp;b=2">site</a> et <a href="mailto:contact@exemple.fr">écrire</a></p>'],
    ['a bold link', '<p><a href="http://exemple.fr"><strong>lien</strong></a></p>'],
    ['escaped text', '<p>&lt;b&gt;pas du gras&lt;/b&gt; &amp; "guillemets"</p>'],
  ])('keeps %s', (_name, html) => {
    expect(roundTrip(html)).toBe(html);
  });

  it('is stable: what it writes reads back the same', () => {
    const messy = '<div>Texte libre<h1>Titre</h1><ul><li>sans paragraphe</li></ul></div>';
    const once = roundTrip(messy);
    expect(roundTrip(once)).toBe(once);
  });

  it('writes nothing for an empty or blank document', () => {
    expect(roundTrip('')).toBe('');
    expect(roundTrip('<p></p>')).toBe('');
    expect(roundTrip('<p>   </p><ul><li><p></p></li></ul>')).toBe('');
  });

  it('reads the older plain-text descriptions (paragraphs and line breaks) as they are', () => {
    expect(roundTrip('<p>Premier</p><p>Second<br>suite</p>')).toBe('<p>Premier</p><p>Second<br>suite</p>');
  });
});

describe('normalising what the schema does not hold', () => {
  it('maps other heading levels onto 2 and 3', () => {
    expect(roundTrip('<h1>Un</h1><h4>Quatre</h4><h6>Six</h6>')).toBe('<h2>Un</h2><h3>Quatre</h3><h3>Six</h3>');
  });

  it('reads <b>, <i> and word-processor styles as bold and italic', () => {
    expect(roundTrip('<p><b>b</b><i>i</i><span style="font-weight: 700">w</span><span style="font-style: italic">s</span></p>')).toBe(
      '<p><strong>b</strong><em>i</em><strong>w</strong><em>s</em></p>',
    );
  });

  it('keeps the text of unknown elements and drops the elements', () => {
    expect(roundTrip('<section><p>A <u>souligné</u> <code>code</code> <span class="x" style="color:red">rouge</span></p></section>')).toBe(
      '<p>A souligné code rouge</p>',
    );
    expect(roundTrip('<table><tr><td>cellule</td></tr></table>')).toBe('<p>cellule</p>');
  });

  it('puts loose list text into paragraphs and ignores a nonsense start', () => {
    expect(roundTrip('<ol start="abc"><li>un</li></ol><ol start="-4"><li>deux</li></ol>')).toBe('<ol><li><p>un</p></li></ol><ol><li><p>deux</p></li></ol>');
  });
});

describe('sanitising', () => {
  it('drops scripts, event handlers, styles and frames', () => {
    const html = roundTrip(
      '<p onclick="alert(1)" style="color:red">ok<script>alert(2)</script><img src=x onerror="alert(3)"></p><iframe src="https://evil.example"></iframe><style>p{}</style><svg><script>alert(4)</script></svg>',
    );
    expect(html).toBe('<p>ok</p>');
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    '/relatif',
    '//exemple.fr',
    'https://',
    'mailto:pas-une-adresse',
    'ftp://exemple.fr',
  ])('keeps the text of a link to %j but not the link', (href) => {
    const html = roundTrip(`<p><a href="${href.replace(/"/g, '&quot;')}">cliquez</a></p>`);
    expect(html).toBe('<p>cliquez</p>');
  });

  it('keeps no attribute but href and start', () => {
    expect(roundTrip('<p><a href="https://exemple.fr" target="_blank" title="t" id="i" class="c">x</a></p>')).toBe('<p><a href="https://exemple.fr">x</a></p>');
  });

  it('sanitises pasted HTML before the clipboard parser reads it', () => {
    const clean = sanitiseIncomingHtml('<p onclick="x()">a<img src=x onerror="x()"><a href="javascript:x()">b</a></p><script>x()</script>');
    expect(clean).not.toMatch(/onclick|onerror|javascript|script/i);
    expect(clean).toContain('a');
  });
});

describe('htmlLength', () => {
  it('counts characters as the contract does (an emoji is one)', () => {
    expect(htmlLength('<p>é😀</p>')).toBe(9);
    expect('<p>é😀</p>'.length).toBe(10);
  });
});

describe('hasUnsupportedContent', () => {
  it('is false for what the editor keeps (and neutral wrappers)', () => {
    expect(hasUnsupportedContent('<div><p><b>a</b><i>b</i><a href="https://x.fr">c</a><br></p><h4>t</h4><ul><li>x</li></ul><blockquote>q</blockquote></div>')).toBe(false);
    expect(hasUnsupportedContent('')).toBe(false);
  });

  it('is true for images, tables, underline, code', () => {
    expect(hasUnsupportedContent('<p><img src="https://x.fr/a.png"></p>')).toBe(true);
    expect(hasUnsupportedContent('<table><tr><td>x</td></tr></table>')).toBe(true);
    expect(hasUnsupportedContent('<p><u>x</u></p>')).toBe(true);
    expect(hasUnsupportedContent('<pre><code>x</code></pre>')).toBe(true);
  });
});
