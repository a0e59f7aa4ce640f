/**
 * bench:abuse — an earlier security and reliability probe's load run again, against the built app (`node build`) on loopback,
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
 * Then, against a second app on a simulator (its media roots a folder of the bench's; the client's
 * address from X-Forwarded-For, so a loopback socket speaks for a screen of the LAN):
 *   5. 45 loopback addresses × 10 event streams, then 32 LAN screens and the device ask for one each
 *      (the third probe: every LAN screen got 429);
 *   6. /media: 2,000 requests each, interleaved, for an existing file outside the roots and a missing
 *      one, by latency (the third probe: medians 1.27 and 0.90 ms);
 *   7. slow readers: 100 clients each that read the head of their answer and nothing more —
 *      `/kiosk/__data.json` with 10 MB of text on screen, a 64 MB file from `/media`, `/api/bus`
 *      while 12 MB of events pass, `/inspect` — how many were answered, the most the app's memory
 *      grew meanwhile (40 s), and how many of them it closed (by path on stderr).
 * Last line: {"turns_accepted", "turns_refused", "held_streams", "held_refused", "idle_sockets_tried",
 * "app_fds_max", "answered_while_flooded", "bus_dials", "outage_requests", "lan_streams_after_local_flood",
 * "device_stream_after_local_flood", "media_outside_existing_median_ms", "media_missing_median_ms",
 * "slow_readers_answered", "slow_read_rss_growth_mb_max", "slow_readers_closed"}. Needs `build/`.
 */
import { Agent, request } from 'node:http';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createTcp, connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { busMessage } from '../src/lib/protocol';
import { startSimulator } from '../simulator';
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

// 5–7: a second app, on a simulator. Its media root is a folder of the bench's, removed however the
// bench ends, with a 64 MB video in it and, beside it, an existing file outside the root.
const sim = await startSimulator({ host: '127.0.0.1', busPort: 0, guiPort: 0, skills: false, log: false });
const dir = mkdtempSync(join(tmpdir(), 'abuse-media-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
const root = join(dir, 'root');
const bigVideo = join(root, 'big.mp4');
const outside = join(dir, 'secret.png');
const missing = join(dir, 'absent.png');
mkdirSync(root);
writeFileSync(bigVideo, Buffer.alloc(64 * 1024 * 1024, 1));
writeFileSync(outside, 'secret');
const app2 = await startApp(
	{ OVOS_HOST: '127.0.0.1', OVOS_BUS_PORT: String(sim.busPort), OVOS_GUI_PORT: String(sim.guiPort), OVOS_MEDIA_ROOTS: root, ADDRESS_HEADER: 'x-forwarded-for' },
	{ stderr: false }
);

/** A request on a socket of its own from `from`, speaking for `client`; the socket is left to the caller. */
function ask(path: string, from: string, client: string): { socket: Socket; status: Promise<number> } {
	const socket = connect({ port: app2.port, host: '127.0.0.1', localAddress: from }, () =>
		socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${app2.port}\r\nX-Forwarded-For: ${client}\r\nAccept: */*\r\n\r\n`)
	);
	socket.on('error', () => {});
	const status = new Promise<number>((resolve) => {
		socket.once('data', (d: Buffer) => resolve(Number(/^HTTP\/1\.1 (\d+)/.exec(String(d))?.[1] ?? 0)));
		socket.once('close', () => resolve(0));
	});
	return { socket, status };
}

// 5. Local processes' event streams, then the LAN's screens and the device.
const local = Array.from({ length: 450 }, (_, i) => ask('/api/bus', `127.4.${Math.floor(i / 10)}.9`, `127.0.${Math.floor(i / 10)}.9`));
await Promise.all(local.map((l) => l.status));
const lan = Array.from({ length: 32 }, (_, i) => ask('/api/bus', `127.5.${i}.20`, `198.51.${i}.20`));
const lanOk = (await Promise.all(lan.map((l) => l.status))).filter((st) => st === 200).length;
const device = ask('/api/bus', '127.0.0.1', '127.0.0.1');
const deviceOk = (await device.status) === 200;
for (const l of [...local, ...lan, device]) l.socket.destroy();
say(`streams: after 45 loopback addresses × 10, ${lanOk} of 32 LAN screens got one; the device ${deviceOk ? 'did' : 'did not'}`);
await new Promise((r) => setTimeout(r, 1000));

// 6. /media: an existing file outside the roots against a missing one, interleaved, by latency.
const mediaAgent = new Agent({ keepAlive: true, maxSockets: 1 });
const timed = (path: string) =>
	new Promise<number>((resolve, reject) => {
		const t = performance.now();
		request({ port: app2.port, host: '127.0.0.1', path, agent: mediaAgent, headers: { 'x-forwarded-for': '203.0.113.9' } }, (res) => {
			res.resume();
			res.on('end', () => resolve(performance.now() - t));
		})
			.on('error', reject)
			.end();
	});
const times = { existing: [] as number[], missing: [] as number[] };
for (let i = 0; i < 2000; i++) {
	times.existing.push(await timed(`/media${outside}`));
	times.missing.push(await timed(`/media${missing}`));
}
mediaAgent.destroy();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const mediaExisting = Math.round(median(times.existing) * 100) / 100;
const mediaMissing = Math.round(median(times.missing) * 100) / 100;
say(`media: outside the roots, an existing file answered in a median ${mediaExisting} ms, a missing one in ${mediaMissing} ms`);

// 7. Slow readers.
const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${app2.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
sim.emit(busMessage('gui.value.set', { __from: 'skill-big.test', text: 'x'.repeat(10_000_000) }));
sim.emit(busMessage('gui.page.show', { __from: 'skill-big.test', page_names: ['SYSTEM_TextFrame'], index: 0, __idle: true }));
await new Promise((r) => setTimeout(r, 5000)); // past the app's hold of a big frame
const base = rss();
const paths = ['/kiosk/__data.json', `/media${bigVideo}`, '/api/bus', '/inspect'];
// Each reads the first piece of its answer (the head), then nothing more.
const readers = paths.flatMap((path, k) =>
	Array.from({ length: 100 }, (_, i) => {
		const { socket, status } = ask(path, `127.6.${k}.${i + 1}`, `10.${k}.${i}.1`);
		socket.once('data', () => socket.pause());
		return { kind: path.startsWith('/media') ? '/media' : path, socket, status };
	})
);
const readersAnswered = (await Promise.all(readers.map((r) => r.status))).filter((st) => st === 200).length;
// 12 MB of events while nobody reads: 200 storage models of ~60 KB (the window passes up to 64 KB).
const stored = Array.from({ length: 15 }, (_, i) => ({ sender: 'skill-x.test', text: `${i} ${'y'.repeat(3900)}`, action: '', callback_data: {} }));
for (let i = 0; i < 200; i++) sim.emit(busMessage('ovos.notification.update_storage_model', { notification_model: { storedmodel: stored, count: i } }));
let grown = 0;
for (let t = 0; t < 40; t++) {
	await new Promise((r) => setTimeout(r, 1000));
	grown = Math.max(grown, rss() - base);
}
// A socket the app closed ends once read: read what is left for 3 s, then count, by path.
const closedBy: Record<string, number> = Object.fromEntries(readers.map((r) => [r.kind, 0]));
for (const { kind, socket } of readers) {
	socket.on('close', () => closedBy[kind]!++);
	socket.resume();
}
await new Promise((r) => setTimeout(r, 3000));
const closedReaders = Object.values(closedBy).reduce((a, b) => a + b, 0);
for (const { socket } of readers) socket.destroy();
say(`slow readers: ${readersAnswered} of ${readers.length} answered 200; the app's memory grew by at most ${Math.round(grown)} MB; within 43 s it closed ${closedReaders}: ${JSON.stringify(closedBy)}`);
await app2.stop();
await sim.stop();

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
		outage_seconds: OUTAGE_SECONDS,
		lan_streams_after_local_flood: lanOk,
		device_stream_after_local_flood: deviceOk,
		media_outside_existing_median_ms: mediaExisting,
		media_missing_median_ms: mediaMissing,
		slow_readers_answered: readersAnswered,
		slow_read_rss_growth_mb_max: Math.round(grown),
		slow_readers_closed: closedReaders
	})
);
process.exit(0);
