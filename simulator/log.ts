/** The simulator's log: one line per event worth knowing (dropped frames, server-side exceptions, quirks). */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type Logger = (level: LogLevel, message: string) => void;

export const silentLogger: Logger = () => {};

/** Prints `info` and above to stderr with a `[sim]` prefix; `debug` too when `verbose`. */
export function consoleLogger(verbose = false): Logger {
	return (level, message) => {
		if (level === 'debug' && !verbose) return;
		console.error(`[sim] ${level.padEnd(5)} ${message}`);
	};
}
