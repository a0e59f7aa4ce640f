/**
 * Whether ovos-gui (or the messagebus) on this machine listens beyond loopback. Screens reach them
 * through the app (relay/), so they need not: ovos-gui's default is every interface
 * (`gui_websocket.host` 0.0.0.0 in ovos-gui's `bus.py` and README), and there anyone on the network
 * can show pages, read every session's data and send events to skills, unauthenticated, around the
 * app. When OVOS is on this machine and screens go through the app, the app tries each of the
 * ports on each of this machine's own non-loopback addresses (a connect and nothing sent: neither
 * logs it) and says in its log and on /settings what answers, with the one line of mycroft.conf
 * that closes it. A firewall may still keep the network out: the connect comes from this machine.
 */
import { networkInterfaces } from 'node:os';
import { portAccepts, type PortCheck } from './port-watch';

export type ExposedService = 'ovos-gui' | 'messagebus';

export interface Exposure {
	readonly service: ExposedService;
	/** The non-loopback address of this machine it answered on, and its port. */
	readonly address: string;
	readonly port: number;
	/** The mycroft.conf line that binds it to loopback only. */
	readonly fix: string;
}

/** ovos-gui binds `gui_websocket.host`; ovos-messagebus binds `websocket.host` (127.0.0.1 by default). */
export const MYCROFT_CONF_FIX: Record<ExposedService, string> = {
	'ovos-gui': '"gui_websocket": {"host": "127.0.0.1"}',
	messagebus: '"websocket": {"host": "127.0.0.1"}'
};

/** This machine's addresses other than loopback (IPv6 link-local ones need a zone: left out). */
export function outwardAddresses(): string[] {
	return Object.values(networkInterfaces())
		.flat()
		.flatMap((a) => (a && !a.internal && !(a.family === 'IPv6' && a.address.toLowerCase().startsWith('fe80:')) ? [a.address] : []));
}

/** What answers of `ports` on `addresses` (default: this machine's own, beyond loopback). */
export async function findExposure(ports: Readonly<Record<ExposedService, number>>, addresses: readonly string[] = outwardAddresses(), accepts: PortCheck = portAccepts): Promise<Exposure[]> {
	const tries = (Object.keys(ports) as ExposedService[]).flatMap((service) => addresses.map((address) => ({ service, address, port: ports[service] })));
	const open = await Promise.all(tries.map((t) => accepts(t.address, t.port)));
	const found = tries.filter((_, i) => open[i]);
	// One per service: the first address it answered on says enough.
	return (Object.keys(ports) as ExposedService[]).flatMap((service) => {
		const f = found.find((e) => e.service === service);
		return f ? [{ ...f, fix: MYCROFT_CONF_FIX[service] }] : [];
	});
}

/** The log's line for what was found. */
export function exposureLine(e: Exposure): string {
	const where = e.address.includes(':') ? `[${e.address}]:${e.port}` : `${e.address}:${e.port}`;
	return (
		`ovos-screen: ${e.service} answers on ${where}, beyond this machine: anyone who reaches that address can use it unauthenticated, around this app. ` +
		`Screens reach it through the app, so it may listen on loopback only: add ${e.fix} to mycroft.conf and restart ${e.service === 'ovos-gui' ? 'ovos-gui' : 'ovos-messagebus'}.`
	);
}

const KEY = Symbol.for('ovos-screen.exposure');
type Holder = { [KEY]?: ExposureWatch };

/** The last check's findings (for /settings) and when to check again. */
export class ExposureWatch {
	#found: readonly Exposure[] = [];
	#checking: Promise<void> | null = null;
	#lastAt = -Infinity;

	constructor(
		readonly ports: Readonly<Record<ExposedService, number>>,
		private readonly log: (line: string) => void = (line) => console.warn(line),
		private readonly find: (ports: Readonly<Record<ExposedService, number>>) => Promise<Exposure[]> = findExposure,
		/** Checks at most this often (each connect of the server to ovos-gui, and each /settings, asks for one). */
		private readonly everyMs = 5000
	) {}

	get found(): readonly Exposure[] {
		return this.#found;
	}

	/** Checks now, unless one ran within `everyMs` (a check under way is waited for); what newly answers is logged once. */
	check(): Promise<void> {
		const now = Date.now();
		if (this.#checking) return this.#checking;
		if (now - this.#lastAt < this.everyMs) return Promise.resolve();
		this.#lastAt = now;
		this.#checking = this.find(this.ports)
			.then((found) => {
				for (const e of found) if (!this.#found.some((o) => o.service === e.service)) this.log(exposureLine(e));
				this.#found = found;
			})
			.finally(() => (this.#checking = null));
		return this.#checking;
	}
}

/**
 * The process's watch (a dev-server reload keeps it): made by the init hook when OVOS shares this
 * machine and screens go through the app; without `ports`, the one made, or null.
 */
export function exposureWatch(ports?: Readonly<Record<ExposedService, number>>): ExposureWatch | null {
	const g = globalThis as Holder;
	const w = g[KEY];
	if (ports && (!w || w.ports['ovos-gui'] !== ports['ovos-gui'] || w.ports.messagebus !== ports.messagebus)) g[KEY] = new ExposureWatch(ports);
	return g[KEY] ?? null;
}
