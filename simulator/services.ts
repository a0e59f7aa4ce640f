/** The simulated core side: intent step, demo skills, audio output, readiness replies, the GUI extension. */
import { setMaxListeners } from 'node:events';
import type { BusMessage } from '../src/lib/protocol';
import { Audio } from './audio';
import type { MessageBus } from './bus-server';
import { reply } from './bus-util';
import type { Clock } from '../src/lib/node/clock';
import { Core } from './core';
import { startPhalVolume } from './phal-volume';
import { runDemo, speakToDevice } from './demo';
import type { Logger } from './log';
import type { GuiCache } from './page-urls';
import type { SessionStore } from './sessions';
import { DEMO_SKILLS } from './skills';
import { WorkerPool } from './workers';
import { SkillRuntime, type SkillDefinition } from './workshop';

export interface ServiceOptions {
	readonly bus: MessageBus;
	readonly clock: Clock;
	readonly log: Logger;
	readonly cache: GuiCache;
	/** IANA time zone of the device's clock. */
	readonly timeZone: string;
	readonly sessions: SessionStore;
	readonly demo: boolean;
	/** Run ovos-audio (default-session speech voiced, audio_output_end sent). Default true. */
	readonly audio?: boolean;
	/** `http://host:port` of the simulator's GUI server, which serves skill pages. */
	readonly assetBase: () => string;
	readonly skills?: readonly SkillDefinition[];
	/** Threads of core's handler pool (default min(32, CPUs + 4), as Python's). */
	readonly workers?: number;
	/** The device's languages: mycroft.conf `lang` and `secondary_langs`. */
	readonly langs: readonly string[];
}

export interface Services {
	readonly skills: readonly SkillRuntime[];
	/** Core's handler threads: how many are held, how many handlers wait. */
	readonly workers: WorkerPool;
	/** Say something to the device (wake word, recording, utterance in the default session). */
	say(utterance: string): Promise<void>;
	stop(): void;
}

export function startServices(o: ServiceOptions): Services {
	const stop = new AbortController();
	// Every pending wait of every skill listens for this one signal: dozens at once is load, not a leak.
	setMaxListeners(0, stop.signal);
	const defs = o.skills ?? DEMO_SKILLS;
	const workers = new WorkerPool(o.workers, o.log);
	const skills = defs.map((def) => new SkillRuntime(def, { ...o, signal: stop.signal, workers }));
	const core = new Core(o.bus, o.clock, o.log, o.sessions, defs, workers, o.langs);
	const audio = o.audio === false ? null : new Audio(o.bus, o.clock);
	// The device's volume plugin (ovos-PHAL-plugin-alsa).
	const stopVolume = startPhalVolume(o.bus);
	const off = [
		// Readiness probes of Qt and ovos-shell.
		o.bus.on('mycroft.skills.all_loaded', (m) => o.bus.emit(reply(m, 'mycroft.skills.all_loaded.response', { status: true }))),
		o.bus.on('mycroft.skills.is_alive', (m) => o.bus.emit(reply(m, 'mycroft.skills.is_alive.response', { status: true }))),
		// Keep core's default session in step with what its skills did, and say so
		// (`ovos.session.update_default`).
		o.bus.on('ovos.utterance.handled', (m: BusMessage) => {
			const s = m.context.session;
			if (typeof s === 'object' && s !== null && !Array.isArray(s) && (s.session_id ?? 'default') === 'default') {
				o.bus.emit({ type: 'ovos.session.update_default', data: { session_data: o.sessions.default }, context: { session: o.sessions.default } });
			}
		})
	];
	const lang = () => String(o.sessions.default.lang ?? 'en-US');
	if (o.demo) runDemo(o.bus, o.clock, stop.signal, undefined, lang());
	return {
		skills,
		workers,
		say: async (utterance) => {
			await speakToDevice(o.bus, o.clock, utterance, stop.signal, lang());
		},
		stop() {
			stop.abort();
			workers.clear();
			for (const f of off) f();
			stopVolume();
			core.stop();
			audio?.stop();
			for (const s of skills) s.stop();
		}
	};
}
