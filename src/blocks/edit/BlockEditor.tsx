import { lazy, Suspense } from 'react';
import { useIntl } from 'react-intl';
import { Trash2 } from 'lucide-react';
import type { UploadType } from '../../../machines/upload/upload.limits';
import { BLOCK_LIMITS, CODE_LANGUAGES, type BlockProblems, type BlockType, type TimelineEntry } from '../../../shared/lessonBlocks';
import { FileUploadField } from '../../components/upload/FileUploadField';
import { RICH_TEXT_TOOLS } from '../../editor/tools';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { Spinner } from '../../components/ui/Spinner';
import { TextAreaField } from '../../components/ui/TextAreaField';
import { TextField } from '../../components/ui/TextField';
import { blockTypeMessages } from '../blockMessages';
import { blockEditMessages as m, blockRuleMessages, removeEntryMessage } from './blockEditMessages';

// ProseMirror arrives with the first text block opened, never with the page.
const RichTextEditor = lazy(() => import('../../components/RichTextEditor'));

type Data = Record<string, unknown>;

export interface BlockEditorProps {
  type: string;
  data: Data;
  problems: BlockProblems | null;
  onChange: (data: Data) => void;
  /** The training whose storage receives uploaded files. */
  trainingUuid: string;
}

const UPLOAD_TYPE: Partial<Record<BlockType, UploadType>> = { image: 'IMAGE', video: 'VIDEO', audio: 'AUDIO', pdf: 'PDF', file: 'RESOURCE' };

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** Video and audio say where their file comes from (contract: source upload or url). */
const SOURCE = (blockType: BlockType, source: 'upload' | 'url') => (blockType === 'video' || blockType === 'audio' ? { source } : {});

/** The form of one open block: its fields, the problems APPLY found, and uploads where a file fits. */
export function BlockEditor({ type, data, problems, onChange, trainingUuid }: BlockEditorProps) {
  const intl = useIntl();
  const problem = (field: string) => {
    const rule = problems?.[field];
    return rule ? intl.formatMessage(blockRuleMessages[rule]) : undefined;
  };
  const set = (field: string) => (value: unknown) => onChange({ ...data, [field]: value });
  const text = (field: string, label: string, options: { multiline?: boolean; rows?: number; description?: string; maxLength?: number; autoFocus?: boolean } = {}) =>
    options.multiline ? (
      <TextAreaField
        label={label}
        value={str(data[field])}
        onChange={set(field)}
        rows={options.rows ?? 4}
        description={options.description}
        errorMessage={problem(field)}
        maxLength={options.maxLength}
        autoFocus={options.autoFocus}
      />
    ) : (
      <TextField label={label} value={str(data[field])} onChange={set(field)} description={options.description} errorMessage={problem(field)} maxLength={options.maxLength} autoFocus={options.autoFocus} />
    );

  const upload = (blockType: BlockType) => {
    const uploadType = UPLOAD_TYPE[blockType]!;
    return (
      <>
        <FileUploadField
          trainingUuid={trainingUuid}
          type={uploadType}
          label={intl.formatMessage(m.upload)}
          value={str(data.url).startsWith('/') ? str(data.url) : null}
          isRemovable={false}
          onChange={(url) => {
            if (url === null) return;
            const name = decodeURIComponent(url.split(/[?#]/)[0]!.split('/').pop() ?? '');
            onChange({ ...data, url, ...SOURCE(blockType, 'upload'), ...(blockType === 'file' || blockType === 'pdf' ? { name: str(data.name) || name } : {}) });
          }}
        />
        <TextField
          label={intl.formatMessage(m.urlOrUpload)}
          value={str(data.url)}
          onChange={(url) => onChange({ ...data, url, ...SOURCE(blockType, 'url') })}
          errorMessage={problem('url')}
          maxLength={2048}
        />
      </>
    );
  };

  switch (type as BlockType) {
    case 'text':
      return (
        <Suspense fallback={<Spinner aria-label={intl.formatMessage(blockTypeMessages.text)} />}>
          {/* Deferred: a keystroke in a long lesson then changes the text only; the lesson learns it at the next pause. */}
          <RichTextEditor deferChanges tools={RICH_TEXT_TOOLS.lesson} aria-label={intl.formatMessage(m.html)} value={str(data.html)} onChange={set('html')} maxLength={BLOCK_LIMITS.text} errorMessage={problem('html')} />
        </Suspense>
      );
    case 'heading':
      return (
        <div className="block-editor__row">
          {text('text', intl.formatMessage(m.headingText), { maxLength: BLOCK_LIMITS.short, autoFocus: true })}
          <label className="native-field">
            <span className="ui-field__label">{intl.formatMessage(m.level)}</span>
            <select className="native-field__select" value={Number(data.level) || 2} onChange={(event) => set('level')(Number(event.target.value))}>
              {[2, 3, 4, 5, 6].map((level) => (
                <option key={level} value={level}>
                  H{level}
                </option>
              ))}
            </select>
          </label>
        </div>
      );
    case 'image':
      return (
        <div className="stack">
          {upload('image')}
          {/* The natural size, read from the picture itself: a banner must be exactly 728 x 200 (spec 5). */}
          {str(data.url) !== '' && (
            <img
              className="visually-hidden"
              src={str(data.url)}
              alt=""
              aria-hidden="true"
              onLoad={(event) => {
                const { naturalWidth: width, naturalHeight: height } = event.currentTarget;
                if (width > 0 && (width !== data.width || height !== data.height)) onChange({ ...data, width, height });
              }}
            />
          )}
          {text('alt', intl.formatMessage(m.alt), { description: intl.formatMessage(m.altHint), maxLength: BLOCK_LIMITS.short })}
          {text('caption', intl.formatMessage(m.caption), { maxLength: BLOCK_LIMITS.short })}
          <Checkbox isSelected={data.banner === true} onChange={set('banner')}>
            {intl.formatMessage(m.banner)}
          </Checkbox>
          {problem('banner') && <p className="ui-field__error">{problem('banner')}</p>}
        </div>
      );
    case 'video':
      return <div className="stack">{upload('video')}</div>;
    case 'audio':
      return (
        <div className="stack">
          {upload('audio')}
          {text('title', intl.formatMessage(m.audioTitle), { maxLength: BLOCK_LIMITS.short })}
        </div>
      );
    case 'pdf':
      return (
        <div className="stack">
          {upload('pdf')}
          {text('name', intl.formatMessage(m.fileName), { maxLength: BLOCK_LIMITS.short })}
        </div>
      );
    case 'file':
      return (
        <div className="stack">
          {upload('file')}
          {text('name', intl.formatMessage(m.fileName), { maxLength: BLOCK_LIMITS.short })}
        </div>
      );
    case 'embed':
      return text('url', intl.formatMessage(m.url), { description: intl.formatMessage(m.embedHint), maxLength: 2048, autoFocus: true });
    case 'code':
      return (
        <div className="stack">
          <label className="native-field">
            <span className="ui-field__label">{intl.formatMessage(m.language)}</span>
            <select className="native-field__select" value={str(data.language) || 'plaintext'} onChange={(event) => set('language')(event.target.value)}>
              {CODE_LANGUAGES.map((language) => (
                <option key={language} value={language}>
                  {language}
                </option>
              ))}
            </select>
          </label>
          {text('code', intl.formatMessage(m.code), { multiline: true, rows: 8, maxLength: BLOCK_LIMITS.text, autoFocus: true })}
        </div>
      );
    case 'quote':
      return (
        <div className="stack">
          {text('text', intl.formatMessage(m.quote), { multiline: true, rows: 3, maxLength: 5_000, autoFocus: true })}
          {text('author', intl.formatMessage(m.author), { maxLength: BLOCK_LIMITS.short })}
        </div>
      );
    case 'markdown':
      return text('markdown', intl.formatMessage(m.markdown), { multiline: true, rows: 8, description: intl.formatMessage(m.markdownHint), maxLength: BLOCK_LIMITS.text, autoFocus: true });
    case 'timeline':
      return <TimelineEditor data={data} problems={problems} onChange={onChange} />;
    case 'flashcard':
      return (
        <div className="stack">
          {text('front', intl.formatMessage(m.front), { multiline: true, rows: 2, maxLength: 5_000, autoFocus: true })}
          {text('back', intl.formatMessage(m.back), { multiline: true, rows: 2, maxLength: 5_000 })}
        </div>
      );
    case 'scratch_card':
      return (
        <div className="stack">
          {text('front', intl.formatMessage(m.scratchFront), { multiline: true, rows: 2, maxLength: 5_000 })}
          {text('hidden', intl.formatMessage(m.scratchHidden), { multiline: true, rows: 2, maxLength: 5_000 })}
        </div>
      );
    default:
      return null;
  }
}

function TimelineEditor({ data, problems, onChange }: { data: Data; problems: BlockProblems | null; onChange: (data: Data) => void }) {
  const intl = useIntl();
  const entries: TimelineEntry[] = Array.isArray(data.entries) ? (data.entries as TimelineEntry[]) : [];
  const problem = (field: string) => {
    const rule = problems?.[field];
    return rule ? intl.formatMessage(blockRuleMessages[rule]) : undefined;
  };
  const setEntry = (index: number, change: Partial<TimelineEntry>) => onChange({ ...data, entries: entries.map((entry, at) => (at === index ? { ...entry, ...change } : entry)) });
  return (
    <div className="stack">
      {entries.map((entry, index) => (
        <div key={index} className="block-editor__row block-editor__row--entry">
          <TextField
            label={intl.formatMessage(m.timecode)}
            value={entry.timecode}
            onChange={(timecode) => setEntry(index, { timecode })}
            errorMessage={problem(`entries.${index}.timecode`)}
            maxLength={6}
            className="block-editor__timecode"
          />
          <TextField label={intl.formatMessage(m.entryLabel)} value={entry.label} onChange={(label) => setEntry(index, { label })} errorMessage={problem(`entries.${index}.label`)} maxLength={BLOCK_LIMITS.short} />
          <Button
            variant="ghost"
            size="sm"
            aria-label={intl.formatMessage(removeEntryMessage, { index: index + 1 })}
            isDisabled={entries.length === 1}
            onPress={() => onChange({ ...data, entries: entries.filter((_, at) => at !== index) })}
          >
            <Trash2 size={16} aria-hidden="true" />
          </Button>
        </div>
      ))}
      {problem('entries') && <p className="ui-field__error">{problem('entries')}</p>}
      <div>
        <Button variant="secondary" size="sm" onPress={() => onChange({ ...data, entries: [...entries, { timecode: '', label: '' }] })} isDisabled={entries.length >= BLOCK_LIMITS.timelineEntries}>
          {intl.formatMessage(m.addEntry)}
        </Button>
      </div>
    </div>
  );
}
