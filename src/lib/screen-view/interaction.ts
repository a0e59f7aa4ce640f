/** Pure rules of the screen's interaction, kept out of components so they are tested. */

/**
 * `system.gui.user.interaction` throttle: Qt sends one per press; one every `ms` per skill keeps
 * the server's removal timer alive (it restarts the full duration) at a fraction of the
 * traffic.
 */
export function createThrottle(ms: number, now: () => number = Date.now): (key: string) => boolean {
	const last = new Map<string, number>();
	return (key) => {
		const t = now();
		const prev = last.get(key);
		if (prev !== undefined && t - prev < ms) return false;
		last.set(key, t);
		return true;
	};
}

export type SwipeResult = -1 | 0 | 1;

/**
 * A finished horizontal drag → previous (-1), next (1) or stay (0): past a quarter of the width,
 * or a flick faster than 0.5 px/ms over at least 30 px.
 */
export function swipeResult(dx: number, ms: number, width: number): SwipeResult {
	const far = Math.abs(dx) > width / 4;
	const flick = Math.abs(dx) >= 30 && Math.abs(dx) / Math.max(ms, 1) > 0.5;
	if (!far && !flick) return 0;
	return dx < 0 ? 1 : -1;
}

/** Qt's `switchWidth` (45 grid units of 18 px ≈ 810 px): below it one page fills the view. */
export const SWITCH_WIDTH = 810;

/**
 * Pages side by side, as Qt lays them out: only pages that do not fill the width (skill pages; every
 * SYSTEM template fills it), `min(count, ceil(width / switchWidth))` columns once the view is at
 * least `switchWidth` wide. Returns the first index and the number of columns shown. `fills(i)`
 * is asked only of the pages next to the shown one (a namespace may hold thousands).
 */
export function pageWindow(width: number, shown: number, count: number, fills: (i: number) => boolean): { readonly start: number; readonly cols: number } {
	if (width < SWITCH_WIDTH || count < 2 || fills(shown)) return { start: shown, cols: 1 };
	let cols = Math.min(count, Math.ceil(width / SWITCH_WIDTH));
	while (cols > 1) {
		// Every window holding `shown`, the one centred on it first.
		const centred = Math.max(0, Math.min(shown - Math.floor((cols - 1) / 2), count - cols));
		const starts = [centred];
		for (let s = Math.max(0, shown - cols + 1); s <= Math.min(shown, count - cols); s++) if (s !== centred) starts.push(s);
		const start = starts.find((s) => Array.from({ length: cols }, (_, i) => s + i).every((i) => !fills(i)));
		if (start !== undefined) return { start, cols };
		cols--;
	}
	return { start: shown, cols: 1 };
}

/**
 * Page index to show. A user's pick holds while the server's index is where it was when the user
 * started moving or is an echo of a page the user passed through (quick swipes 0→1→2 get echoes 1
 * then 2: no flicker back to 1). Any other server index wins. Drop the pick once the server reaches it.
 */
export interface UserPick {
	readonly namespace: string;
	/** The server's index when the user started moving. */
	readonly base: number | null;
	readonly index: number;
	/** Every index reported since `base`, in order. */
	readonly sent: readonly number[];
}

export function shownIndex(pick: UserPick | null, namespace: string, serverIndex: number | null, count: number): number {
	if (pick && pick.namespace === namespace && pick.index < count) {
		if (serverIndex === pick.base || (serverIndex !== null && pick.sent.includes(serverIndex))) return pick.index;
	}
	return Math.min(Math.max(serverIndex ?? 0, 0), Math.max(count - 1, 0));
}

/** The pick after the user moves to `n`, continuing a pick still in force. */
export function nextPick(pick: UserPick | null, namespace: string, serverIndex: number | null, count: number, n: number): UserPick {
	const live = pick !== null && pick.namespace === namespace && shownIndex(pick, namespace, serverIndex, count) === pick.index;
	return live ? { ...pick, index: n, sent: [...pick.sent, n] } : { namespace, base: serverIndex, index: n, sent: [n] };
}

/** Keys that go back a page (or, on page 0, ask the device to go back). */
export function isBackKey(e: Pick<KeyboardEvent, 'key' | 'altKey'>): boolean {
	return e.key === 'Escape' || e.key === 'BrowserBack' || (e.altKey && e.key === 'ArrowLeft');
}

export interface KioskOptions {
	readonly rotate: 0 | 90 | 180 | 270;
	readonly scale: number;
	/** Milliseconds without pointer movement before the cursor hides; 0 = never shown. */
	readonly cursorIdleMs: number;
}

/**
 * `?rotate=90&scale=1.25&cursor=3` on `/kiosk`; missing or bad values fall back to `defaults` (the
 * server's OVOS_KIOSK_ROTATE / OVOS_KIOSK_SCALE).
 */
export function kioskOptions(params: URLSearchParams, defaults: { readonly rotate: KioskOptions['rotate']; readonly scale: number } = { rotate: 0, scale: 1 }): KioskOptions {
	const r = Number(params.get('rotate') ?? defaults.rotate);
	const rotate = r === 0 || r === 90 || r === 180 || r === 270 ? r : defaults.rotate;
	const s = Number(params.get('scale') ?? defaults.scale);
	const scale = Number.isFinite(s) && s >= 0.5 && s <= 3 ? s : defaults.scale;
	const c = params.get('cursor');
	const secs = c === null ? 3 : Number(c);
	const cursorIdleMs = Number.isFinite(secs) && secs >= 0 && secs <= 3600 ? secs * 1000 : 3000;
	return { rotate, scale, cursorIdleMs };
}

/** The `/` URL that leaves kiosk mode, keeping the connection options and the language. */
export function exitKioskHref(params: URLSearchParams): string {
	const keep = new URLSearchParams();
	for (const k of ['host', 'guiPort', 'busPort', 'handshake', 'lang']) {
		const v = params.get(k);
		if (v !== null) keep.set(k, v);
	}
	const q = keep.toString();
	return q ? `/?${q}` : '/';
}
