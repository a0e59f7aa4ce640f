/**
 * The embedded OVOS: a messagebus on `/core`, ovos-gui on `/gui`, and (optionally) a tiny core with
 * demo skills, all driven over the simulated bus exactly as the real services are.
 *
 *     const sim = await startSimulator({ busPort: 0, guiPort: 0 });   // free ports
 *     sim.emit(busMessage('gui.page.show', {...}));                   // act as a skill
 *     sim.canonical();                                                // server state, client's canonical JSON
 *     await sim.stop();
 */
import type { BusMessage, JsonObject } from '../src/lib/protocol';
import { MessageBus, type BusHandler } from './bus-server';
import { realClock, type Clock } from '../src/lib/node/clock';
import { GuiServer } from './gui-server';
import { startGenericExtension } from './extension';
import { consoleLogger, silentLogger, type Logger } from './log';
import { startHomescreenManager } from './homescreen-manager';
import { startShellCompanion } from './shell-companion';
import { NamespaceManager } from './namespaces';
import { GuiCache } from './page-urls';
import { SessionStore } from './sessions';
import { runScenario, runStep, type Scenario, type ScenarioStep, type StepTarget } from './scenario';
import { startServices, type Services } from './services';

export { ManualClock, realClock, settle, sleep, type Clock } from '../src/lib/node/clock';
export { PortInUseError } from './listen';
export { parseScenario, type Scenario, type ScenarioStep } from './scenario';
export type { Logger, LogLevel } from './log';
export { consoleLogger, silentLogger } from './log';

export interface SimulatorOptions {
	/** Interface both servers bind to. Default 127.0.0.1 (the messagebus default). */
	readonly host?: string;
	/** Messagebus port; 0 picks a free one. Default 8181. */
	readonly busPort?: number;
	/** ovos-gui port; 0 picks a free one. Default 18181. */
	readonly guiPort?: number;
	/**
	 * The port `mycroft.gui.port` names (ovos-gui's `gui_websocket.base_port`). Default: the one it
	 * listens on; another when clients reach it through a port forward (or a test's fault proxy).
	 */
	readonly announcedGuiPort?: number;
	/** Run the tiny core (intent step, demo skills, audio). false = bus and ovos-gui only. Default true. */
	readonly skills?: boolean;
	/** Cycle the demo skills on screen. Default false (quiet). Needs `skills`. */
	readonly demo?: boolean;
	/**
	 * Run ovos-audio (voicing the `default` session's speech and saying when it is done). Default
	 * true; false as on a core without an audio service, where nothing voices it: a question spoken
	 * with `wait=True` then blocks its skill for 15 s.
	 */
	readonly audio?: boolean;
	/** Time source for every timer; a `ManualClock` in tests. */
	readonly clock?: Clock;
	/** Where log lines go; false = nowhere. Default: warnings and above to stderr. */
	readonly log?: Logger | false;
	/** `gui.idle_display_skill` (always persistent). */
	readonly idleDisplaySkill?: string;
	/**
	 * Threads of core's handler pool: Python's default, min(32, CPUs + 4) of this machine (6 on a
	 * 2-CPU device; docs/chat.md#admission-cores-pool-is-small). Each question a skill waits on holds one.
	 */
	readonly workers?: number;
	/**
	 * ovos-gui's cache folder (`~/.cache/ovos_gui` on a device): page urls resolve against the files in
	 * it. Default: a temporary folder of its own, removed by `stop()`.
	 */
	readonly guiCache?: string;
	/** IANA time zone of the device's clock. Default: this machine's. */
	readonly timeZone?: string;
	/**
	 * The device's language (mycroft.conf `lang`, e.g. "de-DE"): its own session's and every session's
	 * that names none, so what the demo skills show and say (the homescreen's examples too) is in it,
	 * and German or Portuguese is understood. Default en-US.
	 */
	readonly lang?: string;
	/**
	 * mycroft.conf `secondary_langs`: the other languages the device takes an utterance in when it
	 * asks for one (`request_lang`). Default: German, Portuguese and English — the demo skills speak
	 * all three; `[]` is a real device's default (only `lang`).
	 */
	readonly secondaryLangs?: readonly string[];
	/**
	 * Delay between a new GUI socket joining the clients and its replay (ms; default 0). ovos-gui runs
	 * the replay on tornado's thread without the lock its shows take, so on a loaded device a show can
	 * land between the two and reach the new client twice
	 * (docs/protocol.md#a-live-change-can-cut-into-the-replay); a lag reproduces that race.
	 */
	readonly syncLagMs?: number;
}

export interface CanonicalOptions {
	/** Resolve page urls as for a client of this framework. Default qt5 (what an unannounced client gets). */
	readonly framework?: string;
	/** What a freshly connected client holds after `synchronize()`: every namespace on page 0 (no focus replay). */
	readonly replayed?: boolean;
}

export interface Simulator {
	readonly host: string;
	readonly busPort: number;
	readonly guiPort: number;
	readonly busUrl: string;
	readonly guiUrl: string;
	readonly clock: Clock;
	/** The GUI cache folder page urls resolve against. */
	readonly guiCache: string;
	/** Server state in the same canonical JSON as the client's `toCanonical` (see `currentPageOf` for page numbers). */
	canonical(opts?: CanonicalOptions): string;
	/** Put a frame on the bus as an in-process client (a skill) would: every socket and service sees it. */
	emit(msg: BusMessage): void;
	/** Watch the bus (every frame, from sockets and services). Returns an unsubscribe function. */
	on(type: string | '*', fn: BusHandler): () => void;
	/** Open GUI sockets. */
	guiClients(): number;
	/** A GUI client in this process: every frame a socket client would get, as its text (the replay first). Returns the detach. */
	attachGui(receive: (text: string) => void): () => void;
	/**
	 * Server quirks that fired (README.md#the-real-servers-quirks-kept), e.g. `stack-desync`,
	 * `cull-skip`, in order.
	 */
	quirks(): readonly string[];
	/** Malformed frames: dropped on the bus, sockets aborted on /gui. */
	malformed(): { bus: number; gui: number };
	/** Run one scenario step (a skill action, an utterance, a wait on the clock). */
	run(step: ScenarioStep): Promise<void>;
	runScenario(scenario: Scenario, note?: (text: string) => void): Promise<void>;
	/** The running core (null with `skills: false`). */
	readonly services: Services | null;
	stop(): Promise<void>;
}

export async function startSimulator(opts: SimulatorOptions = {}): Promise<Simulator> {
	const host = opts.host ?? '127.0.0.1';
	const clock = opts.clock ?? realClock();
	const log: Logger = opts.log === false ? silentLogger : (opts.log ?? warnings(consoleLogger()));
	const quirks: string[] = [];
	const bus = new MessageBus(log);
	const files = new GuiCache(opts.guiCache);
	files.cacheSystemResources();
	const timeZone = opts.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
	const idleDisplaySkill = opts.idleDisplaySkill ?? 'ovos-skill-homescreen.openvoiceos';
	const sessions = new SessionStore(opts.lang);
	let gui: GuiServer | null = null;
	const manager = new NamespaceManager({
		bus,
		clock,
		log,
		idleDisplaySkill,
		guiPort: () => opts.announcedGuiPort ?? gui?.port ?? 0,
		quirk: (name, detail) => {
			quirks.push(name);
			log('debug', `quirk ${name}: ${detail}`);
		}
	});
	// ovos-gui's own bus client sends its default session, which it never changes.
	const guiSession = (): JsonObject => ({ session_id: 'default' });
	gui = new GuiServer({ bus, manager, files, log, session: guiSession, syncLagMs: opts.syncLagMs ?? 0 });
	manager.attach(gui);
	const stopExtension = startGenericExtension(bus);
	const stopHomescreens = startHomescreenManager(bus, idleDisplaySkill, log);
	const stopCompanion = startShellCompanion(bus, clock, log);
	try {
		await bus.listen(host, opts.busPort ?? 8181);
		await gui.listen(host, opts.guiPort ?? 18181);
	} catch (e) {
		stopExtension();
		stopHomescreens();
		stopCompanion();
		await gui.close();
		await bus.close();
		files.dispose();
		throw e;
	}
	const services = opts.skills === false ? null : startServices({
				bus,
				clock,
				log,
				cache: files,
				timeZone,
				sessions,
				demo: opts.demo ?? false,
				audio: opts.audio ?? true,
				workers: opts.workers,
				langs: [opts.lang ?? 'en-US', ...(opts.secondaryLangs ?? ['en-US', 'de-DE', 'pt-PT'])],
				assetBase: () => `http://${host.includes(':') ? `[${host}]` : host}:${gui?.port ?? 0}`
			});
	const g = gui;
	let stopped = false;
	const target = (note?: (text: string) => void): StepTarget => ({
		clock,
		emit: (msg) => bus.emit(msg),
		say: services ? (u) => services.say(u) : null,
		note
	});
	return {
		host,
		busPort: bus.port,
		guiPort: g.port,
		busUrl: `ws://${host}:${bus.port}/core`,
		guiUrl: `ws://${host}:${g.port}/gui`,
		clock,
		guiCache: files.dir,
		services,
		canonical: (o = {}) => manager.canonical((ns, page) => files.url(ns, page, o.framework ?? 'qt5'), o.replayed ?? false),
		emit: (msg) => bus.emit(msg),
		on: (type, fn) => (type === '*' ? bus.onAny(fn) : bus.on(type, fn)),
		guiClients: () => g.clientCount,
		attachGui: (receive) => g.attach(receive),
		run: (step) => runStep(target(), step),
		runScenario: (scenario, note) => runScenario(target(note), scenario),
		quirks: () => quirks,
		malformed: () => ({ bus: bus.dropped, gui: g.aborted }),
		async stop() {
			if (stopped) return;
			stopped = true;
			services?.stop();
			stopExtension();
			stopHomescreens();
			stopCompanion();
			manager.dispose();
			await g.close();
			await bus.close();
			files.dispose();
		}
	};
}

function warnings(inner: Logger): Logger {
	return (level, message) => {
		if (level === 'warn' || level === 'error') inner(level, message);
	};
}
