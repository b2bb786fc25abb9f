/**
 * The shapes this extension keeps in `storage.local`, as runtime schemas: whatever is read back is
 * checked before use, so a corrupt or foreign record is reported instead of half-used.
 */
import * as v from 'valibot';
import { ComposedCallSchema } from '../../vocabulary/schemas';
import { AUTH_METHODS, HTTP_METHODS } from '../../vocabulary/terms';
import {
  REQUEST_TABS,
  RESPONSE_TABS,
  SIDEBAR_TABS,
  SIDEBAR_WIDTH_MAX,
  SIDEBAR_WIDTH_MIN,
  type UiPrefs,
} from '../../vocabulary/ui-prefs';
import { KDF_ITERATIONS } from './vault-crypto';

/**
 * Raise it with every change of a stored shape, and add the step from the old shape to
 * `storage-migrations.ts` with a fixture of the old shape (tests/fixtures/storage/).
 */
export const STORAGE_SCHEMA_VERSION = 2;

/** Profile ids become storage lookups: keep them to a safe alphabet. */
export const ProfileIdSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/));

export const StoredProfileSchema = v.strictObject({
  id: ProfileIdSchema,
  name: v.string(),
  authUrl: v.string(),
  baseUrl: v.string(),
  companyId: v.string(),
  authMethod: v.picklist(AUTH_METHODS),
  clientId: v.string(),
  /** OAuth (Basic header): form-encode id and secret before base64 (RFC 6749 section 2.3.1). */
  formEncodeCredentials: v.boolean(),
  variables: v.array(v.strictObject({ name: v.string(), value: v.string() })),
});

/** A profile's settings as stored: everything but its secrets. */
export type StoredProfile = v.InferOutput<typeof StoredProfileSchema>;

export const StoredSecretRecordSchema = v.strictObject({
  profileId: ProfileIdSchema,
  apiKey: v.optional(v.string()),
  clientSecret: v.optional(v.string()),
});
export type StoredSecretRecord = v.InferOutput<typeof StoredSecretRecordSchema>;

export const SECRET_FIELDS = ['apiKey', 'clientSecret'] as const;
export type SecretField = (typeof SECRET_FIELDS)[number];

/** Base64 of exactly `bytes` bytes, or of at most `maxBytes` bytes. */
const base64 = (length: { bytes: number } | { maxBytes: number }) =>
  v.pipe(
    v.string(),
    v.regex(/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/),
    'bytes' in length
      ? v.length(Math.ceil(length.bytes / 3) * 4)
      : v.maxLength(Math.ceil(length.maxBytes / 3) * 4),
  );

export const SealedSchema = v.strictObject({
  iv: base64({ bytes: 12 }),
  data: base64({ maxBytes: 64 * 1024 }),
});

/** How the passphrase becomes the key, and a sealed known text that tells a right one. */
export const LockHeaderSchema = v.strictObject({
  kdf: v.literal('PBKDF2-SHA256'),
  iterations: v.pipe(v.number(), v.integer(), v.minValue(KDF_ITERATIONS), v.maxValue(100_000_000)),
  salt: base64({ bytes: 16 }),
  check: SealedSchema,
});
export type LockHeader = v.InferOutput<typeof LockHeaderSchema>;

/** A profile's secrets sealed; `fields` (which secrets it holds) is authenticated, not secret. */
export const SealedSecretRecordSchema = v.strictObject({
  profileId: ProfileIdSchema,
  fields: v.pipe(v.array(v.picklist(SECRET_FIELDS)), v.maxLength(SECRET_FIELDS.length)),
  ...SealedSchema.entries,
});
export type SealedSecretRecord = v.InferOutput<typeof SealedSecretRecordSchema>;

/** Every profile's secrets: in plain text, or sealed under the passphrase lock. */
export const StoredSecretsSchema = v.variant('kind', [
  v.strictObject({ kind: v.literal('plain'), records: v.array(StoredSecretRecordSchema) }),
  v.strictObject({
    kind: v.literal('sealed'),
    lock: LockHeaderSchema,
    records: v.array(SealedSecretRecordSchema),
  }),
]);
export type StoredSecretsValue = v.InferOutput<typeof StoredSecretsSchema>;

/** The lock's key while unlocked, kept in `storage.session` only: the salt names its lock. */
export const SessionKeySchema = v.strictObject({
  salt: base64({ bytes: 16 }),
  bits: base64({ bytes: 32 }),
});

export const StoredProfilesSchema = v.array(StoredProfileSchema);
export const ActiveProfileSchema = v.nullable(ProfileIdSchema);

const NameValueList = v.array(v.strictObject({ name: v.string(), value: v.string() }));

export const StoredHistorySchema = v.array(
  v.strictObject({
    profileId: ProfileIdSchema,
    entry: v.strictObject({
      id: v.string(),
      at: v.number(),
      method: v.picklist(HTTP_METHODS),
      path: v.string(),
      query: NameValueList,
      headers: NameValueList,
      body: v.string(),
      bodyDropped: v.boolean(),
      status: v.nullable(v.number()),
      durationMs: v.nullable(v.number()),
      errorCode: v.nullable(v.string()),
    }),
  }),
);

/** The last call composed for each profile (its draft), so a reopened panel shows it again. */
export const StoredDraftsSchema = v.record(ProfileIdSchema, ComposedCallSchema);

/**
 * How the panel is laid out (see ui-prefs.ts): UI preferences only, kept in `storage.local`, never
 * `storage.sync`. Every field is optional in storage: a missing one takes its default.
 */
const UiPrefsSchema = v.strictObject({
  sidebarWidth: v.pipe(
    v.number(),
    v.integer(),
    v.minValue(SIDEBAR_WIDTH_MIN),
    v.maxValue(SIDEBAR_WIDTH_MAX),
  ),
  sidebarOpen: v.boolean(),
  sidebarTab: v.picklist(SIDEBAR_TABS),
  splitRow: v.pipe(v.number(), v.minValue(0.1), v.maxValue(0.9)),
  splitColumn: v.pipe(v.number(), v.minValue(0.1), v.maxValue(0.9)),
  requestTab: v.picklist(REQUEST_TABS),
  responseTab: v.picklist(RESPONSE_TABS),
}) satisfies v.GenericSchema<unknown, UiPrefs>;

export const StoredUiPrefsSchema = v.partial(UiPrefsSchema);
