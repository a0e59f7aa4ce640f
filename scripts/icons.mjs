// Draws the app's PNG icons (web app manifest) from the SVGs in static/icons/, in Debian's Chromium:
//   node scripts/icons.mjs
// Run it after changing an SVG and commit the PNGs.
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './chromium.mjs';

const DIR = new URL('../static/icons/', import.meta.url);
const OUT = [
	['icon.svg', 'icon-192.png', 192],
	['icon.svg', 'icon-512.png', 512],
	['maskable.svg', 'maskable-512.png', 512],
	['icon.svg', 'apple-touch-icon.png', 180]
];

const browser = await chromium.launch(CHROMIUM_LAUNCH);
try {
	for (const [svg, png, size] of OUT) {
		const page = await browser.newPage({ viewport: { width: size, height: size } });
		const data = Buffer.from(readFileSync(new URL(svg, DIR))).toString('base64');
		await page.setContent(`<style>html,body{margin:0;background:transparent}</style><img src="data:image/svg+xml;base64,${data}" width="${size}" height="${size}">`);
		await page.locator('img').evaluate((img) => img.decode());
		await page.screenshot({ path: new URL(png, DIR).pathname, omitBackground: true });
		await page.close();
		console.log(`static/icons/${png} (${size}×${size})`);
	}
} finally {
	await browser.close();
}
