/**
 * Says in the server's log when its OVOS stops answering and when it answers again (issue 23.5): one
 * line each, however many retries lie between. The server's own connections to the device report
 * here — ovos-gui's GUI socket it keeps for the first paint, the core bus — and the device counts as
 * unreachable while one of them cannot connect (the line says which, and why).
 */
import { BUS_LOCAL_ONLY_FIX, busLocalOnly } from './bus/local-only';

export type Service = 'ovos-gui' | 'messagebus';

interface Down {
	readonly port: number;
	readonly reason: string;
}

export class Reachability {
	readonly #down = new Map<Service, Down>();
	#since = 0;

	constructor(
		readonly host: string,
		private readonly log: (line: string) => void = (line) => console.warn(line),
		private readonly now: () => number = Date.now
	) {}

	/** A connection attempt to `service` failed (refused, timed out, closed before it opened). */
	failed(service: Service, port: number, reason: string): void {
		if (this.#down.has(service)) return;
		this.#down.set(service, { port, reason });
		if (this.#down.size > 1) return;
		this.#since = this.now();
		this.log(this.#downLine(service));
	}

	/** A connection to `service` opened. */
	connected(service: Service): void {
		if (!this.#down.delete(service)) return;
		if (this.#down.size === 0) return this.log(`ovos-screen: OVOS at ${this.host} answers again, after ${duration(this.now() - this.#since)}`);
		// The device is back, but not its bus: when it refuses us, that is what to fix.
		const [still] = this.#down.keys();
		if (still === 'messagebus' && this.#localOnly('messagebus')) this.log(this.#downLine('messagebus'));
	}

	#localOnly(service: Service): boolean {
		const d = this.#down.get(service);
		return service === 'messagebus' && d !== undefined && busLocalOnly(this.host, d.reason);
	}

	/** One line: what does not answer and why, and for a bus that lets only the device on, the fix. */
	#downLine(service: Service): string {
		const d = this.#down.get(service)!;
		if (this.#localOnly(service))
			return `ovos-screen: OVOS at ${this.host} refuses this app on its messagebus (port ${d.port}: ${d.reason}). ${BUS_LOCAL_ONLY_FIX}; trying again quietly until it lets us on`;
		return `ovos-screen: OVOS at ${this.host} does not answer (${service} port ${d.port}: ${d.reason}); trying again quietly until it does`;
	}

	get reachable(): boolean {
		return this.#down.size === 0;
	}
}

function duration(ms: number): string {
	const s = Math.round(ms / 1000);
	if (s < 60) return `${s} s`;
	const m = Math.floor(s / 60);
	return m < 60 ? `${m} min ${s % 60} s` : `${Math.floor(m / 60)} h ${m % 60} min`;
}

/** Why a connect failed, in a few words (`ECONNREFUSED`, `connect timed out`, …). */
export function failure(e: unknown): string {
	const err = e as NodeJS.ErrnoException | undefined;
	if (err?.code === 'ETIMEDOUT' || /timed? ?out/i.test(err?.message ?? '')) return 'connect timed out';
	return err?.code ?? err?.message ?? 'no answer';
}

const KEY = Symbol.for('ovos-screen.reachability');
type Holder = { [KEY]?: Reachability };

/** The process's one tracker for `host` (a dev-server reload keeps it, and its state). */
export function reachability(host: string): Reachability {
	const g = globalThis as Holder;
	const r = g[KEY];
	if (r && r.host === host) return r;
	return (g[KEY] = new Reachability(host));
}
