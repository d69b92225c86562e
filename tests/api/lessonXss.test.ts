import { beforeAll, describe, expect, it } from 'vitest';
import { LESSON_HTML_ATTRIBUTES, LESSON_HTML_TAGS } from '../../shared/contentBlocks';
import { addItem, demoTokens, getItem, newTraining, updateItem } from './trainingItemsSupport';

/**
 * Stored XSS through lesson content: every payload goes through every rich-text field and every address field
 * of every block type; what is stored (and read back) holds nothing a browser would run.
 */

const HTML_PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)><use href="data:image/svg+xml,<svg id=x onload=alert(1)>"/></svg>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="//evil.test/">x</a>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<p style="background:url(javascript:alert(1))" onclick="alert(1)">x</p>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">x</button></form>',
  '<details open ontoggle=alert(1)>x</details>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><base href="javascript:alert(1)//">',
  '<!--<img src=x onerror=alert(1)>-->',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<table><tr><td background="javascript:alert(1)" colspan="2 onmouseover=alert(1)" data-colwidth="x" onmouseover="alert(1)">c</td></tr></table>',
  '<ol start="1 onclick=alert(1)"><li>x</li></ol>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<a href="https://ok.test/" target="_blank" rel="opener" onfocus="alert(1)" autofocus>ok</a>',
  '<h1 id="x" class="y">Titre</h1><div onmouseover="alert(1)">d</div>',
  '"><img src=x onerror=alert(1)>',
];

const URL_PAYLOADS = [
  'javascript:alert(1)',
  ' javascript:alert(1)',
  'JAVASCRIPT:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  '//evil.test/x.png',
  '/relative/x.png',
  'blob:https://evil.test/uuid',
];

const ALLOWED_TAGS = new Set<string>(LESSON_HTML_TAGS);

/** The output's tags, each allowed by the lesson allow-list with only allowed attributes and safe addresses. */
function assertInert(html: string, payload: string) {
  for (const [, tag, attributes] of html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9-]*)([^>]*)>/g)) {
    const name = tag!.toLowerCase();
    expect(ALLOWED_TAGS.has(name), `<${name}> kept from ${payload}: ${html}`).toBe(true);
    for (const [, attribute, value] of attributes!.matchAll(/([^\s=/]+)\s*=\s*"([^"]*)"/g)) {
      expect(LESSON_HTML_ATTRIBUTES[name] ?? [], `${name}[${attribute}] kept from ${payload}: ${html}`).toContain(attribute);
      if (attribute === 'href') expect(value, `href from ${payload}`).toMatch(/^(https?:\/\/|mailto:)/);
      if (attribute !== 'href') expect(value, `${attribute} from ${payload}`).toMatch(/^[\d,]+$/);
    }
    // Nothing but name="value" pairs: a bare or unquoted attribute would be a way round the checks above.
    expect(attributes!.replace(/\s*[^\s=/]+\s*=\s*"[^"]*"/g, '').replace(/\s*\/$/, '').trim(), `stray attribute from ${payload}`).toBe('');
  }
}

const isSafeAddress = (value: string) => value === '' || /^https?:\/\/[^/]/.test(value);

let demo: Awaited<ReturnType<typeof demoTokens>>;
let training: string;
let lesson: number;
beforeAll(async () => {
  demo = await demoTokens();
  training = await newTraining(demo.owner, 'Formation XSS');
  lesson = await addItem(demo.owner, training, { type: 'GENERIC', name: 'Leçon piégée' });
});

describe('stored XSS through lesson blocks', () => {
  it('cleans every payload out of every rich-text field (text, quote, embed html), in both forms', async () => {
    const blocks = HTML_PAYLOADS.flatMap((payload, i) => [
      { id: `t${i}`, type: 'text', data: { html: payload } },
      { id: `q${i}`, type: 'quote', data: { html: payload, author: 'A' } },
      { id: `e${i}`, type: 'embed', data: { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', html: payload } },
    ]);
    for (const body of [{ blocks }, { content: JSON.stringify(blocks) }]) {
      const answer = await updateItem(demo.teacher, training, lesson, body);
      expect(answer.status, answer.text).toBe(200);
      const read = (await getItem(demo.owner, training, lesson)).body;
      expect(JSON.parse(read.content)).toEqual(read.blocks);
      read.blocks.forEach((block: { id: string; data: { html: string } }, n: number) => assertInert(block.data.html, HTML_PAYLOADS[Math.floor(n / 3)]!));
    }
  });

  it('empties every unsafe address of every address field (image, video, poster, audio, pdf, embed, file)', async () => {
    const blocks = URL_PAYLOADS.flatMap((url, i) => [
      { id: `i${i}`, type: 'image', data: { url, alt: '' } },
      { id: `v${i}`, type: 'video', data: { source: 'url', url, poster: url } },
      { id: `a${i}`, type: 'audio', data: { source: 'upload', url } },
      { id: `p${i}`, type: 'pdf', data: { url } },
      { id: `e${i}`, type: 'embed', data: { url, src: url, provider: 'youtube' } },
      { id: `f${i}`, type: 'file', data: { url, name: 'x' } },
    ]);
    const answer = await updateItem(demo.teacher, training, lesson, { blocks });
    expect(answer.status, answer.text).toBe(200);
    for (const block of answer.body.blocks as { data: Record<string, unknown> }[]) {
      for (const key of ['url', 'poster', 'src']) {
        const value = block.data[key];
        if (value !== undefined && value !== null) expect(isSafeAddress(value as string), `${key}: ${String(value)}`).toBe(true);
      }
    }
  });

  it('refuses every HTML payload in a markdown block (422), and keeps plain-text fields as text', async () => {
    for (const payload of HTML_PAYLOADS) {
      const answer = await updateItem(demo.owner, training, lesson, { blocks: [{ id: 'm', type: 'markdown', data: { markdown: `# Titre\n${payload}` } }] });
      expect(answer.status, payload).toBe(422);
    }
    // Plain-text fields are text: stored as typed, and rendered by the clients as text (never as HTML).
    const payload = HTML_PAYLOADS[1]!;
    const plain = [
      { id: 'h', type: 'heading', data: { text: payload, level: 2 } },
      { id: 'c', type: 'code', data: { language: 'html', code: payload } },
      { id: 'l', type: 'timeline', data: { entries: [{ timecode: '00:01', label: payload }] } },
      { id: 'f', type: 'flashcard', data: { front: payload, back: payload } },
      { id: 's', type: 'scratch_card', data: { front: payload, hidden: payload } },
    ];
    expect((await updateItem(demo.owner, training, lesson, { blocks: plain })).body.blocks).toEqual(plain);
  });
});
