/**
 * The panel's layout preferences and their defaults: which tabs are chosen, where the dividers
 * stand, whether the sidebar shows. UI preferences only (never a secret); the worker keeps them in
 * `storage.local` (schema in stored-shapes.ts). No schema library here, so the panel can import
 * the defaults without carrying one.
 */
export const SIDEBAR_TABS = ['collections', 'history', 'capture'] as const;
export const REQUEST_TABS = ['params', 'headers', 'body', 'auth', 'tests'] as const;
export const RESPONSE_TABS = [
  'body',
  'headers',
  'sent',
  'checks',
  'timeline',
  'explanation',
] as const;

export type SidebarTab = (typeof SIDEBAR_TABS)[number];
export type RequestTab = (typeof REQUEST_TABS)[number];
export type ResponseTab = (typeof RESPONSE_TABS)[number];

export interface UiPrefs {
  /** The sidebar's width in pixels when docked beside the panes (140 to 800). */
  sidebarWidth: number;
  /** Whether the sidebar shows (docked when the panel is wide, over the panes when narrow). */
  sidebarOpen: boolean;
  sidebarTab: SidebarTab;
  /** The request pane's share when request and response stand side by side (0.1 to 0.9). */
  splitRow: number;
  /** The request pane's share when they are stacked (0.1 to 0.9). */
  splitColumn: number;
  requestTab: RequestTab;
  responseTab: ResponseTab;
}

export const DEFAULT_UI_PREFS: Readonly<UiPrefs> = Object.freeze({
  sidebarWidth: 240,
  sidebarOpen: true,
  sidebarTab: 'collections',
  splitRow: 0.5,
  splitColumn: 0.45,
  requestTab: 'params',
  responseTab: 'body',
});

/** `base` with every preference that is set in `patch` (an absent or undefined one keeps its value). */
export function withPrefs(
  base: Readonly<UiPrefs>,
  patch: { [K in keyof UiPrefs]?: UiPrefs[K] | undefined },
): UiPrefs {
  const set = Object.entries(patch).filter(([, value]) => value !== undefined);
  return { ...base, ...Object.fromEntries(set) };
}

/** The narrowest and widest sidebar a preference may keep (the stored shape's bounds). */
export const SIDEBAR_WIDTH_MIN = 140;
export const SIDEBAR_WIDTH_MAX = 800;

/**
 * A dragged or stepped sidebar width, within `min`..`max` (the panel's are within the bounds a
 * preference may have), in whole pixels. A pointer read that is not a number keeps `min`.
 */
export function sidebarWidthWithin(width: number, min: number, max: number): number {
  // NaN stays NaN through max, min and round, and is the one falsy result (min is above 0).
  return Math.round(Math.min(max, Math.max(min, width))) || min;
}

/**
 * A dragged or stepped share of the request pane, within 0.1..0.9 and kept to whole percents (so
 * keyboard steps land on 0.6, not 0.6000000001). A pointer read over a box with no size (0/0) is
 * not a number: it keeps the middle.
 */
export function splitRatioWithin(ratio: number): number {
  // NaN stays NaN through min, max and round, and is the one falsy result (0.1 is the least).
  return Math.round(Math.min(0.9, Math.max(0.1, ratio)) * 100) / 100 || 0.5;
}
