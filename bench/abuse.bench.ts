/**
 * bench:abuse — issue 14's load probe again, against the built app (`node build`) on loopback,
 * talking to a messagebus whose "core" answers `hello` at once and holds `think` open (it says
 * "Let me think…" and nothing more):
 *   1. one client floods POST /api/chat for FLOOD_SECONDS (default 30), 16 requests at a time:
 *      turns accepted and refused (the probe: 31,351 in 30 s, all accepted);
 *   2. 3,000 streaming turns held open from 250 addresses (127.1.x.1): how many the server holds;
 *   3. idle sockets: 19,000 connections that say nothing, from 150 addresses: the most file
 *      descriptors the app held meanwhile, and whether another client is still answered (the probe:
 *      ~20,000 exhausted the descriptors);
 *   4. the bus down for OUTAGE_SECONDS (default 10) under 16 requests at a time: TCP dials the app
 *      makes to the bus port, counted by a listener that takes each and closes it (the probe: 1,596).
 * Last line: {"turns_accepted", "turns_refused", "held_streams", "held_refused", "idle_sockets_tried",
 * "app_fds_max", "answered_while_flooded", "bus_dials", "outage_requests"}. Needs `build/`.
 */
import { Agent } from 'node:http';
import { readdirSync } from 'node:fs';
import { createServer as createTcp, connect, type Socket } from 'node:net';
import { post } from '../tests/hardening/serve';
import { ScriptedCore, startBareBus } from '../tests/chat/helpers';
import { startApp } from '../tests/support/app';

const FLOOD_SECONDS = Number(process.env.FLOOD_SECONDS ?? 30);
const OUTAGE_SECONDS = Number(process.env.OUTAGE_SECONDS ?? 10);

const bus = await startBareBus();
const core = await ScriptedCore.connect(bus.busUrl);
core.onUtterance((utt, c) => {
	const text = (utt.data.utterances as string[])[0] ?? '';
	c.speak(utt, text.startsWith('think') ? 'Let me think…' : 'Hello.');
	if (!text.startsWith('think')) c.handled(utt);
});
const app = await startApp({ OVOS_HOST: '127.0.0.1', OVOS_BUS_PORT: String(bus.busPort), OVOS_GUI_PORT: '1' }, { stderr: false });
const port = app.port;
const say = (line: string) => process.stderr.write(`${line}\n`);

// 1. A turn flood from one client.
let accepted = 0;
let refused = 0;
const keepAlive = new Agent({ keepAlive: true, maxSockets: 16 });
const floodEnd = Date.now() + FLOOD_SECONDS * 1000;
await Promise.all(
	Array.from({ length: 16 }, async () => {
		while (Date.now() < floodEnd) {
			const r = await post(port, '/api/chat', { text: 'hello' }, { agent: keepAlive });
			if (r?.status === 200) accepted++;
			else if (r?.status === 429) refused++;
		}
	})
);
keepAlive.destroy();
say(`flood: ${accepted} turns accepted, ${refused} refused in ${FLOOD_SECONDS} s`);

// 2. Held streaming turns.
let release!: () => void;
const hangUp = new Promise<void>((r) => (release = r));
const heads = await Promise.all(
	Array.from({ length: 3000 }, (_, i) =>
		post(port, '/api/chat', { text: `think ${i}` }, { from: `127.1.${Math.floor(i / 12)}.1`, headers: { accept: 'text/event-stream' }, headOnly: true, hangUp })
	)
);
const held = heads.filter((r) => r?.status === 200).length;
const heldRefused = heads.filter((r) => r && r.status !== 200).length;
release();
say(`held streams: ${held} held, ${heldRefused} refused of 3000`);
await new Promise((r) => setTimeout(r, 2000));

// 3. Idle sockets. The app's open file descriptors are sampled throughout (Linux /proc).
const fds = () => {
	try {
		return readdirSync(`/proc/${app.pid}/fd`).length;
	} catch {
		return -1;
	}
};
let fdsMax = fds();
const sampler = setInterval(() => (fdsMax = Math.max(fdsMax, fds())), 100);
const sockets: Socket[] = [];
let closedByServer = 0;
const TRIED = 19_000;
await Promise.all(
	Array.from({ length: TRIED }, (_, i) => new Promise<void>((resolve) => {
		const s = connect({ port, host: '127.0.0.1', localAddress: `127.2.${Math.floor(i / 128)}.1` }, () => resolve());
		s.on('error', () => resolve());
		s.on('close', () => closedByServer++);
		sockets.push(s);
	}))
);
await new Promise((r) => setTimeout(r, 3000));
const open = TRIED - closedByServer;
const answered = (await post(port, '/api/chat', { text: 'hello' }, { from: '127.3.0.1' }))?.status === 200;
clearInterval(sampler);
for (const s of sockets) s.destroy();
say(`idle sockets: the app held at most ${fdsMax} file descriptors; ${open} of ${TRIED} not closed by it yet; another client answered: ${answered}`);
await new Promise((r) => setTimeout(r, 2000));

// 4. A bus outage: the bus's port taken by a listener that counts and closes every dial.
core.close();
await bus.stop();
let dials = 0;
const sink = createTcp((s) => {
	dials++;
	s.destroy();
});
await new Promise<void>((r) => sink.listen(bus.busPort, '127.0.0.1', r));
let outageRequests = 0;
const outageAgent = new Agent({ keepAlive: true, maxSockets: 16 });
const outageEnd = Date.now() + OUTAGE_SECONDS * 1000;
await Promise.all(
	Array.from({ length: 16 }, async () => {
		while (Date.now() < outageEnd) {
			await post(port, '/api/chat', { text: 'hello' }, { agent: outageAgent });
			outageRequests++;
		}
	})
);
outageAgent.destroy();
say(`outage: ${dials} dials to the bus during ${outageRequests} requests in ${OUTAGE_SECONDS} s`);
sink.close();
await app.stop();

console.log(
	JSON.stringify({
		turns_accepted: accepted,
		turns_refused: refused,
		flood_seconds: FLOOD_SECONDS,
		held_streams: held,
		held_refused: heldRefused,
		idle_sockets_tried: TRIED,
		app_fds_max: fdsMax,
		answered_while_flooded: answered,
		bus_dials: dials,
		outage_requests: outageRequests,
		outage_seconds: OUTAGE_SECONDS
	})
);
process.exit(0);
