/**
 * bench:chat-load — many people starting dialogues at once never take down the device (issue 21).
 *
 * For N = 8, 20 and 50: a fresh simulated core with the pool of a 2-CPU device (6 skill threads;
 * each open `get_response` holds one, and the delivery of any answer needs a free one, spec
 * chat-agent.md §8.2) and the app's chat endpoint over real HTTP with its default admission (3
 * places, a 30 s line, 60 s question idle limit). N people each POST "set a timer" at the same
 * moment; whoever is asked "For how long?" answers "five minutes" after 0.1–1 s of thought. Each
 * ends confirmed ("Timer for five minutes, starting now.") or told "busy, retry" (503 core-busy
 * with Retry-After); anything else is wedged. Then five "what time is it" in fresh chats, one after
 * another: each must answer within 1 s, or it counts as wedged too.
 *
 * Last line: {"wedged", "confirmed", "busy", "probe_ms_p50", "n": {"8": {…}, "20": {…}, "50": {…}}}
 * (totals over every N; probe_ms_p50 the worst N's). BENCH_CORE_SHARE=1000 shows the same load
 * without admission.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { BusClient } from '../src/lib/server/bus';
import { ChatAgent, ChatTokens, ConversationMap, postChat, type ChatApiDeps } from '../src/lib/server/agent';
import { startSimulator } from '../src/lib/server/simulator';

const SIZES = (process.env.BENCH_N ?? '8,20,50').split(',').map(Number);
const SHARE = process.env.BENCH_CORE_SHARE ? Number(process.env.BENCH_CORE_SHARE) : undefined;
const PROBES = 5;
const CONFIRMED = 'Timer for five minutes, starting now.';

type Fate = 'confirmed' | 'busy' | 'wedged';

interface Reply {
	status: number;
	body: Record<string, unknown>;
	retryAfter: string | null;
}

function median(xs: number[]): number {
	const s = [...xs].sort((a, b) => a - b);
	const m = s.length >> 1;
	return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The chat endpoint served over node:http, as the app's route serves it. */
async function serve(deps: ChatApiDeps): Promise<{ server: Server; url: string }> {
	const server = createServer(async (req, res) => {
		const chunks: Buffer[] = [];
		for await (const c of req) chunks.push(c as Buffer);
		const url = new URL(req.url ?? '/', 'http://127.0.0.1');
		const headers = Object.entries(req.headers).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v] as [string, string]] : []));
		const response = await postChat(new Request(url, { method: 'POST', headers, body: Buffer.concat(chunks) }), url, deps, undefined, `user-${req.headers['x-user']}`);
		res.writeHead(response.status, Object.fromEntries(response.headers));
		res.end(Buffer.from(await response.arrayBuffer()));
	});
	server.keepAliveTimeout = 1;
	await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
	return { server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}/api/chat` };
}

async function chat(url: string, user: number, body: object): Promise<Reply> {
	const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-user': String(user) }, body: JSON.stringify(body) });
	return { status: res.status, body: (await res.json()) as Record<string, unknown>, retryAfter: res.headers.get('retry-after') };
}

function busy(r: Reply): boolean {
	const e = r.body.error as { code?: string } | undefined;
	return r.status === 503 && e?.code === 'core-busy' && Number(r.retryAfter) >= 1;
}

async function person(url: string, user: number): Promise<{ fate: Fate; why?: string }> {
	const q = await chat(url, user, { text: 'set a timer' });
	if (busy(q)) return { fate: 'busy' };
	if (q.status !== 200 || q.body.outcome !== 'awaiting') return { fate: 'wedged', why: `asked: ${q.status} ${JSON.stringify(q.body).slice(0, 100)}` };
	await sleep(100 + ((user * 181) % 900));
	const a = await chat(url, user, { text: 'five minutes', token: q.body.token });
	if (busy(a)) return { fate: 'busy' };
	if (a.status === 200 && a.body.text === CONFIRMED) return { fate: 'confirmed' };
	return { fate: 'wedged', why: `answered: ${a.status} ${JSON.stringify(a.body).slice(0, 100)}` };
}

async function round(n: number) {
	const sim = await startSimulator({ host: '127.0.0.1', busPort: 0, guiPort: 0, skills: true, log: false, workers: 6 });
	const bus = new BusClient({ url: sim.busUrl, log: () => {} });
	await bus.ensureOpen();
	const agent = new ChatAgent({ bus, ...(SHARE ? { coreShare: SHARE } : {}) });
	const { server, url } = await serve({ agent, tokens: new ChatTokens(randomBytes(32)), conversations: new ConversationMap() });
	const workers = sim.services!.workers;
	let mostHeld = 0;
	const watch = setInterval(() => (mostHeld = Math.max(mostHeld, workers.busy)), 2);
	const t0 = performance.now();
	const fates = await Promise.all(Array.from({ length: n }, (_, i) => person(url, i)));
	const seconds = (performance.now() - t0) / 1000;
	clearInterval(watch);
	// Afterwards: a fresh "what time is it", one after another.
	const probeMs: number[] = [];
	let probesFailed = 0;
	for (let i = 0; i < PROBES; i++) {
		const t = performance.now();
		const r = await Promise.race([chat(url, 10_000 + i, { text: 'what time is it' }), sleep(5000).then(() => null)]);
		const ms = performance.now() - t;
		probeMs.push(ms);
		if (!r || r.status !== 200 || !String(r.body.text).startsWith("It's ") || ms > 1000) probesFailed++;
	}
	const count = (f: Fate) => fates.filter((x) => x.fate === f).length;
	const wedgedWhy = fates.find((f) => f.fate === 'wedged')?.why;
	const result = {
		wedged: count('wedged') + probesFailed,
		confirmed: count('confirmed'),
		busy: count('busy'),
		probe_ms_p50: Math.round(median(probeMs) * 10) / 10,
		probe_ms_max: Math.round(Math.max(...probeMs) * 10) / 10,
		threads_held_max: mostHeld,
		seconds: Math.round(seconds * 10) / 10
	};
	console.log(`N=${n}: ${JSON.stringify(result)}${wedgedWhy ? `  (first wedged: ${wedgedWhy})` : ''}`);
	agent.close();
	server.closeAllConnections();
	await new Promise((r) => server.close(r));
	await bus.close();
	await sim.stop();
	return result;
}

async function main(): Promise<void> {
	const per: Record<string, Awaited<ReturnType<typeof round>>> = {};
	for (const n of SIZES) per[String(n)] = await round(n);
	const all = Object.values(per);
	const sum = (k: 'wedged' | 'confirmed' | 'busy') => all.reduce((a, r) => a + r[k], 0);
	console.log(
		JSON.stringify({
			wedged: sum('wedged'),
			confirmed: sum('confirmed'),
			busy: sum('busy'),
			probe_ms_p50: Math.max(...all.map((r) => r.probe_ms_p50)),
			core_share: SHARE ?? 3,
			n: per
		})
	);
}

main().then(
	() => process.exit(0),
	(e) => {
		console.error(e);
		process.exit(1);
	}
);
