import { memo, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { recogniseEmbed } from '../../../shared/embedProviders';
import { isKnownBlock, type BlockDataByType, type ContentBlock, type KnownBlock } from '../../../shared/lessonBlocks';
import { blockMessages as m, codeLabelMessage, downloadMessage, embedTitleMessage, openLinkMessage, unsupportedMessage } from '../blockMessages';
import { MarkdownView } from './MarkdownView';
import { RichCode } from './RichCode';
import { inertHtml, safeAddress } from './sanitise';
import './blocks.css';

type Props<T extends keyof BlockDataByType> = { data: BlockDataByType[T] };

const str = (value: unknown) => (typeof value === 'string' ? value : '');

function TextBlock({ data }: Props<'text'>) {
  return <div className="block-text rich-output" dangerouslySetInnerHTML={{ __html: inertHtml(str(data.html)) }} />;
}

function HeadingBlock({ data }: Props<'heading'>) {
  const level = Math.min(6, Math.max(2, Number(data.level) || 2));
  const Tag = `h${level}` as 'h2';
  return <Tag className="block-heading">{str(data.text)}</Tag>;
}

function ImageBlock({ data }: Props<'image'>) {
  const src = safeAddress(data.url);
  if (!src) return null;
  return (
    <figure className="block-image" data-banner={data.banner || undefined}>
      <img src={src} alt={str(data.alt)} loading="lazy" decoding="async" {...(data.banner ? { width: 728, height: 200 } : {})} />
      {data.caption ? <figcaption>{data.caption}</figcaption> : null}
    </figure>
  );
}

/** Sound players are short strips; every other player keeps 16:9. */
const frameKind = (provider: string): 'video' | 'audio' => (provider === 'soundcloud' || provider === 'spotify' ? 'audio' : 'video');

function Frame({ src, title, kind }: { src: string; title: string; kind: 'video' | 'audio' }) {
  return (
    <div className={`block-frame block-frame--${kind}`}>
      <iframe src={src} title={title} loading="lazy" allow="autoplay; fullscreen; picture-in-picture; encrypted-media" allowFullScreen referrerPolicy="strict-origin-when-cross-origin" sandbox="allow-scripts allow-same-origin allow-presentation allow-popups" />
    </div>
  );
}

function ExternalLink({ url }: { url: string }) {
  const intl = useIntl();
  return (
    <a className="block-link" href={url} target="_blank" rel="noopener noreferrer nofollow">
      {intl.formatMessage(openLinkMessage, { url })}
    </a>
  );
}

function MediaBlock({ url, kind, title }: { url: unknown; kind: 'video' | 'audio'; title?: string }) {
  const intl = useIntl();
  const src = safeAddress(url);
  if (!src) return null;
  const embed = recogniseEmbed(src);
  if (embed) return <Frame src={embed.src} kind={frameKind(embed.provider)} title={intl.formatMessage(embedTitleMessage, { provider: embed.provider_name })} />;
  return kind === 'video' ? (
    <video className="block-video" src={src} controls preload="metadata" />
  ) : (
    <figure className="block-audio">
      {title ? <figcaption>{title}</figcaption> : null}
      <audio src={src} controls preload="metadata" />
    </figure>
  );
}

function EmbedBlock({ data }: Props<'embed'>) {
  const intl = useIntl();
  const src = safeAddress(data.url);
  if (!src) return null;
  const embed = recogniseEmbed(src);
  return embed ? <Frame src={embed.src} kind={frameKind(embed.provider)} title={intl.formatMessage(embedTitleMessage, { provider: embed.provider_name })} /> : <ExternalLink url={src} />;
}

function PdfBlock({ data }: Props<'pdf'>) {
  const intl = useIntl();
  const src = safeAddress(data.url);
  if (!src) return null;
  return (
    <div className="block-pdf">
      {/* A frame, not <object>: the page's CSP allows no plug-in objects. */}
      <iframe src={src} title={str(data.name) || 'PDF'} loading="lazy" />
      <a href={src} target="_blank" rel="noopener noreferrer">
        {intl.formatMessage(m.openPdf)}
      </a>
    </div>
  );
}

function CodeBlock({ data }: Props<'code'>) {
  const intl = useIntl();
  return (
    <pre className="block-code" aria-label={intl.formatMessage(codeLabelMessage, { language: str(data.language) })}>
      <RichCode code={str(data.code)} language={str(data.language) || 'plaintext'} />
    </pre>
  );
}

function QuoteBlock({ data }: Props<'quote'>) {
  return (
    <figure className="block-quote">
      <blockquote>{str(data.text)}</blockquote>
      {data.author ? <figcaption>— {data.author}</figcaption> : null}
    </figure>
  );
}

function TimelineBlock({ data }: Props<'timeline'>) {
  const intl = useIntl();
  const entries = Array.isArray(data.entries) ? data.entries : [];
  return (
    <ol className="block-timeline" aria-label={intl.formatMessage(m.timelineLabel)}>
      {entries.map((entry, index) => (
        <li key={index}>
          <span className="block-timeline__time">{str(entry.timecode)}</span>
          <span>{str(entry.label)}</span>
        </li>
      ))}
    </ol>
  );
}

function FlashcardBlock({ data }: Props<'flashcard'>) {
  const intl = useIntl();
  const [flipped, setFlipped] = useState(false);
  return (
    <div className="block-flashcard" data-flipped={flipped || undefined}>
      <p className="block-flashcard__side-name">{intl.formatMessage(flipped ? m.back : m.front)}</p>
      <p className="block-flashcard__text" aria-live="polite">
        {flipped ? str(data.back) : str(data.front)}
      </p>
      <button type="button" className="ui-button ui-button--secondary ui-button--sm" aria-pressed={flipped} onClick={() => setFlipped((value) => !value)}>
        {intl.formatMessage(m.flip)}
      </button>
    </div>
  );
}

function ScratchCardBlock({ data }: Props<'scratch_card'>) {
  const intl = useIntl();
  const [revealed, setRevealed] = useState(false);
  return (
    <div className="block-scratch">
      {data.front ? <p>{data.front}</p> : null}
      {revealed ? (
        <p className="block-scratch__hidden" role="status">
          {str(data.hidden)}
        </p>
      ) : (
        <button type="button" className="block-scratch__cover" onClick={() => setRevealed(true)}>
          {intl.formatMessage(m.scratch)}
        </button>
      )}
    </div>
  );
}

function FileBlock({ data }: Props<'file'>) {
  const intl = useIntl();
  const src = safeAddress(data.url);
  if (!src) return null;
  const size = typeof data.size === 'number' ? ` (${intl.formatNumber(data.size / 1_048_576, { maximumFractionDigits: 1 })} Mo)` : '';
  return (
    <a className="block-file" href={src} download={str(data.name) || true} rel="noopener">
      {intl.formatMessage(downloadMessage, { name: str(data.name) })}
      {size}
    </a>
  );
}

function UnsupportedBlock({ type }: { type: string }) {
  const intl = useIntl();
  return (
    <p className="block-unsupported" data-testid="block-unsupported">
      {intl.formatMessage(unsupportedMessage, { type })}
    </p>
  );
}

function knownBlock(block: KnownBlock): ReactNode {
  switch (block.type) {
    case 'text':
      return <TextBlock data={block.data} />;
    case 'heading':
      return <HeadingBlock data={block.data} />;
    case 'image':
      return <ImageBlock data={block.data} />;
    case 'video':
      return <MediaBlock url={block.data.url} kind="video" />;
    case 'audio':
      return <MediaBlock url={block.data.url} kind="audio" title={block.data.title} />;
    case 'pdf':
      return <PdfBlock data={block.data} />;
    case 'embed':
      return <EmbedBlock data={block.data} />;
    case 'code':
      return <CodeBlock data={block.data} />;
    case 'quote':
      return <QuoteBlock data={block.data} />;
    case 'markdown':
      return <MarkdownView markdown={str(block.data.markdown)} />;
    case 'timeline':
      return <TimelineBlock data={block.data} />;
    case 'flashcard':
      return <FlashcardBlock data={block.data} />;
    case 'scratch_card':
      return <ScratchCardBlock data={block.data} />;
    case 'file':
      return <FileBlock data={block.data} />;
  }
}

/**
 * One block of a lesson as the learner sees it (the editor shows the same while the block is not open). A type
 * the app does not know says so and shows nothing of its data.
 */
/**
 * One block. Memoised (issue 12): the player renders again with each snapshot of its machine (the lesson arriving,
 * time beats, progress) while a lesson's blocks keep their identity, so its 200 blocks (their HTML cleaning
 * included) are rendered once, not once per snapshot.
 */
export const BlockView = memo(function BlockView({ block }: { block: ContentBlock }) {
  return <div className={`block block--${block.type}`}>{isKnownBlock(block) ? knownBlock(block as KnownBlock) : <UnsupportedBlock type={block.type} />}</div>;
});
