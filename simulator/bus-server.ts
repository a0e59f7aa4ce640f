/**
 * The core messagebus (ovos-messagebus 0.0.10): route `/core`,
 * a `connected` greeting to each new client, and every frame re-sent verbatim to every client,
 * the sender included. The simulated services (ovos-gui, core, audio, skills) are in-process bus
 * clients: what they emit goes out on the sockets and to every in-process listener, in one order.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { decodeBus, encodeBus, type BusMessage } from '../src/lib/protocol';
import { closeHttp, listenHttp } from './listen';
import type { Logger } from './log';

export type BusHandler = (msg: BusMessage) => void;

/** Shipped ovos-config `max_msg_size` (25 MB): larger frames close the connection, as tornado does. */
const MAX_FRAME = 25 * 1024 * 1024;

export class MessageBus {
	private readonly handlers = new Map<string, Set<BusHandler>>();
	private readonly anyHandlers = new Set<BusHandler>();
	private readonly socketHandlers = new Set<BusHandler>();
	private readonly queue: BusMessage[] = [];
	private draining = false;
	private wss: WebSocketServer | null = null;
	private server: Server | null = null;
	port = 0;
	/** Frames dropped because they were not a bus message. */
	dropped = 0;

	constructor(private readonly log: Logger) {}

	async listen(host: string, port: number): Promise<void> {
		const { server, port: bound } = await listenHttp('messagebus', host, port);
		this.server = server;
		this.port = bound;
		const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME });
		this.wss = wss;
		server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
			if ((req.url ?? '').split('?')[0] !== '/core') {
				socket.end('HTTP/1.1 404 Not Found\r\n\r\n');
				return;
			}
			// Any origin is accepted: ovos-messagebus overrides check_origin to return True.
			wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws));
		});
	}

	/** Connected socket clients. */
	get clients(): number {
		return this.wss?.clients.size ?? 0;
	}

	private accept(ws: WebSocket): void {
		ws.send(encodeBus({ type: 'connected', data: {}, context: { session: { session_id: 'default' } } }));
		ws.on('message', (raw: RawData) => this.receive(raw));
		ws.on('error', (err) => this.log('warn', `bus socket error: ${err.message}`));
	}

	private receive(raw: RawData): void {
		const text = Array.isArray(raw) ? Buffer.concat(raw).toString('utf8') : Buffer.from(raw as ArrayBuffer).toString('utf8');
		const decoded = decodeBus(text);
		if (!decoded.ok) {
			// The real bus relays anything, even non-JSON; the simulator drops it so no client has to
			// survive garbage from a test tool, and says so: malformed frames are logged and dropped.
			this.dropped++;
			this.log('warn', `bus: dropped a malformed frame (${decoded.error.message}): ${text.slice(0, 120)}`);
			return;
		}
		for (const fn of this.socketHandlers) fn(decoded.value);
		// Verbatim: the echo keeps the sender's own spacing, as the real bus's does.
		this.publish(decoded.value, text);
	}

	/** Emit as an in-process client would: out on every socket and to every listener. */
	emit(msg: BusMessage): void {
		this.publish(msg, encodeBus(msg));
	}

	private publish(msg: BusMessage, text: string): void {
		for (const ws of this.wss?.clients ?? []) if (ws.readyState === ws.OPEN) ws.send(text);
		this.queue.push(msg);
		if (this.draining) return;
		// One message at a time, in bus order: a handler's own emits are handled after it returns,
		// like frames arriving on a real bus client.
		this.draining = true;
		try {
			for (let next = this.queue.shift(); next; next = this.queue.shift()) this.dispatch(next);
		} finally {
			this.draining = false;
		}
	}

	private dispatch(msg: BusMessage): void {
		const run = (fn: BusHandler) => {
			try {
				fn(msg);
			} catch (e) {
				// A handler raising is logged and the bus goes on, as a pyee executor does.
				this.log('error', `handler for ${msg.type} raised: ${(e as Error).message}`);
			}
		};
		for (const fn of this.handlers.get(msg.type) ?? []) run(fn);
		for (const fn of this.anyHandlers) run(fn);
	}

	on(type: string, fn: BusHandler): () => void {
		let set = this.handlers.get(type);
		if (!set) this.handlers.set(type, (set = new Set()));
		set.add(fn);
		return () => set.delete(fn);
	}

	onAny(fn: BusHandler): () => void {
		this.anyHandlers.add(fn);
		return () => this.anyHandlers.delete(fn);
	}

	/** Frames from socket clients only (a screen, a chat), not from the in-process services. */
	onSocket(fn: BusHandler): () => void {
		this.socketHandlers.add(fn);
		return () => this.socketHandlers.delete(fn);
	}

	async close(): Promise<void> {
		for (const ws of this.wss?.clients ?? []) ws.terminate();
		this.wss?.close();
		if (this.server) await closeHttp(this.server);
		this.handlers.clear();
		this.anyHandlers.clear();
		this.socketHandlers.clear();
	}
}
