import { Switch } from 'react-aria-components';

/** The draft switch of the section dialog (react-aria Switch: Space toggles it, the label is its name). */
export function DraftSwitch({ label, defaultSelected, name }: { label: string; defaultSelected: boolean; name: string }) {
  return (
    <Switch name={name} value="1" defaultSelected={defaultSelected} className="draft-switch" data-testid="draft-switch">
      <span className="draft-switch__track" aria-hidden="true">
        <span className="draft-switch__thumb" />
      </span>
      <span className="draft-switch__label">{label}</span>
    </Switch>
  );
}
