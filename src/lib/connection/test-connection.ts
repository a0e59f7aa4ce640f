/**
 * "Test connection" on /settings (issue 15): the handshake a screen does, one step at a time, each
 * ending ok, failed or skipped with what was found (a code the page words) and how long it took.
 *
 * 1. port reached — the port the screen opens first (the GUI port; the bus port for the full
 *    handshake), asked of this browser (a plain HTTP request: any answer means it accepts, as
 *    port-watch.ts does) and, when it is one of the app server's own, of the app server
 *    (`/api/ovos/port?port=N&wait=0`). The browser's answer decides: the screen runs there. A
 *    screen whose sockets go through the app asks the app's relay, which answers for the port
 *    behind it (and the app server's own check would only say the same).
 * 2. announce answered — full handshake only: `mycroft.gui.connected` on the core bus, until
 *    ovos-gui answers `mycroft.gui.port` for our gui_id.
 * 3. GUI socket live — the GUI socket opens and ovos-gui replays its state (none when no page shows).
 * 4. bus window and chat — the app server's `/api/bus` stream opens and says its bus is connected
 *    (only for the app server's own OVOS: the window reaches nothing else), and which device-side
 *    parts its features need answered it: the shell-companion extension (notifications) and a PHAL
 *    volume plugin (the OSD). The chat uses the same connection: when the device refuses it (it
 *    lets only its own programs onto its bus, OVOS's default), the step says how to fix that.
 */
import { busUrl, guiUrl, hostPart, type OvosAddress } from '$lib/protocol/address';
import { decodeBus, guiConnected, encodeBus } from '$lib/protocol';
import { BUS_WINDOW_PATH, PARTS_WAIT_MS, type DeviceParts, type WindowState } from '$lib/protocol/bus-window';
import { SseParser } from '$lib/sse';
import { probeSaysOpen } from './port-watch';
import { browserTransport, OPEN, type SocketLike, type Transport } from './transport';

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
/** After the GUI socket opens: how long to wait for the replay to start, and for it to go quiet. */
export const REPLAY_WAIT_MS = 1500;
export const REPLAY_QUIET_MS = 300;
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
	let guiPort = address.guiPort;
	if (port !== 'ok') {
		skip('announce', full ? { code: 'port-failed' } : { code: 'full-only' });
		skip('gui', { code: 'port-failed' });
	} else {
		if (full) {
			let announced: number | null = null;
			const a = await step('announce', async () => {
				const r = await testAnnounce(firstUrl, pageHost, transport);
				if (r[1].code === 'answered') announced = r[1].port;
				return r;
			});
			if (a !== 'ok' || announced === null) skip('gui', { code: 'port-failed' });
			else guiPort = announced;
		} else skip('announce', { code: 'full-only' });
		if (results.get('gui')?.status === 'waiting') await step('gui', () => testGui(guiUrl({ ...address, guiPort }, pageHost), pageHost, transport));
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

/** Opens a socket; resolves with it once open, or null when it closed or timed out first. */
function open(url: string, transport: Transport, onFrame?: (raw: string) => void): Promise<SocketLike | null> {
	return new Promise((resolve) => {
		let s: SocketLike;
		try {
			s = transport(url);
		} catch {
			return resolve(null);
		}
		const timer = setTimeout(() => {
			close(s);
			resolve(null);
		}, OPEN_TIMEOUT_MS);
		s.onopen = () => {
			clearTimeout(timer);
			resolve(s);
		};
		s.onerror = () => {};
		s.onclose = () => {
			clearTimeout(timer);
			resolve(null);
		};
		s.onmessage = (ev) => {
			if (typeof ev.data === 'string') onFrame?.(ev.data);
		};
	});
}

function close(s: SocketLike): void {
	s.onopen = s.onmessage = s.onclose = null;
	s.onerror = () => {};
	try {
		s.close(1000, 'connection test done');
	} catch {
		/* already closed */
	}
}

async function testAnnounce(url: string, pageHost: string, transport: Transport): Promise<[StepStatus, StepNote]> {
	const guiId = `ovos-screen-test-${Math.random().toString(36).slice(2, 10)}`;
	let answer: (port: number) => void = () => {};
	const answered = new Promise<number>((r) => (answer = r));
	const s = await open(url, transport, (raw) => {
		if (!raw.includes('mycroft.gui.port')) return;
		const d = decodeBus(raw);
		if (!d.ok || d.value.type !== 'mycroft.gui.port') return;
		const { port, gui_id } = d.value.data;
		if (gui_id === guiId && typeof port === 'number' && port > 0 && port < 65536) answer(port);
	});
	if (!s) return ['failed', { code: 'bus-closed', where: where(url, pageHost) }];
	try {
		// Re-sent every second, as the screen does: ovos-gui may be (re)starting.
		const send = () => s.readyState === OPEN && s.send(encodeBus(guiConnected(guiId)));
		send();
		const again = setInterval(send, 1000);
		const port = await Promise.race([answered, sleep(ANNOUNCE_TIMEOUT_MS).then(() => null)]);
		clearInterval(again);
		return port === null ? ['failed', { code: 'not-answered', seconds: ANNOUNCE_TIMEOUT_MS / 1000 }] : ['ok', { code: 'answered', port }];
	} finally {
		close(s);
	}
}

async function testGui(url: string, pageHost: string, transport: Transport): Promise<[StepStatus, StepNote]> {
	let frames = 0;
	let namespaces = 0;
	let last = 0;
	const s = await open(url, transport, (raw) => {
		frames++;
		last = Date.now();
		try {
			const m = JSON.parse(raw) as { type?: unknown; namespace?: unknown; data?: unknown };
			if (m.type === 'mycroft.session.list.insert' && m.namespace === 'mycroft.system.active_skills' && Array.isArray(m.data)) namespaces += m.data.length;
		} catch {
			/* counted as a frame all the same */
		}
	});
	if (!s) return ['failed', { code: 'unreachable', where: where(url, pageHost) }];
	let dropped = false;
	s.onclose = () => (dropped = true);
	try {
		const opened = Date.now();
		// The replay starts at once (spec §3.9); it is over when frames stop coming.
		for (;;) {
			await sleep(50);
			if (dropped) return ['failed', { code: 'dropped', where: where(url, pageHost) }];
			const t = Date.now();
			if (frames === 0 && t - opened >= REPLAY_WAIT_MS) return ['ok', { code: 'nothing-shown' }];
			if (frames > 0 && t - last >= REPLAY_QUIET_MS) return ['ok', { code: 'replayed', frames, namespaces }];
		}
	} finally {
		close(s);
	}
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

function sleep(ms: number): Promise<void> {
	return new Promise((r) => setTimeout(r, ms));
}
