/**
 * The flamegraph `tx-workbench trace --flamegraph` writes, opened in Debian's Chromium as an image
 * (an `<img>` of the file: what a browser shows when the file is opened, with no script and no
 * network): it paints, the failing frame in red and the others in their colours, and nothing
 * is requested. The screenshot goes to test-results/flamegraph-*.png.
 */
import { mkdirSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flamegraphSvg } from '../../replay/flamegraph';
import { assertChromiumInstalled, chromiumFlags, chromiumPath } from '../e2e/chromium';
import { fungibleAssetTransfer, generatedTrace, threeFrameAbort } from '../fixtures/moveTraces';

let browser: Browser;

beforeAll(async () => {
  assertChromiumInstalled();
  mkdirSync('test-results', { recursive: true });
  browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumFlags] });
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

/** Colour counts of the painted image: all pixels, non-white ones, and the abort's red. */
async function paint(svg: string, name: string) {
  const page = await browser.newPage({ viewport: { width: 1240, height: 700 } });
  const requests: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith('data:') && !request.url().startsWith('about:'))
      requests.push(request.url());
  });
  const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  await page.setContent(`<img alt="flamegraph" src="${src}">`);
  const counts = await page.evaluate(async () => {
    const img = document.querySelector('img') as HTMLImageElement;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    context.drawImage(img, 0, 0);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let ink = 0;
    let red = 0;
    const colours = new Set<number>();
    for (let i = 0; i < data.length; i += 4) {
      const [r = 0, g = 0, b = 0] = [data[i], data[i + 1], data[i + 2]];
      if (r < 245 || g < 245 || b < 245) ink += 1;
      // #c92a2a, the frame that raised the abort.
      if (r === 0xc9 && g === 0x2a && b === 0x2a) red += 1;
      colours.add((r << 16) | (g << 8) | b);
    }
    return { width: canvas.width, pixels: data.length / 4, ink, red, colours: colours.size };
  });
  await page.screenshot({ path: `test-results/flamegraph-${name}.png`, fullPage: true });
  await page.close();
  return { ...counts, requests };
}

describe('the flamegraph SVG in Chromium', { timeout: 60_000 }, () => {
  it('paints a three-frame abort with its failing frame in red, loading nothing', async () => {
    const result = await paint(flamegraphSvg(threeFrameAbort()), 'abort');
    expect(result.width).toBe(1200);
    expect(result.ink / result.pixels).toBeGreaterThan(0.05);
    expect(result.red).toBeGreaterThan(50);
    expect(result.requests).toEqual([]);
  });

  it('paints a transfer (no failure: no red) and 10,000 frames', async () => {
    const transfer = await paint(flamegraphSvg(fungibleAssetTransfer()), 'transfer');
    expect(transfer.red).toBe(0);
    expect(transfer.colours).toBeGreaterThan(10);
    const wide = await paint(flamegraphSvg(generatedTrace()), 'generated');
    expect(wide.ink / wide.pixels).toBeGreaterThan(0.2);
  });
});
