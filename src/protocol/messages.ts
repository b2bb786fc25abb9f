/**
 * The panel <-> worker message contract: every message type with the runtime schema of its request
 * and the TypeScript type of its answer. Both sides import only from here, so a change to a
 * message is one edit that the compiler carries to both ends.
 */
import * as v from 'valibot';
import { type MaskCapturedResponse, MaskCapturedSchema } from '../capture/held-secret-masking';
import { type CheckTokensResponse, CheckTokensSchema } from '../capture/token-fingerprint';
import type { RefusedValue } from '../checks/carried-values';
import { AnswerVariablesSchema, CollectionSchema } from '../collections/collection-schema';
import { type DraftChecks, DraftChecksSchema } from '../collections/draft-checks-shape';
import type { Collection } from '../collections/model';
import type { HttpExchange } from '../service/call/execute';
import {
  ProfileInputSchema,
  type ProfileView,
  SecretsInputSchema,
  type Warning,
} from '../service/profile/profile-input';
import type { DemoProfile } from '../service/profile/sandbox-demo';
import type { HistoryEntry } from '../service/storage/history';
import type { SavedAnswer } from '../service/storage/saved-answers';
import { StoredUiPrefsSchema } from '../service/storage/stored-shapes';
import { MAX_PASSPHRASE_LENGTH } from '../service/storage/vault';
import type { TokenFailureView, TokenView } from '../service/token/token-grant';
import { builtOnFirstRead } from '../vocabulary/built-on-first-read';
import type { AppError } from '../vocabulary/errors';
import { ComposedCallSchema, NameValueSchema } from '../vocabulary/schemas';
import { CODE_LANGUAGES, type ComposedCall, MAX_ROWS, type NameValue } from '../vocabulary/terms';
import type { UiPrefs } from '../vocabulary/ui-prefs';
import type { ByChannel } from './body-channel';

const SharedVariablesSchema = v.pipe(v.array(NameValueSchema), v.maxLength(MAX_ROWS));

const profileRef = v.pipe(v.string(), v.minLength(1), v.maxLength(64));

const idPayload = v.strictObject({ id: v.pipe(v.string(), v.minLength(1), v.maxLength(64)) });

const requestRef = v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{1,64}$/));

export const SendRequestSchema = v.strictObject({
  /** Chosen by the panel, so that it can cancel the call while it runs. */
  requestId: requestRef,
  profileId: profileRef,
  ...ComposedCallSchema.entries,
  /** The shared variables of the collection the call was opened from (the profile's win). */
  variables: v.optional(SharedVariablesSchema),
  /** Values to take from the answer and carry to later calls (`orderId` from `res.body.id`). */
  answerVariables: v.optional(AnswerVariablesSchema),
  /** The channel the panel takes a large body by (src/protocol/body-channel.ts). */
  bodyChannel: v.optional(requestRef),
});
export type SendRequest = v.InferOutput<typeof SendRequestSchema>;

/** What the worker did with a call's answer variables: all it carries now, and what it refused. */
export interface CarryReply {
  values: NameValue[];
  refused: RefusedValue[];
}

/** A call's answer, with what was carried from it when the call had answer variables. */
export type SentExchange = HttpExchange & { carried?: CarryReply } & ByChannel;

/** The passphrase lock: off (secrets stored plain), locked (no key this session), unlocked. */
export type LockState = 'off' | 'locked' | 'unlocked';

/** Up to the limit plus one, so that an over-long passphrase gets the lock's own clear error. */
const passphrase = v.pipe(v.string(), v.maxLength(MAX_PASSPHRASE_LENGTH + 1));
/** Characters of an imported file's text (and the most its packed form may have). */
export const IMPORT_MAX_CHARS = 32 * 1024 * 1024;
/** 'ask' answers a name clash with outcome 'clash' and changes nothing. */
const onClash = v.picklist(['ask', 'replace', 'keep-both']);

export type ImportOutcome =
  | { outcome: 'clash'; name: string }
  | { outcome: 'imported'; id: string; name: string; summary: string[] };

/**
 * A profile's token as the panel shows it, always the one the next call carries: the cached
 * token's view (or, when none is held, the last attempt's). `refreshFailure` is a newer attempt
 * that failed while the cached token stays in use (a Get token answered 503, say): shown beside
 * it, never in its place.
 */
export interface TokenShownView {
  view: TokenView;
  fromCache: boolean;
  refreshFailure: TokenFailureView | null;
}

export interface TokenAttempt {
  label: string;
  view: TokenView;
}

/**
 * Each kind's schema is built when the router first reads it (built-on-first-read.ts), not when the
 * worker's script loads: a worker woken by a Send builds a Send's schema and no other.
 */
// Pure: a script that imports only a constant from here (the handlers script) leaves it out.
export const messages = /* @__PURE__ */ builtOnFirstRead({
  'profiles/list': () => v.strictObject({}),
  'profiles/save': () =>
    v.strictObject({
      profile: ProfileInputSchema,
      secrets: SecretsInputSchema,
      /**
       * Whether a saved secret left empty goes with a Base URL or Auth URL moved to another origin.
       * Needed only then: without it such a save is refused (`secret_origin_changed`).
       */
      keepSecretsForNewOrigin: v.optional(v.boolean()),
    }),
  'profiles/delete': () => idPayload,
  'profiles/activate': () => idPayload,
  'request/send': () => SendRequestSchema,
  'request/cancel': () => v.strictObject({ requestId: requestRef }),
  'history/list': () => v.strictObject({ profileId: profileRef }),
  /** Copy as cURL, fetch, Python, HTTPie or PowerShell: the composed call as code to run. */
  'code/build': () =>
    v.strictObject({
      profileId: profileRef,
      language: v.picklist(CODE_LANGUAGES),
      /** 'values' only after the user confirmed copying secrets in clear text. */
      mode: v.picklist(['variables', 'values']),
      ...ComposedCallSchema.entries,
      variables: v.optional(SharedVariablesSchema),
    }),
  'history/clear': () => v.strictObject({ profileId: profileRef }),
  /** The answer kept for a history entry (the last few per profile), if it is still kept. */
  'history/answer': () => v.strictObject({ profileId: profileRef, entryId: profileRef }),
  /** What a reopened panel shows for a profile: its draft, its last answer, its token. */
  'workspace/get': () => v.strictObject({ profileId: profileRef }),
  /** `checks`: the draft's assertions and answer variables; none or empty forgets them. */
  'workspace/save-draft': () =>
    v.strictObject({
      profileId: profileRef,
      draft: ComposedCallSchema,
      checks: v.optional(DraftChecksSchema),
    }),
  'prefs/get': () => v.strictObject({}),
  'prefs/set': () => v.strictObject({ prefs: StoredUiPrefsSchema }),
  /** The demo profile of a sandbox on its default address, for "Use local sandbox". */
  'sandbox/demo': () => v.strictObject({}),
  'collections/list': () => v.strictObject({}),
  'collections/put': () => v.strictObject({ collection: CollectionSchema }),
  'collections/delete': () => idPayload,
  'collections/export': () =>
    v.strictObject({
      id: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
      format: v.picklist(['native', 'postman']),
    }),
  /** The collection as an OpenCollection YAML folder (Bruno), its files for the panel to zip. */
  /**
   * `profileIds`: the profiles whose environments Export for Bruno writes (the user's choice);
   * without it (Connect folder), those of the collection's auth method.
   */
  'collections/export-folder': () =>
    v.strictObject({
      id: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
      profileIds: v.optional(
        v.pipe(v.array(v.pipe(v.string(), v.minLength(1), v.maxLength(64))), v.maxLength(500)),
      ),
    }),
  /** Opens the Connect folder tab for a collection (a folder picker cannot open in DevTools). */
  'collections/connect-folder': () =>
    v.strictObject({
      id: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
      reconnect: v.boolean(),
    }),
  'collections/import': () =>
    v.union([
      v.strictObject({
        /** Up to 32 MiB: a 10 000-request Postman export is about 10 MiB. */
        text: v.pipe(v.string(), v.maxLength(IMPORT_MAX_CHARS)),
        onClash,
      }),
      /** The same text packed (packed-text.ts): what the panel sends, a large file crosses faster. */
      v.strictObject({ packed: v.pipe(v.string(), v.maxLength(IMPORT_MAX_CHARS)), onClash }),
    ]),
  /** A collection the panel read itself (an OpenAPI document), with its import summary. */
  'collections/import-parsed': () =>
    v.strictObject({
      collection: CollectionSchema,
      summary: v.pipe(v.array(v.pipe(v.string(), v.maxLength(4_096))), v.maxLength(500)),
      onClash,
    }),
  'token/get': () => v.strictObject({ profileId: profileRef, fresh: v.boolean() }),
  'token/reveal': () => v.strictObject({ profileId: profileRef }),
  'token/compare': () => v.strictObject({ profileId: profileRef }),
  'lock/status': () => v.strictObject({}),
  'lock/enable': () => v.strictObject({ passphrase }),
  'lock/unlock': () => v.strictObject({ passphrase }),
  'lock/lock': () => v.strictObject({}),
  'lock/change': () => v.strictObject({ current: passphrase, next: passphrase }),
  'lock/remove': () => v.strictObject({ passphrase }),
  /** For a forgotten passphrase: removes the sealed secrets (only those) and the lock. */
  'lock/reset': () => v.strictObject({}),
  /** Which Bearer tokens a captured page sent (SHA-256 fingerprints) this extension obtained. */
  'capture/check-tokens': () => CheckTokensSchema,
  /** The texts of captured calls, to mask every secret the worker holds in them. */
  'capture/mask': () => MaskCapturedSchema,
  /** The values a profile carries from answers to later calls (`{{orderId}}`). */
  'variables/carried': () => v.strictObject({ profileId: profileRef }),
  'variables/clear': () => v.strictObject({ profileId: profileRef }),
  /** A support report the panel built: every secret the worker holds masked, in any encoding. */
  'report/redact': () => v.strictObject({ text: v.pipe(v.string(), v.maxLength(200_000)) }),
  /** Nothing but a start of a stopped worker, ahead of the call the user is about to make. */
  'worker/wake': () => v.strictObject({}),
});

export type MessageType = keyof typeof messages;
export type RequestOf<K extends MessageType> = v.InferOutput<(typeof messages)[K]>;

export interface ResponseMap {
  'profiles/list': { profiles: ProfileView[]; activeProfileId: string | null };
  'profiles/save': { profile: ProfileView; warnings: Warning[] };
  /** `unusedOrigins`: host permissions only the deleted profile needed, which may be revoked. */
  'profiles/delete': { id: string; unusedOrigins: string[] };
  'profiles/activate': { activeProfileId: string };
  'request/send': SentExchange;
  'request/cancel': { cancelled: boolean };
  'history/list': { entries: HistoryEntry[] };
  'code/build': { code: string };
  'history/clear': { cleared: number };
  'history/answer': { answer: SavedAnswer | null };
  'workspace/get': {
    draft: ComposedCall | null;
    /** The draft's checks, when it has any. */
    checks: DraftChecks | null;
    answer: SavedAnswer | null;
    /** The cached token's view (no token request is made for it), or the last failed attempt's. */
    token: TokenShownView | null;
  };
  /** `saved` false: the vault is locked, so the draft stays in the panel until it is unlocked. */
  'workspace/save-draft': { saved: boolean };
  'prefs/get': { prefs: UiPrefs };
  'prefs/set': { prefs: UiPrefs };
  'sandbox/demo': { profile: DemoProfile };
  'collections/list': { collections: Collection[] };
  'collections/put': { collection: Collection };
  'collections/delete': { id: string };
  'collections/export': { fileName: string; text: string };
  /** `folder`: the folder's name (a safe file name), also the zip's name. */
  'collections/export-folder': { folder: string; files: { path: string; text: string }[] };
  'collections/connect-folder': { opened: true };
  'collections/import': ImportOutcome;
  'collections/import-parsed': ImportOutcome;
  'token/get': TokenShownView;
  /** Answered only to an explicit user action (Reveal or Copy). */
  'token/reveal': { accessToken: string };
  'token/compare': { attempts: TokenAttempt[] };
  'lock/status': { state: LockState };
  'lock/enable': { state: LockState };
  'lock/unlock': { state: LockState };
  'lock/lock': { state: LockState };
  'lock/change': { state: LockState };
  'lock/remove': { state: LockState };
  'lock/reset': { state: LockState; removed: number };
  'capture/check-tokens': CheckTokensResponse;
  'capture/mask': MaskCapturedResponse;
  'variables/carried': { values: NameValue[] };
  'variables/clear': { values: NameValue[] };
  /** `replaced`: how many places held a secret (or an encoding of one) and now hold its mask. */
  'report/redact': { text: string; replaced: number };
  'worker/wake': { awake: true };
}
export type ResponseOf<K extends MessageType> = ResponseMap[K];

export type Envelope<K extends MessageType = MessageType> = { type: K; payload: RequestOf<K> };
export type Reply<K extends MessageType> =
  | { ok: true; value: ResponseOf<K> }
  | { ok: false; error: AppError };
