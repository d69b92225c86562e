import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { storageUsageQuery } from '../../api/storageApi';
import { AuthActor } from '../../app/auth';
import { formatSize } from '../../i18n/format';
import { useLocale } from '../../i18n/LocaleProvider';
import { uploadMessages as m } from './uploadMessages';

/**
 * "12,5 Mo utilisés sur 100 Go": the store's storage quota where files are sent (uploads and SCORM packages
 * count against it; the server refuses what would pass it). Nothing while it loads or when it cannot be read.
 */
export function StorageUsageNote() {
  const intl = useIntl();
  const { locale } = useLocale();
  const storeUuid = AuthActor.useSelector((snapshot) => snapshot.context.user?.store.uuid) ?? '';
  const { data } = useQuery({ ...storageUsageQuery(storeUuid), enabled: storeUuid !== '' });
  if (!data) return null;
  const full = data.used_bytes >= data.quota_bytes;
  return (
    <p className="ui-field__description" data-testid="storage-usage" data-full={full || undefined}>
      {intl.formatMessage(full ? m.storageFull : m.storageUsage, { used: formatSize(data.used_bytes, locale), quota: formatSize(data.quota_bytes, locale) })}
    </p>
  );
}
