/**
 * The notices under the toolbar, on every page of the panel: why the profiles could not be read,
 * the last profile save's warnings (for the profile they are about, while it is the active one)
 * and the lock's notices. Read from the store.
 */

import { useProfiles } from '../state/use-profiles';
import { LockNotices } from '../toolbar/Lock';
import { ErrorNotice } from '../ui/ErrorNotice';

export function AppNotices() {
  const { warnings, loadError, activeId } = useProfiles();
  return (
    <>
      {loadError && <ErrorNotice error={loadError} />}
      {warnings !== null && warnings.profileId === activeId && (
        <ul class="notice notice-warn" role="status" aria-label="Profile warnings">
          {warnings.list.map((warning) => (
            <li key={warning.field + warning.message}>{warning.message}</li>
          ))}
        </ul>
      )}
      <LockNotices />
    </>
  );
}
