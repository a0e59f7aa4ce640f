/**
 * How fast a screen is live again after OVOS comes back, over real loopback sockets: the time from
 * the restarted simulator listening to the screen's GUI socket being live. Two cases of the issue:
 * ovos-gui alone (GUI-socket mode) and the whole stack (full handshake: bus, announce, port, GUI).
 * The retry back-off runs as in the browser; the offline pause before each restart is random so the
 * restart lands anywhere in the back-off cycle.
 */
import { startSimulator } from '../src/lib/server/simulator';
import type { Handshake } from '../src/lib/protocol';
import { liveScreen, until } from '../tests/support/live-screen';

const TRIALS = Number(process.env.BENCH_TRIALS ?? 12);

async function trial(handshake: Handshake): Promise<number> {
	let sim = await startSimulator({ busPort: 0, guiPort: 0, skills: false, log: false });
	const { busPort, guiPort } = sim;
	const screen = liveScreen({ host: '127.0.0.1', busPort, guiPort, handshake });
	try {
		await until(screen.isLive);
		await sim.stop();
		await until(() => !screen.isLive());
		await new Promise((r) => setTimeout(r, 300 + Math.random() * 1500));
		sim = await startSimulator({ busPort, guiPort, skills: false, log: false });
		const back = performance.now();
		await until(screen.isLive, 10_000, 1);
		return screen.liveSince() - back;
	} finally {
		screen.stop();
		await sim.stop();
	}
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const gui: number[] = [];
const full: number[] = [];
for (let i = 0; i < TRIALS; i++) {
	gui.push(await trial('gui'));
	full.push(await trial('full'));
}
const fmt = (xs: number[]) => `median ${median(xs).toFixed(0)} ms, max ${Math.max(...xs).toFixed(0)} ms`;
console.log(`trials: ${TRIALS} each`);
console.log(`ovos-gui back → live (GUI-socket mode): ${fmt(gui)}   (Qt client: 700 ms)`);
console.log(`whole stack back → live (full handshake): ${fmt(full)}   (Qt client: 8,600–9,600 ms)`);
console.log(
	JSON.stringify({
		gui_restart_ms_median: Math.round(median(gui)),
		gui_restart_ms_max: Math.round(Math.max(...gui)),
		stack_restart_ms_median: Math.round(median(full)),
		stack_restart_ms_max: Math.round(Math.max(...full))
	})
);
