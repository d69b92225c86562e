import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Flag, Lock } from 'lucide-react';
import { Menu, MenuItem } from '../../components/ui/Menu';
import { Button } from '../../components/ui/Button';
import { showToast } from '../../components/ui/toastQueue';
import { useRequest } from '../../app/useRequest';
import type { AbuseReason } from '../../api/communityApi';
import type { components } from '../../api/schema.gen';

type Author = components['schemas']['Author'];

const m = defineMessages({
  deletedMember: { id: 'community.author.deleted', defaultMessage: 'Membre supprimé' },
  noAccess: { id: 'community.noAccess.body', defaultMessage: 'Vous n’avez pas accès à cet espace. Contactez le formateur pour le rejoindre.' },
  report: { id: 'community.report', defaultMessage: 'Signaler' },
  reportAs: { id: 'community.report.label', defaultMessage: 'Signaler ce contenu' },
  SPAM: { id: 'community.report.SPAM', defaultMessage: 'Spam' },
  DISCRIMINATION: { id: 'community.report.DISCRIMINATION', defaultMessage: 'Discrimination' },
  HATE: { id: 'community.report.HATE', defaultMessage: 'Propos haineux' },
  VIOLENCE: { id: 'community.report.VIOLENCE', defaultMessage: 'Violence' },
  reported: { id: 'community.report.sent', defaultMessage: 'Signalement envoyé à l’équipe' },
});

export const ABUSE_REASONS: readonly AbuseReason[] = ['SPAM', 'DISCRIMINATION', 'HATE', 'VIOLENCE'];
export const reasonMessages = { SPAM: m.SPAM, DISCRIMINATION: m.DISCRIMINATION, HATE: m.HATE, VIOLENCE: m.VIOLENCE };

/** An author's picture or initial, and name ("Membre supprimé" once deleted). */
export function AuthorName({ author }: { author: Author | null }) {
  const intl = useIntl();
  const name = author?.display_name ?? intl.formatMessage(m.deletedMember);
  return (
    <span className="community-card__meta">
      {author?.picture ? (
        <img className="community-avatar" src={author.picture} alt="" />
      ) : (
        <span className="community-avatar" aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <span className="community-card__author">{name}</span>
    </span>
  );
}

/** The panel of a space the caller may not open. */
export function NoAccessPanel() {
  const intl = useIntl();
  return (
    <div className="community-empty" data-testid="community-no-access">
      <Lock size={24} aria-hidden="true" />
      <p>{intl.formatMessage(m.noAccess)}</p>
    </div>
  );
}

/** "Signaler" with its four reasons; the report goes to the space's managers. */
export function ReportMenu({ report }: { report: (reason: AbuseReason, signal: AbortSignal) => Promise<unknown> }) {
  const intl = useIntl();
  const [sent, setSent] = useState(false);
  const request = useRequest(async (reason: AbuseReason, signal) => {
    await report(reason, signal);
    setSent(true);
    showToast({ title: intl.formatMessage(m.reported), variant: 'success' });
  });
  return (
    <Menu
      aria-label={intl.formatMessage(m.reportAs)}
      trigger={
        <Button variant="ghost" size="sm" icon={<Flag size={14} aria-hidden="true" />} isDisabled={sent || request.isSubmitting}>
          {intl.formatMessage(m.report)}
        </Button>
      }
    >
      {ABUSE_REASONS.map((reason) => (
        <MenuItem key={reason} onAction={() => request.submit(reason)}>
          {intl.formatMessage(reasonMessages[reason])}
        </MenuItem>
      ))}
    </Menu>
  );
}
