/**
 * A captured call's mark for its worst finding, drawn as an inline SVG with its words for a screen
 * reader and a tooltip: an emoji such as ⛔ is an empty box where no emoji font is installed
 * (Debian's Chromium), while a drawing shows everywhere in the theme's colours.
 */
import type { FindingMark as Mark } from '../../../../src/capture/finding';

const TEXTS: Record<Exclude<Mark, null>, string> = {
  critical: 'Critical finding',
  warning: 'Warning',
};

export function FindingMark({ mark }: { mark: Mark }) {
  if (mark === null) return null;
  const text = TEXTS[mark];
  return (
    <svg
      class={`capture-mark ${mark}`}
      role="img"
      aria-label={text}
      viewBox="0 0 16 16"
      width="12"
      height="12"
    >
      <title>{text}</title>
      {mark === 'critical' ? (
        <>
          <circle cx="8" cy="8" r="7.5" fill="currentColor" />
          <rect x="3.5" y="6.75" width="9" height="2.5" class="capture-mark-cut" />
        </>
      ) : (
        <>
          <path d="M8 0.8 15.6 14.8H0.4Z" fill="currentColor" />
          <rect x="7.1" y="5.2" width="1.8" height="5.2" class="capture-mark-cut" />
          <rect x="7.1" y="11.6" width="1.8" height="1.8" class="capture-mark-cut" />
        </>
      )}
    </svg>
  );
}
