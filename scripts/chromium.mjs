// Debian's Chromium and the flags every headless run here uses (tests, benches, scripts): one home.
// Without the background-networking flags Chromium keeps dialling hosts this closed network refuses.
import { readFileSync } from 'node:fs';

/** Debian's package; never a downloaded browser. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
	'--no-first-run',
	// No spare renderer kept warm for the next tab (≈ 75 MB RSS, 13 MB PSS): a screen opens none.
	'--disable-features=SpareRendererForSitePerProcess'
];

/** Playwright launch options for Debian's Chromium. */
export const CHROMIUM_LAUNCH = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };

/**
 * The flags of scripts/kiosk-chromium.flags, which scripts/kiosk.sh passes the device's Chromium:
 * non-empty lines not starting with `#`, as the script's word splitting reads them.
 * @param {string} text
 * @returns {string[]}
 */
export function parseFlags(text) {
	return text
		.split('\n')
		.map((l) => l.trim())
		.filter((l) => l !== '' && !l.startsWith('#'));
}

/** What the kiosk runs with beyond the test flags (see the file for why). */
export const KIOSK_ARGS = parseFlags(readFileSync(new URL('./kiosk-chromium.flags', import.meta.url), 'utf8'));

/** Launch options for the benches that measure `/kiosk`: the test flags and the kiosk's own. */
export const KIOSK_LAUNCH = { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...KIOSK_ARGS] };
