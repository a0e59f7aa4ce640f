/**
 * ovos-gui's GUI websocket (ovos-gui 1.3.4 `bus.py`): route
 * `/gui`, every client gets every frame, `synchronize()` on open, client frames translated onto the
 * core bus, status events relayed as `system` events. Frames are written as Python's `json.dumps`
 * writes them.
 */
import type { Server } from 'node:http';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { ACTIVE_SKILLS, PAGE_GAINED_FOCUS, USER_INTERACTION, isObject, parseWireJson, type Json, type JsonObject } from '../src/lib/protocol';
import type { MessageBus } from './bus-server';
import { DEMO_WEB_ASSETS } from './assets';
import { closeHttp, listenHttp } from './listen';
import type { Logger } from './log';
import type { GuiFrame, GuiPage, GuiSink, NamespaceManager } from './namespaces';
import type { GuiCache } from './page-urls';
import { pyDumps, pyInt, pyStr } from './py';
import { FORWARDED_STATUS_EVENTS } from './status-forward';

/** Tornado's default `max_message_size` (10 MiB). */
const MAX_FRAME = 10 * 1024 * 1024;

interface GuiClient {
	readonly ws: WebSocket;
	/** Set only by a flat `mycroft.gui.connected` on this socket; qt5 until then. */
	framework: Json;
}

export interface GuiServerOptions {
	readonly bus: MessageBus;
	readonly manager: NamespaceManager;
	readonly files: GuiCache;
	readonly log: Logger;
	/** The session ovos-gui's own bus client injects into what it emits. */
	readonly session: () => JsonObject;
	/** ms between a client joining (it gets live frames from then on) and its replay: ovos-gui's race. */
	readonly syncLagMs?: number;
}

export class GuiServer implements GuiSink {
	private readonly clients = new Set<GuiClient>();
	private wss: WebSocketServer | null = null;
	private server: Server | null = null;
	private readonly off: (() => void)[] = [];
	port = 0;
	/** Sockets aborted for a malformed frame. */
	aborted = 0;

	constructor(private readonly o: GuiServerOptions) {
		for (const type of FORWARDED_STATUS_EVENTS) {
			this.off.push(o.bus.on(type, (m) => this.sendAll({ type: 'mycroft.events.triggered', namespace: 'system', event_name: type, data: m.data })));
		}
	}

	async listen(host: string, port: number): Promise<void> {
		const { server, port: bound } = await listenHttp('ovos-gui websocket', host, port, DEMO_WEB_ASSETS);
		this.server = server;
		this.port = bound;
		const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME });
		this.wss = wss;
		server.on('upgrade', (req, socket, head) => {
			if ((req.url ?? '').split('?')[0] !== '/gui') {
				socket.end('HTTP/1.1 404 Not Found\r\n\r\n');
				return;
			}
			wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws));
		});
	}

	connected(): boolean {
		return this.clients.size > 0;
	}

	get clientCount(): number {
		return this.clients.size;
	}

	/**
	 * A GUI client inside this process: `receive` gets each frame's text exactly as a socket client
	 * would, the replay of `synchronize()` first. The replay tool records scenarios this way.
	 */
	attach(receive: (text: string) => void): () => void {
		const ws = { OPEN: 1, readyState: 1, send: receive, terminate() {}, on() {} } as unknown as WebSocket;
		const client: GuiClient = { ws, framework: 'qt5' };
		this.clients.add(client);
		this.synchronize(client);
		return () => void this.clients.delete(client);
	}

	private accept(ws: WebSocket): void {
		const client: GuiClient = { ws, framework: 'qt5' };
		this.clients.add(client);
		ws.on('close', () => this.clients.delete(client));
		ws.on('error', (err) => this.o.log('warn', `gui socket error: ${err.message}`));
		ws.on('message', (raw: RawData) => this.receive(client, raw));
		// ovos-gui's `open()`: the client is in `clients` (live frames reach it) before the replay runs.
		const lag = this.o.syncLagMs ?? 0;
		if (lag > 0) setTimeout(() => this.clients.has(client) && this.synchronize(client), lag);
		else this.synchronize(client);
	}

	/**
	 * The replay every new connection gets (docs/protocol.md#the-replay): per namespace, top first,
	 * the stack insert at position i, all its pages at position 0 (possibly `[]`), then one
	 * `session.set` per key. No `page_gained_focus`: a reconnected client starts on page 0.
	 */
	private synchronize(c: GuiClient): void {
		// Python's `for` over the live list, by index, as ovos-gui walks it.
		const active = this.o.manager.active;
		for (let i = 0; i < active.length; i++) {
			const ns = active[i] as (typeof active)[number];
			this.sendTo(c, { type: 'mycroft.session.list.insert', namespace: ACTIVE_SKILLS, position: i, data: [{ skill_id: ns.id }] });
			this.sendTo(c, { type: 'mycroft.gui.list.insert', namespace: ns.id, position: 0, data: this.pageItems(c, ns.id, ns.pages) });
			for (const [key, value] of ns.data) this.sendTo(c, { type: 'mycroft.session.set', namespace: ns.id, data: { [key]: value } });
		}
	}

	private receive(c: GuiClient, raw: RawData): void {
		const text = Array.isArray(raw) ? Buffer.concat(raw).toString('utf8') : Buffer.from(raw as ArrayBuffer).toString('utf8');
		try {
			const msg = this.translate(c, text);
			if (msg) this.o.bus.emit(msg);
		} catch (e) {
			// ovos-gui raises inside on_message and tornado aborts that socket; the others are unaffected.
			this.aborted++;
			this.o.log('warn', `gui: aborting a client for a malformed frame (${(e as Error).message}): ${text.slice(0, 120)}`);
			c.ws.terminate();
			this.clients.delete(c);
		}
	}

	/** `GUIWebsocketHandler.on_message`: a core-bus message, null for an ignored type; throws where ovos-gui raises. */
	private translate(c: GuiClient, text: string): { type: string; data: JsonObject; context: JsonObject } | null {
		const read = parseWireJson(text);
		// ovos-gui's json.loads raises RecursionError near 1,000 levels; we refuse earlier, the same way.
		if (!read.ok) throw new Error(read.message);
		const parsed = read.value;
		if (!isObject(parsed)) throw new Error('a GUI frame must be a JSON object');
		if (typeof parsed.type !== 'string') throw new Error('missing "type"');
		// Everything but `type` is the data; a client's `context` is ignored.
		const { type, context: _ignored, ...data } = parsed as Record<string, Json>;
		let busType: string;
		let busData: JsonObject;
		if (type === 'mycroft.events.triggered' && (data.event_name === PAGE_GAINED_FOCUS || data.event_name === USER_INTERACTION)) {
			const params = required(data, 'parameters');
			if (!isObject(params)) throw new Error(`AttributeError: "parameters" is ${JSON.stringify(params)}`);
			busType = data.event_name === PAGE_GAINED_FOCUS ? 'gui.page_gained_focus' : 'gui.page_interaction';
			// The namespace is found by parameters.skillId, not by `namespace`.
			busData = { namespace: required(data, 'namespace'), page_number: params.number ?? null, skill_id: params.skillId ?? null };
		} else if (type === 'mycroft.events.triggered') {
			busType = `${pyStr(required(data, 'namespace'))}.${pyStr(required(data, 'event_name'))}`;
			const params = required(data, 'parameters');
			if (!isObject(params)) throw new Error(`AssertionError: "parameters" must be an object, got ${JSON.stringify(params)}`);
			busData = params as JsonObject;
		} else if (type === 'mycroft.session.set') {
			busType = `${pyStr(required(data, 'namespace'))}.set`;
			const values = required(data, 'data');
			if (!isObject(values)) throw new Error(`AssertionError: "data" must be an object, got ${JSON.stringify(values)}`);
			busData = values as JsonObject;
		} else if (type === 'mycroft.gui.connected') {
			let framework: Json = data.framework ?? null;
			if (framework === null) framework = pyInt(data.qt_version || 5) === 6 ? 'qt6' : 'qt5';
			c.framework = framework;
			busType = type;
			busData = data as JsonObject;
		} else {
			// Includes `mycroft.session.delete`, which ovos-gui ignores.
			this.o.log('info', `gui: unknown GUI protocol message type, ignoring: ${type}`);
			return null;
		}
		return { type: busType, data: busData, context: { gui_framework: frameworkOf(c), session: this.o.session() } };
	}

	sendAll(frame: GuiFrame): void {
		const text = pyDumps(frame);
		for (const c of this.clients) if (c.ws.readyState === c.ws.OPEN) c.ws.send(text);
	}

	sendPages(namespace: string, position: number, pages: readonly GuiPage[]): void {
		for (const c of this.clients) {
			this.sendTo(c, { type: 'mycroft.gui.list.insert', namespace, position, data: this.pageItems(c, namespace, pages) });
		}
	}

	private pageItems(c: GuiClient, namespace: string, pages: readonly GuiPage[]): JsonObject[] {
		const fw = frameworkOf(c);
		return pages.map((p) => ({ url: typeof fw === 'string' ? this.o.files.url(namespace, p.name, fw) : null, page: p.name }));
	}

	private sendTo(c: GuiClient, frame: GuiFrame): void {
		if (c.ws.readyState === c.ws.OPEN) c.ws.send(pyDumps(frame));
	}

	async close(): Promise<void> {
		for (const off of this.off) off();
		for (const c of this.clients) c.ws.terminate();
		this.clients.clear();
		this.wss?.close();
		if (this.server) await closeHttp(this.server);
	}
}

function required(data: Record<string, Json>, key: string): Json {
	if (!Object.hasOwn(data, key)) throw new Error(`KeyError: '${key}'`);
	return data[key] as Json;
}

/** `self._framework or "qt5"`. */
function frameworkOf(c: GuiClient): Json {
	return c.framework || 'qt5';
}
