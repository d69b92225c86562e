import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { downloadMyCertificate } from '../../../api/learningApi';
import { failureText } from '../../../app/failureText';
import { saveFile } from '../../../app/saveFile';
import { useRequest } from '../../../app/useRequest';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';

const m = defineMessages({
  download: { id: 'school.learning.certificate.download', defaultMessage: 'Télécharger mon certificat' },
});
const failed = defineMessage<{ message: string }>({ id: 'school.learning.certificate.failed', defaultMessage: "Le certificat n'a pas pu être téléchargé : {message}" });

/** "Télécharger mon certificat": shown once the training is completed and gives certificates (certificate_available). */
export function CertificateButton({ subdomain, trainingUuid, trainingSlug }: { subdomain: string; trainingUuid: string; trainingSlug: string }) {
  const intl = useIntl();
  const download = useRequest(async (_: void, signal) => {
    saveFile(await downloadMyCertificate(subdomain, trainingUuid, signal), `certificat-${trainingSlug}.pdf`);
  });
  return (
    <>
      <Button variant="secondary" onPress={() => download.submit()} isPending={download.isSubmitting} data-testid="certificate-download">
        {intl.formatMessage(m.download)}
      </Button>
      {download.error && (
        <Banner variant="danger" role="alert">
          {intl.formatMessage(failed, { message: failureText(intl, download.error) ?? '' })}
        </Banner>
      )}
    </>
  );
}
