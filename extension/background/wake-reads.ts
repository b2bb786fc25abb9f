/**
 * The reads a call that wakes a stopped worker needs, started as the worker's script begins to
 * run instead of after it: the storage version with the profiles and secrets (`storage.local`,
 * storage.ts) and every small `storage.session` key (session-store.ts). Their round trips then
 * overlap the evaluation of the rest of the script and Chrome's dispatch of the waking message,
 * where they used to follow it one after the other; so does the import of the lock's key once they
 * are in. They are the modules' own first reads, kept in their mirrors exactly as a first call
 * would keep them (only this worker writes storage, so nothing can change under them); a read that
 * fails here is tried again, and reported, by the first call that needs it. main.ts imports this
 * module first.
 */
import { lockState } from './stores/secret-store';
import { readSession } from './stores/session-store';
import { readCallKeys } from './stores/storage';

// Not awaited: the first call awaits the same reads (and meets their failure, if any).
void readCallKeys().catch((error: unknown) => error);
void readSession('vaultKey').catch((error: unknown) => error);
// With the vault unlocked, the lock's key is imported once those reads are in (the lock's state
// is read for that side effect), while Chrome is still dispatching the message that woke it.
void lockState().catch((error: unknown) => error);
