// Debian's Chromium and the flags every headless run here uses (tests, benches, scripts): one home.
// Without the background-networking flags Chromium keeps dialling hosts this closed network refuses.

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
