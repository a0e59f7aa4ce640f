/**
 * A TCP proxy in front of a simulator's port that plays network and server faults for the browser
 * tests: `kill` (every connection reset, new ones refused: the server process is gone), `listen`
 * (back), `blackhole` (nothing is forwarded any more, nothing is closed — a frozen server or a pulled
 * cable; new connections hang too), `restore` (new connections pass again; the black-holed ones stay
 * stuck, as half-open sockets do), and `slow(ms)` (every chunk each way held back that long).
 */
import { connect, createServer, type Server, type Socket } from 'node:net';

interface Pair {
	readonly client: Socket;
	upstream: Socket | null;
	stuck: boolean;
	/** Keeps each direction in order when chunks are delayed. */
	up: Promise<void>;
	down: Promise<void>;
}

export class FaultProxy {
	#server: Server | null = null;
	readonly #pairs = new Set<Pair>();
	#blackhole = false;
	#delayMs = 0;

	private constructor(
		readonly port: number,
		/** Where connections go (settable: a server told to announce this proxy starts after it). */
		public target: number,
		readonly host: string
	) {}

	static async start(target: number, host = '127.0.0.1'): Promise<FaultProxy> {
		const probe = createServer();
		await new Promise<void>((r) => probe.listen(0, host, r));
		const port = (probe.address() as { port: number }).port;
		await new Promise((r) => probe.close(r));
		const p = new FaultProxy(port, target, host);
		await p.listen();
		return p;
	}

	/** Accepts connections (again) on its port. */
	async listen(): Promise<void> {
		if (this.#server) return;
		const server = createServer((client) => this.#accept(client));
		await new Promise<void>((r) => server.listen(this.port, this.host, r));
		this.#server = server;
	}

	/** The server is gone: every connection reset, new ones refused. */
	async kill(): Promise<void> {
		const server = this.#server;
		this.#server = null;
		for (const p of this.#pairs) this.#drop(p);
		if (server) await new Promise((r) => server.close(r));
	}

	/** Nothing forwarded, nothing closed, new connections accepted and left hanging. */
	blackhole(): void {
		this.#blackhole = true;
		for (const p of this.#pairs) p.stuck = true;
	}

	/** New connections pass again (the stuck ones stay stuck). */
	restore(): void {
		this.#blackhole = false;
		this.#delayMs = 0;
	}

	slow(ms: number): void {
		this.#delayMs = ms;
	}

	async stop(): Promise<void> {
		await this.kill();
	}

	#accept(client: Socket): void {
		const pair: Pair = { client, upstream: null, stuck: this.#blackhole, up: Promise.resolve(), down: Promise.resolve() };
		this.#pairs.add(pair);
		client.on('error', () => {});
		client.on('close', () => this.#drop(pair));
		client.on('data', (d) => this.#forward(pair, 'up', d));
		if (pair.stuck) return;
		const upstream = connect(this.target, this.host);
		pair.upstream = upstream;
		upstream.on('error', () => {});
		upstream.on('close', () => this.#drop(pair));
		upstream.on('data', (d) => this.#forward(pair, 'down', d));
	}

	#forward(pair: Pair, way: 'up' | 'down', data: Buffer): void {
		if (pair.stuck) return;
		const to = way === 'up' ? pair.upstream : pair.client;
		const delay = this.#delayMs;
		const send = () => {
			if (!pair.stuck && to && !to.destroyed) to.write(data);
		};
		if (delay <= 0) return send();
		pair[way] = pair[way].then(() => new Promise<void>((r) => setTimeout(() => (send(), r()), delay)));
	}

	#drop(pair: Pair): void {
		if (!this.#pairs.delete(pair)) return;
		// One side gone: the other goes too. (A stuck pair lasts until the client gives up on it, or a kill.)
		pair.client.destroy();
		pair.upstream?.destroy();
	}
}
