import type { Page } from '@playwright/test';

export const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
] as const;

/** Where screenshots go: e2e/artifacts/, or STUDIO_SHOTS_DIR (to keep a set of them elsewhere). */
const DIR = process.env.STUDIO_SHOTS_DIR ?? 'e2e/artifacts';

/**
 * Screenshots of the current page at both reference sizes, under e2e/artifacts/ (or
 * STUDIO_SHOTS_DIR), to look at: they check nothing. STUDIO_SHOTS=0 skips them (`npm test` does
 * unless STUDIO_SHOTS=1: ~150 calls a run, each two resizes and two captures and back).
 */
export async function shootBoth(page: Page, name: string): Promise<void> {
  if (process.env.STUDIO_SHOTS === '0') return;
  const original = page.viewportSize();
  for (const size of VIEWPORTS) {
    await page.setViewportSize(size);
    // Two frames: the layout at the new size, then what React renders from it (ResizeObserver).
    await page.evaluate(() => {
      const frame = (globalThis as unknown as { requestAnimationFrame(callback: () => void): number }).requestAnimationFrame;
      return new Promise<void>((done) => frame(() => frame(done)));
    });
    await page.screenshot({ path: `${DIR}/${name}-${size.width}x${size.height}.png` });
  }
  if (original) await page.setViewportSize(original);
}
