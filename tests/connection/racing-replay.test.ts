// Two replays a show cut into, as ovos-gui sends them (tests/fixtures/racing-replay-*.jsonl), played
// to a live screen over a real WebSocket: the replay at once, the clears that follow once its window
// is over. The screen holds ovos-gui's stack order after the replay, without asking for a second
// one, and after the clears (which come by position) it holds what ovos-gui holds.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { REPLAY_MS } from '../../src/lib/connection';
import type { OvosAddress } from '../../src/lib/protocol';
import { liveScreen, until } from '../support/live-screen';

let server: WebSocketServer | null = null;
let screen: ReturnType<typeof liveScreen> | null = null;
afterEach(async () => {
	screen?.stop();
	await new Promise((r) => server?.close(r) ?? r(undefined));
	server = screen = null;
});

/** A GUI socket that plays `lines` to each connection: the first `replayed` at once, the rest after the replay window. */
async function play(lines: string[], replayed: number): Promise<number> {
	const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
	server = wss;
	await new Promise((r) => wss.once('listening', r));
	wss.on('connection', (ws) => {
		for (const l of lines.slice(0, replayed)) ws.send(l);
		setTimeout(() => lines.slice(replayed).forEach((l) => ws.send(l)), REPLAY_MS + 200);
	});
	return (wss.address() as { port: number }).port;
}

describe('a replay a show cut into, on a live screen', () => {
	it.each([
		['racing-replay-deep.jsonl', 39, ['skill-rg4.test', 'skill-base5.test', 'skill-base4.test', 'skill-base3.test', 'skill-base2.test', 'skill-base1.test', 'skill-base0.test'], ['skill-base0.test']],
		[
			'racing-replay-shallow.jsonl',
			22,
			['ovos-skill-alarm.openvoiceos', 'ovos-skill-timer.openvoiceos', 'skill-news.test', 'ovos-skill-weather.openvoiceos', 'skill-ovos-homescreen.openvoiceos'],
			['ovos-skill-timer.openvoiceos', 'ovos-skill-weather.openvoiceos', 'skill-ovos-homescreen.openvoiceos']
		]
	])("%s: ovos-gui's order, with no second replay", async (file, replayEnd, replayed, cleared) => {
		const lines = readFileSync(`tests/fixtures/${file}`, 'utf8').trim().split('\n');
		const guiPort = await play(lines, replayEnd);
		const address: OvosAddress = { host: '127.0.0.1', guiPort, busPort: 1, handshake: 'gui', via: 'direct' };
		screen = liveScreen(address);
		const s = screen;
		const received = () => s.frames.filter((f) => f.dir === 'in').length;
		await until(() => received() === replayEnd);
		expect(s.model().stack).toEqual(replayed);
		await until(() => received() === lines.length);
		expect(s.model().stack).toEqual(cleared);
		for (const id of cleared) expect(Object.keys(s.model().namespaces[id]!.data).length).toBeGreaterThan(0);
		expect(s.notes.filter((n) => n.startsWith('replay not trusted'))).toEqual([]);
		expect(s.notes.filter((n) => n === 'gui socket open')).toHaveLength(1);
	});
});
