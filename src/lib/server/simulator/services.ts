/** The simulated core side: intent step, demo skills, audio output. Filled in by the skills work. */
import type { MessageBus } from './bus-server';
import type { Clock } from './clock';
import type { Logger } from './log';
import type { PageFiles } from './page-urls';
import type { SessionStore } from './sessions';

export interface ServiceOptions {
	readonly bus: MessageBus;
	readonly clock: Clock;
	readonly log: Logger;
	readonly files: PageFiles;
	readonly sessions: SessionStore;
	readonly demo: boolean;
}

export interface Services {
	stop(): void;
}

export function startServices(_o: ServiceOptions): Services {
	return { stop() {} };
}
