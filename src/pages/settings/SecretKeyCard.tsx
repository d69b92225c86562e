import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { defineMessage, defineMessages, useIntl, type IntlShape } from 'react-intl';
import { fromPromise } from 'xstate';
import { secretKeyMachine } from '../../../machines/secretKey/secretKey.machine';
import { selectSecretKeyView } from '../../../machines/secretKey/secretKey.selectors';
import { settleUnlessAborted } from '../../../machines/support/settleUnlessAborted';
import { refreshKeys, type ApiKey } from '../../api/settingsApi';
import { failureText, fieldErrors } from '../../app/failureText';
import { useInspectedMachine } from '../../app/inspector';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { ConfirmDialog } from '../../components/ui/Dialog';
import { FormError } from '../../components/ui/Form';
import { PasswordField } from '../../components/ui/PasswordField';
import { TextField } from '../../components/ui/TextField';

const m = defineMessages({
  none: { id: 'settings.keys.none', defaultMessage: 'Aucune clé pour le moment.' },
  generate: { id: 'settings.keys.generate', defaultMessage: 'Générer une clé' },
  regenerate: { id: 'settings.keys.regenerate', defaultMessage: 'Remplacer la clé' },
  generating: { id: 'settings.keys.generating', defaultMessage: 'Génération…' },
  revealTitle: { id: 'settings.keys.revealTitle', defaultMessage: 'Copiez cette clé maintenant' },
  reveal: {
    id: 'settings.keys.reveal',
    defaultMessage: 'Elle ne sera plus jamais affichée : nous n’en gardons qu’une empreinte. Conservez-la dans un endroit sûr.',
  },
  secretLabel: { id: 'settings.keys.secretLabel', defaultMessage: 'Votre clé' },
  hide: { id: 'settings.keys.hide', defaultMessage: 'J’ai copié la clé' },
  revoke: { id: 'settings.keys.revoke', defaultMessage: 'Révoquer' },
  revokeTitle: { id: 'settings.keys.revokeTitle', defaultMessage: 'Révoquer la clé ?' },
  revokeBody: { id: 'settings.keys.revokeBody', defaultMessage: 'Les appels qui l’utilisent seront refusés immédiatement.' },
  revokePassword: { id: 'settings.keys.revokePassword', defaultMessage: 'Confirmez avec votre mot de passe' },
  revoking: { id: 'settings.keys.revoking', defaultMessage: 'Révocation…' },
  cancel: { id: 'settings.keys.cancel', defaultMessage: 'Annuler' },
  showPassword: { id: 'settings.keys.showPassword', defaultMessage: 'Afficher le mot de passe' },
  hidePassword: { id: 'settings.keys.hidePassword', defaultMessage: 'Masquer le mot de passe' },
});

const existingMessage = defineMessage<{ lastFour: string; date: string }>({ id: 'settings.keys.existing', defaultMessage: 'Clé se terminant par {lastFour}, créée le {date}.' });

/** One secret (a personal API key or a store secret): its state, generate (shown once), revoke. */
export function SecretKeyCard({
  title,
  description,
  existing,
  generate,
  revoke,
  needsPassword,
  testId,
  children,
}: {
  title: string;
  description: string;
  /** The key as the server lists it (never its secret), or null. */
  existing: ApiKey | null;
  generate: (signal: AbortSignal) => Promise<{ key: string | null }>;
  revoke: (password: string | null, signal: AbortSignal) => Promise<unknown>;
  /** Store secrets are revoked with the password; a personal key is not. */
  needsPassword: boolean;
  testId: string;
  children?: ReactNode;
}) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const machine = useMemo(
    () =>
      secretKeyMachine.provide({
        actors: {
          generate: fromPromise(({ signal }) => settleUnlessAborted(signal, generate(signal))),
          revoke: fromPromise(async ({ input, signal }) => {
            await settleUnlessAborted(signal, revoke(input.password, signal));
          }),
        },
        actions: { changed: () => void refreshKeys(queryClient) },
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const [snapshot, send] = useInspectedMachine(machine);
  const view = selectSecretKeyView(snapshot);
  const passwordError = fieldErrors(view.failure, 'password');

  return (
    <Card title={title} description={description}>
      <div className="stack" data-testid={testId}>
        {children}
        {view.secret ? (
          <Banner variant="warning" title={intl.formatMessage(m.revealTitle)} data-testid={`${testId}-secret`}>
            <div className="stack">
              <p>{intl.formatMessage(m.reveal)}</p>
              <TextField label={intl.formatMessage(m.secretLabel)} value={view.secret} isReadOnly data-testid={`${testId}-secret-value`} />
              <div className="form-actions">
                <Button variant="secondary" onPress={() => send({ type: 'HIDE' })} data-testid={`${testId}-hide`}>
                  {intl.formatMessage(m.hide)}
                </Button>
              </div>
            </div>
          </Banner>
        ) : (
          <p className="settings-key__state" data-testid={`${testId}-state`}>
            {existingText(intl, existing)}
          </p>
        )}
        <FormError>{view.confirming ? undefined : failureText(intl, view.failure)}</FormError>
        <div className="form-actions">
          <Button onPress={() => send({ type: 'GENERATE' })} isPending={view.generating} pendingLabel={intl.formatMessage(m.generating)} data-testid={`${testId}-generate`}>
            {intl.formatMessage(existing ? m.regenerate : m.generate)}
          </Button>
          {existing && (
            <Button variant="danger" onPress={() => send({ type: 'REVOKE' })} data-testid={`${testId}-revoke`}>
              {intl.formatMessage(m.revoke)}
            </Button>
          )}
        </div>
      </div>
      <ConfirmDialog
        isOpen={view.confirming}
        onOpenChange={(open) => {
          if (!open) setPassword('');
        }}
        title={intl.formatMessage(m.revokeTitle)}
        confirmLabel={intl.formatMessage(m.revoke)}
        cancelLabel={intl.formatMessage(m.cancel)}
        onConfirm={() => {
          send({ type: 'CONFIRM', password: needsPassword ? password : null });
          setPassword('');
        }}
        onCancel={() => send({ type: 'CANCEL' })}
        variant="danger"
        isPending={view.revoking}
        pendingLabel={intl.formatMessage(m.revoking)}
        closeOnConfirm={false}
      >
        <div className="stack" data-testid={`${testId}-revoke-dialog`}>
          <p>{intl.formatMessage(m.revokeBody)}</p>
          {needsPassword && (
            <PasswordField
              label={intl.formatMessage(m.revokePassword)}
              value={password}
              onChange={setPassword}
              autoComplete="current-password"
              showLabel={intl.formatMessage(m.showPassword)}
              hideLabel={intl.formatMessage(m.hidePassword)}
              errorMessage={passwordError}
              isInvalid={Boolean(passwordError)}
            />
          )}
          <FormError>{failureText(intl, view.failure, ['password'])}</FormError>
        </div>
      </ConfirmDialog>
    </Card>
  );
}

function existingText(intl: IntlShape, key: ApiKey | null) {
  if (!key) return intl.formatMessage(m.none);
  return intl.formatMessage(existingMessage, { lastFour: key.last_four, date: intl.formatDate(key.created_at, { dateStyle: 'long' }) });
}
