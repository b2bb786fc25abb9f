/**
 * The request's headers: those the profile sets (the spec's contract: Content-Type, companyId and
 * the auth header, its secret masked; they cannot be overridden) and the user's own.
 */

import type { ProfileView } from '../../../src/service/profile/profile-input';
import { CONTRACT_HEADERS } from '../../../src/service/wire/headers';
import type { NameValue } from '../../../src/vocabulary/terms';
import { KeyValueTable } from '../ui/KeyValueTable';

interface Props {
  profile: ProfileView;
  rows: NameValue[];
  onChange: (rows: NameValue[]) => void;
}

export function HeadersTab({ profile, rows, onChange }: Props) {
  const auth =
    profile.authMethod === 'apiKey'
      ? { name: 'x-apikey', value: profile.secrets.apiKey ?? '(no API key saved)' }
      : { name: 'Authorization', value: 'Bearer ••••  (the profile’s token)' };
  const clash = rows.find((header) =>
    (CONTRACT_HEADERS as readonly string[]).includes(header.name.trim().toLowerCase()),
  );
  return (
    <>
      <h3 id="contract-headers">Headers set by the profile</h3>
      <dl class="headers contract" aria-labelledby="contract-headers">
        <div>
          <dt>Content-Type</dt>
          <dd>application/json</dd>
        </div>
        <div>
          <dt>companyId</dt>
          <dd>{profile.companyId}</dd>
        </div>
        <div>
          <dt>{auth.name}</dt>
          <dd>{auth.value}</dd>
        </div>
      </dl>
      <h3>Your headers</h3>
      <KeyValueTable noun="Header" rows={rows} onChange={onChange} />
      {clash && (
        <p class="warn" role="status">
          {clash.name} is set by the profile and cannot be overridden.
        </p>
      )}
    </>
  );
}
