import { SettingsAccessCard } from './SettingsAccessCard';
import { SettingsAuthorsCard } from './SettingsAuthorsCard';
import { SettingsEmailListCard } from './SettingsEmailListCard';
import { SettingsFeedbackCard } from './SettingsFeedbackCard';
import { SettingsGeneralCard } from './SettingsGeneralCard';
import { SettingsPictureCard } from './SettingsPictureCard';
import { SettingsSeoCard } from './SettingsSeoCard';
import { TrainingFrame } from './TrainingFrame';

/**
 * /formations/:uuid/parametres (also reached from …/seo and …/interne): one card per group of settings,
 * each saved on its own so a mistake in one never blocks the others.
 */
export function SettingsPage() {
  return (
    <TrainingFrame tab="settings">
      {(training) => (
        <>
          <SettingsGeneralCard training={training} />
          <SettingsPictureCard training={training} />
          <SettingsAccessCard training={training} />
          <SettingsFeedbackCard training={training} />
          <SettingsAuthorsCard training={training} />
          <SettingsSeoCard training={training} />
          <SettingsEmailListCard training={training} />
        </>
      )}
    </TrainingFrame>
  );
}
