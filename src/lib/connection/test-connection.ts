/**
 * "Test connection" on /settings: the handshake a screen does, one step at a time, each ending ok,
 * failed or skipped with what was found (a code the page words) and how long it took.
 *
 * 1. port reached — the port the screen opens first (the GUI port; the bus port for the full
 *    handshake), asked of this browser (a plain HTTP request: any answer means it accepts, as
 *    port-watch.ts does) and, when it is one of the app server's own, of the app server
 *    (`/api/ovos/port?port=N&wait=0`). The browser's answer decides: the screen runs there. A
 *    screen whose sockets go through the app asks the app's relay, which answers for the port
 *    behind it (and the app server's own check would only say the same).
 * Steps 2 and 3 are the screen's own connection (connection.machine.ts and its socket lifecycles)
 * on a gui_id of its own, watched until its handshake and its first replay are through:
 * 2. announce answered — full handshake only: `mycroft.gui.connected` on the core bus, until
 *    ovos-gui answers `mycroft.gui.port` for our gui_id.
 * 3. GUI socket live — the GUI socket opens and ovos-gui replays its state (none when no page shows).
 * 4. bus window and chat — the app server's `/api/bus` stream opens and says its bus is connected
 *    (only for the app server's own OVOS: the window reaches nothing else), and which device-side
 *    parts its features need answered it: the shell-companion extension (notifications) and a PHAL
 *    volume plugin (the OSD). The chat uses the same connection: when the device refuses it (it
 *    lets only its own programs onto its bus, OVOS's default), the step says how to fix that.
 */
import { createActor } from 'xstate';
import { busUrl, guiUrl, hostPart, type OvosAddress } from '$lib/protocol/address';
import { BUS_WINDOW_PATH, PARTS_WAIT_MS, type DeviceParts, type WindowState } from '$lib/protocol/bus-window';
import { SseParser } from '$lib/sse';
import { connectionLogic, type ConnectionSnapshot } from './connection.machine';
import { probeSaysOpen } from './port-watch';
import { browserTransport, type Transport } from './transport';

export type StepId = 'port' | 'announce' | 'gui' | 'window';
export type StepStatus = 'waiting' | 'running' | 'ok' | 'failed' | 'skipped';

/** What a step found; `code` says which message the page shows, the rest fills it in. */
export type StepNote =
	// port
	| { code: 'reached'; where: string; server: boolean | null }
	| { code: 'refused'; where: string; server: boolean | null }
	| { code: 'no-answer'; where: string; seconds: number; server: boolean | null }
	| { code: 'server-only'; where: string }
	// announce
	| { code: 'full-only' }
	| { code: 'port-failed' }
	| { code: 'bus-closed'; where: string }
	| { code: 'not-answered'; seconds: number }
	| { code: 'answered'; port: number }
	// gui
	| { code: 'unreachable'; where: string }
	| { code: 'dropped'; where: string }
	| { code: 'replayed'; frames: number; namespaces: number }
	| { code: 'nothing-shown' }
	// window
	| { code: 'other-ovos' }
	| { code: 'window-open'; parts: DeviceParts | null }
	| { code: 'window-no-bus'; reason: string }
	| { code: 'window-bus-local-only'; where: string }
	| { code: 'window-token' }
	| { code: 'window-refused'; status: number; reason: string }
	| { code: 'app-server-down' };

export interface StepResult {
	readonly id: StepId;
	readonly status: StepStatus;
	readonly note: StepNote | null;
	/** How long the step took (ms), once it ended. */
	readonly ms: number | null;
}

export interface TestInput {
	/** The address to test (this browser's choice, maybe not saved yet). */
	readonly address: OvosAddress;
	/** The app server's own OVOS (what its port watcher and bus window reach). */
	readonly server: OvosAddress;
	readonly pageHost: string;
	/** The page's origin, for the app server's endpoints. */
	readonly origin: string;
	/** OVOS_SCREEN_TOKEN as this browser keeps it. */
	readonly token?: string | null;
	readonly fetch?: typeof fetch;
	readonly transport?: Transport;
	readonly now?: () => number;
}

export const PROBE_TIMEOUT_MS = 4000;
export const ANNOUNCE_TIMEOUT_MS = 5000;
export const OPEN_TIMEOUT_MS = 5000;
// The window's parts are known PARTS_WAIT_MS after its bus opened, at the latest.
export const WINDOW_TIMEOUT_MS = PARTS_WAIT_MS + 3000;

const STEPS: readonly StepId[] = ['port', 'announce', 'gui', 'window'];

/** Runs every step; `onStep` gets each change (running, then how it ended). Resolves with all four. */
export async function testConnection(input: TestInput, onStep: (r: StepResult) => void = () => {}): Promise<StepResult[]> {
	const now = input.now ?? (() => performance.now());
	const results = new Map<StepId, StepResult>(STEPS.map((id) => [id, { id, status: 'waiting', note: null, ms: null }]));
	const report = (r: StepResult) => {
		results.set(r.id, r);
		onStep(r);
	};
	async function step(id: StepId, run: () => Promise<[StepStatus, StepNote]>): Promise<StepStatus> {
		const t0 = now();
		report({ id, status: 'running', note: null, ms: null });
		const [status, note] = await run();
		report({ id, status, note, ms: status === 'skipped' ? null : Math.round(now() - t0) });
		return status;
	}
	const skip = (id: StepId, note: StepNote) => report({ id, status: 'skipped', note, ms: null });

	const { address, pageHost } = input;
	const full = address.handshake === 'full';
	const fetcher = input.fetch ?? fetch.bind(globalThis);
	const transport = input.transport ?? browserTransport;
	const firstUrl = full ? busUrl(address, pageHost) : guiUrl(address, pageHost);
	const firstPort = full ? address.busPort : address.guiPort;
	const own = sameOvos(address, input.server);

	// The bus window does not depend on the device's ports: it runs alongside.
	const windowDone = own ? step('window', () => testWindow(input, fetcher)) : Promise.resolve(skip('window', { code: 'other-ovos' }));

	const askServer = own && isServerPort(firstPort, input.server) && address.via !== 'app';
	const port = await step('port', () => testPort(firstUrl, pageHost, firstPort, askServer ? input.origin : null, fetcher, now));
	if (port !== 'ok') {
		skip('announce', full ? { code: 'port-failed' } : { code: 'full-only' });
		skip('gui', { code: 'port-failed' });
	} else {
		const screen = watchScreen(address, pageHost, transport);
		try {
			if (full) {
				const a = await step('announce', () => screen.announced());
				if (a !== 'ok') skip('gui', { code: 'port-failed' });
			} else skip('announce', { code: 'full-only' });
			if (results.get('gui')?.status === 'waiting') await step('gui', () => screen.replayed());
		} finally {
			screen.stop();
		}
	}
	await windowDone;
	return STEPS.map((id) => results.get(id) as StepResult);
}

function sameOvos(a: OvosAddress, b: OvosAddress): boolean {
	return a.host === b.host && a.guiPort === b.guiPort && a.busPort === b.busPort;
}

function isServerPort(port: number, server: OvosAddress): boolean {
	return port === server.guiPort || port === server.busPort;
}

/** `ws://host:port/path`, or the relay's `/ovos/gui?host=…&port=…`, → `host:port`, as a person reads it. */
function where(wsUrl: string, pageHost: string): string {
	if (!wsUrl.startsWith('/')) return wsUrl.replace(/^wss?:\/\//, '').replace(/\/.*$/, '');
	const q = new URLSearchParams(wsUrl.slice(wsUrl.indexOf('?') + 1));
	return `${hostPart(q.get('host') ?? pageHost)}:${q.get('port')}`;
}

async function testPort(wsUrl: string, pageHost: string, port: number, origin: string | null, fetcher: typeof fetch, now: () => number): Promise<[StepStatus, StepNote]> {
	const at = where(wsUrl, pageHost);
	const server = origin === null ? Promise.resolve(null) : askServer(origin, port, fetcher);
	const t0 = now();
	const browser = await probe(wsUrl, fetcher);
	const took = now() - t0;
	const fromServer = await server;
	if (browser === true) return ['ok', { code: 'reached', where: at, server: fromServer }];
	// An https page may not make http requests: only the app server can say.
	if (browser === null) return fromServer ? ['ok', { code: 'server-only', where: at }] : ['failed', { code: 'refused', where: at, server: fromServer }];
	// A refusal comes back at once; a host that drops packets leaves the request hanging.
	if (took >= PROBE_TIMEOUT_MS - 100) return ['failed', { code: 'no-answer', where: at, seconds: Math.round(PROBE_TIMEOUT_MS / 1000), server: fromServer }];
	return ['failed', { code: 'refused', where: at, server: fromServer }];
}

/** True when anything answers HTTP at the socket's port; false when nothing does; null when the page may not ask. */
async function probe(wsUrl: string, fetcher: typeof fetch): Promise<boolean | null> {
	if (typeof location !== 'undefined' && location.protocol === 'https:' && wsUrl.startsWith('ws:')) return null;
	try {
		const res = await fetcher(wsUrl.replace(/^ws/, 'http'), { mode: 'no-cors', cache: 'no-store', credentials: 'omit', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
		return await probeSaysOpen(wsUrl, res);
	} catch {
		return false;
	}
}

/** The app server's one-time check of its own OVOS's port; null when it cannot say. */
async function askServer(origin: string, port: number, fetcher: typeof fetch): Promise<boolean | null> {
	try {
		const res = await fetcher(`${origin}/api/ovos/port?port=${port}&wait=0`, { cache: 'no-store', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
		if (!res.ok) return null;
		const body = (await res.json()) as { open?: unknown };
		return body.open === true;
	} catch {
		return null;
	}
}

/**
 * The screen's connection to `address`, on a gui_id of its own, for steps 2 and 3. It runs as a
 * screen's does, except that a socket that closes is not tried again (its watchers never answer).
 */
function watchScreen(address: OvosAddress, pageHost: string, transport: Transport) {
	const logic = connectionLogic({ transport, watchers: { probe: async () => false, alive: async () => false } });
	const actor = createActor(logic, { input: { address, pageHost, guiId: `ovos-screen-test-${Math.random().toString(36).slice(2, 10)}` } });
	let frames = 0;
	actor.on('wire', (e) => void (e.frame.socket === 'gui' && e.frame.dir === 'in' && frames++));
	actor.on('wires', (e) => void (frames += e.frames.length));
	actor.start();
	/** The first `read` of a snapshot that is not undefined, or null after `ms`. */
	function until<T>(read: (snap: ConnectionSnapshot) => T | undefined, ms: number): Promise<T | null> {
		return new Promise((resolve) => {
			const check = (snap: ConnectionSnapshot) => {
				const r = read(snap);
				if (r === undefined) return;
				sub.unsubscribe();
				clearTimeout(timer);
				resolve(r);
			};
			const timer = setTimeout(() => (sub.unsubscribe(), resolve(null)), ms);
			const sub = actor.subscribe(check);
			check(actor.getSnapshot());
		});
	}
	return {
		/** Full handshake: the bus opens and ovos-gui answers our announce with the GUI port. */
		async announced(): Promise<[StepStatus, StepNote]> {
			const at = where(busUrl(address, pageHost), pageHost);
			const opened = await until((s) => (s.hasTag('bus-open') ? true : s.matches({ bus: { socket: 'down' } }) ? false : undefined), OPEN_TIMEOUT_MS);
			if (!opened) return ['failed', { code: 'bus-closed', where: at }];
			const port = await until((s) => (s.hasTag('bus-live') ? s.context.guiPort : s.hasTag('bus-open') ? undefined : null), ANNOUNCE_TIMEOUT_MS);
			if (port === null) return actor.getSnapshot().hasTag('bus-open') ? ['failed', { code: 'not-answered', seconds: ANNOUNCE_TIMEOUT_MS / 1000 }] : ['failed', { code: 'bus-closed', where: at }];
			return ['ok', { code: 'answered', port }];
		},
		/** The GUI socket opens and its replay comes, until the connection says the replay is over. */
		async replayed(): Promise<[StepStatus, StepNote]> {
			const snap = actor.getSnapshot();
			const at = where(guiUrl({ ...address, guiPort: snap.context.guiPort ?? address.guiPort }, pageHost), pageHost);
			const live = await until((s) => (s.hasTag('live') ? true : s.hasTag('offline') ? false : undefined), OPEN_TIMEOUT_MS);
			if (!live) return ['failed', { code: 'unreachable', where: at }];
			const over = await until((s) => (!s.hasTag('live') ? false : s.hasTag('replaying') ? undefined : true), OPEN_TIMEOUT_MS);
			if (!over) return ['failed', { code: 'dropped', where: at }];
			const namespaces = actor.getSnapshot().context.model.stackTotal;
			return frames === 0 ? ['ok', { code: 'nothing-shown' }] : ['ok', { code: 'replayed', frames, namespaces }];
		},
		stop: () => actor.stop()
	};
}

async function testWindow(input: TestInput, fetcher: typeof fetch): Promise<[StepStatus, StepNote]> {
	const abort = new AbortController();
	const timer = setTimeout(() => abort.abort(), WINDOW_TIMEOUT_MS);
	try {
		const headers: Record<string, string> = { accept: 'text/event-stream' };
		if (input.token) headers.authorization = `Bearer ${input.token}`;
		const res = await fetcher(`${input.origin}${BUS_WINDOW_PATH}`, { headers, cache: 'no-store', signal: abort.signal });
		if (res.status === 401) return ['failed', { code: 'window-token' }];
		if (!res.ok || !res.body) {
			const body = (await res.json().catch(() => null)) as { reason?: unknown } | null;
			return ['failed', { code: 'window-refused', status: res.status, reason: typeof body?.reason === 'string' ? body.reason : res.statusText }];
		}
		const state = await settledState(res.body);
		if (state === null) return ['failed', { code: 'window-refused', status: res.status, reason: 'the stream ended before it said anything' }];
		if (state.open) return ['ok', { code: 'window-open', parts: state.parts ?? null }];
		// The device lets only its own programs onto its bus: the chat cannot work from here either.
		if (state.cause === 'bus-local-only') return ['failed', { code: 'window-bus-local-only', where: where(busUrl(input.server, input.pageHost), input.pageHost) }];
		return ['failed', { code: 'window-no-bus', reason: state.reason ?? '' }];
	} catch {
		return ['failed', { code: 'app-server-down' }];
	} finally {
		clearTimeout(timer);
		abort.abort();
	}
}

/**
 * The window's state (sent first to every new stream) once it is settled: open with every
 * device-side part answered or silent (an older server without parts: its first open state), or,
 * when the stream ends or times out (the fetch aborted), the last state seen.
 */
async function settledState(body: ReadableStream<Uint8Array>): Promise<WindowState | null> {
	let last: WindowState | null = null;
	const reader = body.getReader();
	const text = new TextDecoder();
	const sse = new SseParser();
	try {
		for (;;) {
			const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
			if (done) return last;
			for (const { event, data } of sse.push(text.decode(value, { stream: true }))) {
				if (event !== 'state') continue;
				try {
					const s = JSON.parse(data) as { open?: unknown; reason?: unknown; cause?: unknown; parts?: Partial<DeviceParts> };
					const parts = s.parts && { notifications: s.parts.notifications ?? 'silent', volume: s.parts.volume ?? 'silent' };
					last = {
						open: s.open === true,
						reason: typeof s.reason === 'string' ? s.reason : undefined,
						...(s.cause === 'bus-local-only' ? { cause: s.cause } : {}),
						...(parts ? { parts } : {})
					};
					// A closed window may open within the wait: the app server keeps trying its bus (it may
					// be connecting as the test starts). Closed at the timeout is the answer.
					if (last.open && (!parts || (parts.notifications !== 'asking' && parts.volume !== 'asking'))) return last;
				} catch {
					return last;
				}
			}
		}
	} finally {
		reader.cancel().catch(() => {});
	}
}

