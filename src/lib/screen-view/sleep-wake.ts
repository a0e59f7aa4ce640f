/**
 * When the page (or the machine under it) slept or woke, for the connection: retry at once when the
 * network or the page comes back; reconnect after a sleep — a frozen page resuming, or a tick that
 * comes far too late (the machine slept) — since a socket can die in a sleep without a word.
 */

export interface SleepWake {
	/** `online`, or the page became visible. */
	wake(): void;
	/** The page or the machine slept about `ms`. */
	slept(ms: number): void;
	/** The page was hidden: it gets no animation frames from now on. */
	hidden(): void;
}

/** What is watched (a browser's `window` and `document` by default; tests give their own). */
export interface PageEvents {
	readonly window: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
	readonly document: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> & { readonly visibilityState: DocumentVisibilityState };
	now(): number;
}

/** How often the drift timer ticks; a tick this much later than asked means the machine slept. */
export const TICK_MS = 2000;
export const SLEPT_MS = 10_000;

/** Watches `page` and tells `to`; the returned function stops watching. */
export function watchSleepWake(to: SleepWake, page: PageEvents = { window, document, now: () => Date.now() }): () => void {
	const { window: win, document: doc } = page;
	let tick = page.now();
	const visibility = () => {
		tick = page.now();
		if (doc.visibilityState === 'hidden') to.hidden();
		else to.wake();
	};
	let frozenAt = 0;
	const freeze = () => (frozenAt = page.now());
	const resume = () => {
		to.slept(frozenAt ? page.now() - frozenAt : SLEPT_MS);
		tick = page.now();
	};
	const drift = setInterval(() => {
		const gap = page.now() - tick;
		tick = page.now();
		// Hidden pages' timers are throttled (to once a minute after a while): no sign of sleep there.
		if (gap > SLEPT_MS && doc.visibilityState === 'visible') to.slept(gap);
	}, TICK_MS);
	const online = () => to.wake();
	win.addEventListener('online', online);
	doc.addEventListener('visibilitychange', visibility);
	doc.addEventListener('freeze', freeze);
	doc.addEventListener('resume', resume);
	return () => {
		clearInterval(drift);
		win.removeEventListener('online', online);
		doc.removeEventListener('visibilitychange', visibility);
		doc.removeEventListener('freeze', freeze);
		doc.removeEventListener('resume', resume);
	};
}
