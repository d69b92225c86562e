import { useQueryClient } from '@tanstack/react-query';
import { defineMessages, useIntl } from 'react-intl';
import { storeBundle, updateBundle } from '../../../api/bundlesApi';
import { DescriptionForm } from '../../../components/catalogue/DescriptionForm';
import { BundleFrame } from './BundleFrame';

const m = defineMessages({
  title: { id: 'bundles.description.title', defaultMessage: 'Description' },
  lead: { id: 'bundles.description.lead', defaultMessage: 'Elle présente le pack sur sa page de vente ; la description courte, dans les paramètres, sert au catalogue.' },
});

/** /packs/:uuid/description: the sales-page description of a bundle, in the same form as a training's. */
export function BundleDescriptionPage() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  return (
    <BundleFrame tab="description">
      {(bundle) => (
        <DescriptionForm
          title={intl.formatMessage(m.title)}
          lead={intl.formatMessage(m.lead)}
          description={bundle.description}
          save={async ({ description }, signal) => {
            await storeBundle(queryClient, await updateBundle(bundle.uuid, { description }, signal));
          }}
        />
      )}
    </BundleFrame>
  );
}
