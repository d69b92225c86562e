import { useState } from 'react';
import { ExternalLink } from 'lucide-react';
import { useIntl } from 'react-intl';
import { scormReplaceApi } from '../../../api/uploadApi';
import type { TrainingItem } from '../../../api/trainingItemsApi';
import { ScormUploadField } from '../../../components/upload/ScormUploadField';
import { Card } from '../../../components/ui/Card';
import { NotFoundPage } from '../../NotFoundPage';
import { ItemEditorFrame } from '../lesson/ItemEditorFrame';
import { useItemRoute } from '../lesson/LessonEditorPage';
import { itemSettingsMessages as s, scormVersionMessage } from '../lesson/itemSettingsMessages';
import { lessonEditorMessages as m } from '../lesson/lessonEditorMessages';
import { useLessonEditor } from '../lesson/useLessonEditor';
import './scormSettings.css';

/**
 * /formations/:uuid/scorm/:id (SCORM items): the title, the publish switch and the settings column of every
 * item editor (the lesson-editor machine), the package's launch page in the sandboxed frame the server serves,
 * and "Remplacer le paquet" through the upload machine (replaceScormPackage: same checks as an import).
 */
export function ScormSettingsPage() {
  const route = useItemRoute();
  return route ? <ScormSettings key={`${route.trainingUuid}/${route.itemId}`} {...route} /> : <NotFoundPage />;
}

function ScormSettings({ trainingUuid, itemId }: { trainingUuid: string; itemId: number }) {
  const intl = useIntl();
  const { view, send } = useLessonEditor(trainingUuid, itemId, (name) => `${name} ${intl.formatMessage(m.copySuffix)}`);
  // The page is for SCORM items only: another item at this address does not exist here.
  if (view.item?.type !== undefined && view.item.type !== 'SCORM') return <NotFoundPage />;
  return (
    <ItemEditorFrame trainingUuid={trainingUuid} itemId={itemId} view={view} send={send} nameLabel={s.scormName}>
      <ScormPackage trainingUuid={trainingUuid} itemId={itemId} scormUrl={view.item?.scorm_url ?? null} specificContent={view.item?.specific_content ?? null} />
    </ItemEditorFrame>
  );
}

const packageInfo = (text: string | null): { version: string; entry: string } | null => {
  try {
    const value = JSON.parse(text ?? '') as { version?: unknown; entry_point?: unknown };
    return typeof value.version === 'string' && typeof value.entry_point === 'string' ? { version: value.version, entry: value.entry_point } : null;
  } catch {
    return null;
  }
};

function ScormPackage({ trainingUuid, itemId, scormUrl, specificContent }: { trainingUuid: string; itemId: number; scormUrl: string | null; specificContent: string | null }) {
  const intl = useIntl();
  const [api] = useState(() => scormReplaceApi(trainingUuid, itemId));
  // After a replacement, the item the upload answered launches the new package (its version is unchanged).
  const [replaced, setReplaced] = useState<TrainingItem | null>(null);
  const launch = replaced?.scorm_url ?? scormUrl;
  const info = packageInfo(replaced?.specific_content ?? specificContent);

  return (
    <div className="stack scorm-settings">
      <Card title={intl.formatMessage(s.scormPreview)}>
        {launch ? (
          <div className="stack">
            {info && <p className="ui-field__description">{intl.formatMessage(scormVersionMessage, info)}</p>}
            <iframe
              key={launch}
              className="scorm-settings__frame"
              src={launch}
              title={intl.formatMessage(s.scormPreviewFrame)}
              sandbox="allow-scripts allow-modals allow-downloads"
              data-testid="scorm-preview"
            />
            <a className="scorm-settings__open" href={launch} target="_blank" rel="noreferrer">
              <ExternalLink size={16} aria-hidden="true" /> {intl.formatMessage(s.scormOpen)}
            </a>
          </div>
        ) : (
          <p className="ui-field__description">{intl.formatMessage(s.scormNoPackage)}</p>
        )}
      </Card>
      <Card title={intl.formatMessage(s.scormReplace)}>
        <ScormUploadField
          trainingUuid={trainingUuid}
          parentId={null}
          api={api}
          label={intl.formatMessage(s.scormPackage)}
          description={intl.formatMessage(s.scormReplaceHint)}
          doneText={() => intl.formatMessage(s.scormReplaced)}
          onCreated={setReplaced}
        />
      </Card>
    </div>
  );
}
