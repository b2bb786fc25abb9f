/**
 * A span of time in the panel's words: "8 s", "2 min 5 s", "1 h 3 min". The one wording of every
 * age, countdown and expiry the panel shows (the toolbar's countdown, the token diagnostics, the
 * Timeline), so two places showing the same moment never say it differently.
 */
export function spanWords(ms: number): string {
  const total = Math.round(Math.abs(ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h} h ${m} min` : m > 0 ? `${m} min ${s} s` : `${s} s`;
}
