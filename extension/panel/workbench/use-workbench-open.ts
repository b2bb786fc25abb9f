/**
 * What one profile's workbench does while it is open, beside what it shows: the collections read
 * and their connected folders kept in step, the draft saved when the panel closes, the saved
 * request in the composer followed, the keyboard shortcuts, and focus never lost to <body>.
 */
import { useEffect } from 'preact/hooks';
import type { ProfileView } from '../../../src/service/profile/profile-input';
import { useCollectionFolders } from '../state/use-collection-folders';
import { useDraftFlush } from '../state/use-request';
import { collections } from '../state/workspace';
import { useFocusRescue } from './use-focus-rescue';
import { useFollowSaved } from './use-follow-saved';
import { useShortcuts } from './use-shortcuts';

export function useWorkbenchOpen(profile: ProfileView): void {
  useCollectionFolders();
  useEffect(() => void collections.reload(), []);
  useDraftFlush(profile.id);
  useFollowSaved(profile.id);
  useShortcuts(profile);
  useFocusRescue();
}
