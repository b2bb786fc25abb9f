/**
 * Export for Bruno's question: which profiles go into the zip's `environments/` folder. Only the
 * active profile is ticked at first, so a scratch profile ("Broken OAuth") is shared only when
 * the user ticks it. Profiles of the collection's auth method come first; the others say so.
 * Loaded with the first Export for Bruno.
 */
import { useState } from 'preact/hooks';
import {
  defaultExportProfiles,
  offeredExportProfiles,
} from '../../../../src/formats/opencollection/bruno-export-choice';
import type { ProfileView } from '../../../../src/service/profile/profile-input';
import type { AuthMethod } from '../../../../src/vocabulary/terms';
import { Dialog } from '../../ui/Dialog';
import { FormActions } from '../../ui/FormActions';

interface Props {
  collectionName: string;
  method: AuthMethod;
  profiles: readonly ProfileView[];
  activeProfileId: string | null;
  onExport: (profileIds: string[]) => void;
  onClose: () => void;
}

export function BrunoExportDialog(props: Props) {
  const { collectionName, method, profiles, onClose } = props;
  const offered = offeredExportProfiles(profiles, method);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(
    () => new Set(defaultExportProfiles(profiles, props.activeProfileId)),
  );
  const toggle = (id: string, on: boolean) =>
    setChosen((before) => {
      const next = new Set(before);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <Dialog title={`Export “${collectionName}” for Bruno`} onClose={onClose}>
      <form
        aria-label="Export for Bruno"
        onSubmit={(event) => {
          event.preventDefault();
          // In the saved order, whatever the order of the clicks.
          props.onExport(offered.filter(({ id }) => chosen.has(id)).map(({ id }) => id));
          onClose();
        }}
      >
        <fieldset class="export-environments">
          <legend>Environments in the zip</legend>
          <p class="muted">
            Each profile ticked is written as environments/&lt;its name&gt;.yml: its Base URL, Auth
            URL, Company ID and Client ID, the secret by name only. bru run --env takes that name.
          </p>
          {offered.length === 0 && <p class="muted">No profile is saved: no environment.</p>}
          {offered.map((profile) => (
            <label key={profile.id} class="row">
              <input
                type="checkbox"
                checked={chosen.has(profile.id)}
                onChange={(e) => toggle(profile.id, e.currentTarget.checked)}
              />
              {profile.name}
              {profile.authMethod !== method && ' (another auth method)'}
            </label>
          ))}
        </fieldset>
        <FormActions submit="Export" onCancel={onClose} />
      </form>
    </Dialog>
  );
}
