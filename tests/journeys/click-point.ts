/**
 * Runs in the page, on a control's element: what puppeteer's ElementHandle.click does before it
 * moves the mouse, in one script instead of five BiDi round trips. The element is scrolled to the
 * centre when it is not wholly in view (an IntersectionObserver's ratio, as puppeteer asks), and
 * the point is the centre of its first client rectangle of at least 1x1 px once clipped to the
 * document's viewport; null when there is none (not shown). The mouse then clicks there as a user
 * does (BiDi input.performActions).
 */
export async function clickPoint(element: Element): Promise<{ x: number; y: number } | null> {
  if (!element.isConnected) return null;
  const ratio = await new Promise<number>((resolve) => {
    const observer = new IntersectionObserver((entries) => {
      resolve(entries[0]?.intersectionRatio ?? 0);
      observer.disconnect();
    });
    observer.observe(element);
  });
  if (ratio !== 1)
    element.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
  const width = document.documentElement.clientWidth;
  const height = document.documentElement.clientHeight;
  for (const rect of element.getClientRects()) {
    const x = Math.max(rect.x, 0);
    const y = Math.max(rect.y, 0);
    const w = Math.max(
      rect.x >= 0 ? Math.min(width - rect.x, rect.width) : Math.min(width, rect.width + rect.x),
      0,
    );
    const h = Math.max(
      rect.y >= 0 ? Math.min(height - rect.y, rect.height) : Math.min(height, rect.height + rect.y),
      0,
    );
    if (w >= 1 && h >= 1) return { x: x + w / 2, y: y + h / 2 };
  }
  return null;
}

/**
 * clickPoint once the control takes the click there, as Playwright's actionability checks have it
 * in Chromium: its box the same over an animation frame, and the element at the point the control
 * itself (or inside it, or a label of it), not a closing dialog over it. "retry" while it is not.
 */
export async function clickTarget(
  element: Element,
): Promise<{ x: number; y: number } | null | 'retry'> {
  const before = element.getBoundingClientRect();
  await new Promise((resolve) => requestAnimationFrame(resolve));
  const after = element.getBoundingClientRect();
  if (before.x !== after.x || before.y !== after.y || before.width !== after.width) return 'retry';
  const point = await clickPoint(element);
  if (point === null) return null;
  const hit = document.elementFromPoint(point.x, point.y);
  const label = hit?.closest('label');
  if (hit !== null && (element.contains(hit) || label?.control === element)) return point;
  return 'retry';
}
