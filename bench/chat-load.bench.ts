/**
 * bench:chat-load — many people starting dialogues at once never take down the device, and no one
 * client's open questions close the chat for anyone else (docs/chat.md, "Admission and fairness").
 *
 * Each scenario runs against a fresh simulated core with the pool of a 2-CPU device (6 skill
 * threads; each open `get_response` holds one, and the delivery of any answer needs a free one) and
 * the app's chat endpoint over real HTTP with its default admission (3 places, a 30 s line, 60 s
 * question idle limit). Every person, and every probe, is a client of its own.
 *
 * - N = 8, 20 and 50: N people each POST "set a timer" at the same moment; whoever is asked "For how
 *   long?" answers "five minutes" after 0.1–1 s of thought. Each ends confirmed ("Timer for five
 *   minutes, starting now.") or told "busy, retry" (503 core-busy with Retry-After, or 410
 *   question-ended); anything else is wedged. Then five "what time is it" in fresh chats, one after
 *   another: each must answer within 1 s, or it counts as wedged too.
 * - hog: one client says "set a timer" three times and never answers; then ten "what time is it"
 *   probes come from others, 150 ms apart, and each must answer within 1 s; then someone else's
 *   dialogue must be confirmed, as if the hog were not there.
 * - slow: eight people start dialogues 250 ms apart and answer only after 4–8 s; twenty probes come
 *   300 ms apart meanwhile. Each probe must answer within 1 s; the eight end confirmed or told busy.
 *
 * Last line: {"wedged", "confirmed", "busy", "probe_ms_p50", "hog_probe_ms_p50", "hog_probe_ms_max",
 * "slow_probe_ms_p50", "slow_probe_ms_max", "n": {"8": {…}, "20": {…}, "50": {…}}, "hog": {…},
 * "slow": {…}} (totals over every scenario; probe_ms_p50 the worst N's). BENCH_CORE_SHARE=1000 shows
 * the same load without admission; BENCH_N picks the sizes, BENCH_SCENARIOS (n,hog,slow) the scenarios.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { BusClient } from '../src/lib/server/bus';
import { ChatAgent, ChatTokens, ConversationMap, postChat, type ChatApiDeps } from '../src/lib/server/agent';
import { startSimulator, type Simulator } from '../simulator';

const SIZES = (process.env.BENCH_N ?? '8,20,50').split(',').map(Number);
const SCENARIOS = new Set((process.env.BENCH_SCENARIOS ?? 'n,hog,slow').split(','));
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

const round1 = (x: number) => Math.round(x * 10) / 10;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The chat endpoint served over node:http, as the app's route serves it; `x-user` names the client. */
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

async function chat(url: string, user: number | string, body: object): Promise<Reply> {
	const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-user': String(user) }, body: JSON.stringify(body) });
	return { status: res.status, body: (await res.json()) as Record<string, unknown>, retryAfter: res.headers.get('retry-after') };
}

/** "Busy, retry" said plainly: 503 core-busy with when to retry, or 410 for a question ended to make room. */
function busy(r: Reply): boolean {
	const e = r.body.error as { code?: string } | undefined;
	return (r.status === 503 && e?.code === 'core-busy' && Number(r.retryAfter) >= 1) || (r.status === 410 && e?.code === 'question-ended');
}

async function person(url: string, user: number | string, thinkMs: number): Promise<{ fate: Fate; why?: string }> {
	const q = await chat(url, user, { text: 'set a timer' });
	if (busy(q)) return { fate: 'busy' };
	if (q.status !== 200 || q.body.outcome !== 'awaiting') return { fate: 'wedged', why: `asked: ${q.status} ${JSON.stringify(q.body).slice(0, 100)}` };
	await sleep(thinkMs);
	const a = await chat(url, user, { text: 'five minutes', token: q.body.token });
	if (busy(a)) return { fate: 'busy' };
	if (a.status === 200 && a.body.text === CONFIRMED) return { fate: 'confirmed' };
	return { fate: 'wedged', why: `answered: ${a.status} ${JSON.stringify(a.body).slice(0, 100)}` };
}

/** A fresh "what time is it" from its own client: how long, and whether it answered within 1 s. */
async function probe(url: string, user: string): Promise<{ ms: number; ok: boolean }> {
	const t = performance.now();
	const r = await Promise.race([chat(url, user, { text: 'what time is it' }), sleep(5000).then(() => null)]);
	const ms = performance.now() - t;
	return { ms, ok: r !== null && r.status === 200 && String(r.body.text).startsWith("It's ") && ms <= 1000 };
}

interface App {
	readonly url: string;
	readonly sim: Simulator;
	/** Most skill threads held at once so far. */
	mostHeld(): number;
}

/** A fresh simulator, bus client, agent and endpoint for one scenario, torn down after it. */
async function withApp<T>(run: (app: App) => Promise<T>): Promise<T> {
	const sim = await startSimulator({ host: '127.0.0.1', busPort: 0, guiPort: 0, skills: true, log: false, workers: 6 });
	const bus = new BusClient({ url: sim.busUrl, log: () => {} });
	await bus.ensureOpen();
	const agent = new ChatAgent({ bus, ...(SHARE ? { coreShare: SHARE } : {}) });
	const { server, url } = await serve({ agent, tokens: new ChatTokens(randomBytes(32)), conversations: new ConversationMap() });
	const workers = sim.services!.workers;
	let most = 0;
	const watch = setInterval(() => (most = Math.max(most, workers.busy)), 2);
	try {
		return await run({ url, sim, mostHeld: () => most });
	} finally {
		clearInterval(watch);
		agent.close();
		server.closeAllConnections();
		await new Promise((r) => server.close(r));
		await bus.close();
		await sim.stop();
	}
}

const count = (fates: { fate: Fate }[], f: Fate) => fates.filter((x) => x.fate === f).length;
const firstWedged = (fates: { fate: Fate; why?: string }[]) => fates.find((f) => f.fate === 'wedged')?.why;

async function many(n: number) {
	return withApp(async ({ url, mostHeld }) => {
		const t0 = performance.now();
		const fates = await Promise.all(Array.from({ length: n }, (_, i) => person(url, i, 100 + ((i * 181) % 900))));
		const seconds = (performance.now() - t0) / 1000;
		// Afterwards: a fresh "what time is it", one after another.
		const probes: { ms: number; ok: boolean }[] = [];
		for (let i = 0; i < PROBES; i++) probes.push(await probe(url, `probe-${i}`));
		const result = {
			wedged: count(fates, 'wedged') + probes.filter((p) => !p.ok).length,
			confirmed: count(fates, 'confirmed'),
			busy: count(fates, 'busy'),
			probe_ms_p50: round1(median(probes.map((p) => p.ms))),
			probe_ms_max: round1(Math.max(...probes.map((p) => p.ms))),
			threads_held_max: mostHeld(),
			seconds: round1(seconds)
		};
		const why = firstWedged(fates);
		console.log(`N=${n}: ${JSON.stringify(result)}${why ? `  (first wedged: ${why})` : ''}`);
		return result;
	});
}

/** Probes from clients of their own, `gapMs` apart. */
async function probesDuring(url: string, count: number, gapMs: number, tag: string): Promise<{ ms: number; ok: boolean }[]> {
	return Promise.all(
		Array.from({ length: count }, async (_, i) => {
			await sleep(i * gapMs);
			return probe(url, `${tag}-probe-${i}`);
		})
	);
}

/** A scenario's figures (people's fates, the probes' times) and its line in the log. */
function scenario(name: string, fates: { fate: Fate; why?: string }[], probes: { ms: number; ok: boolean }[], threadsHeldMax: number) {
	const ms = probes.map((p) => p.ms);
	const result = {
		wedged: count(fates, 'wedged') + probes.filter((p) => !p.ok).length,
		confirmed: count(fates, 'confirmed'),
		busy: count(fates, 'busy'),
		probe_ms_p50: round1(median(ms)),
		probe_ms_max: round1(Math.max(...ms)),
		threads_held_max: threadsHeldMax
	};
	const why = firstWedged(fates);
	console.log(`${name}: ${JSON.stringify(result)}${why ? `  (first wedged: ${why})` : ''}`);
	return result;
}

async function hog() {
	return withApp(async ({ url, mostHeld }) => {
		for (let i = 0; i < 3; i++) {
			const r = await chat(url, 'hog', { text: 'set a timer' });
			if (r.body.outcome !== 'awaiting') throw new Error(`the hog was not asked: ${r.status} ${JSON.stringify(r.body)}`);
		}
		const probes = await probesDuring(url, 10, 150, 'hog');
		const fates = [await person(url, 'hog-other', 1500)];
		return scenario('hog', fates, probes, mostHeld());
	});
}

async function slow() {
	return withApp(async ({ url, mostHeld }) => {
		const [fates, probes] = await Promise.all([
			Promise.all(
				Array.from({ length: 8 }, async (_, i) => {
					await sleep(i * 250);
					return person(url, `slow-${i}`, 4000 + ((i * 557) % 4000));
				})
			),
			probesDuring(url, 20, 300, 'slow')
		]);
		return scenario('slow', fates, probes, mostHeld());
	});
}

async function main(): Promise<void> {
	const per: Record<string, Awaited<ReturnType<typeof many>>> = {};
	if (SCENARIOS.has('n')) for (const n of SIZES) per[String(n)] = await many(n);
	const hogResult = SCENARIOS.has('hog') ? await hog() : null;
	const slowResult = SCENARIOS.has('slow') ? await slow() : null;
	const all = [...Object.values(per), ...(hogResult ? [hogResult] : []), ...(slowResult ? [slowResult] : [])];
	const sum = (k: 'wedged' | 'confirmed' | 'busy') => all.reduce((a, r) => a + r[k], 0);
	const nP50 = Object.values(per).map((r) => r.probe_ms_p50);
	console.log(
		JSON.stringify({
			wedged: sum('wedged'),
			confirmed: sum('confirmed'),
			busy: sum('busy'),
			probe_ms_p50: nP50.length ? Math.max(...nP50) : null,
			hog_probe_ms_p50: hogResult?.probe_ms_p50 ?? null,
			hog_probe_ms_max: hogResult?.probe_ms_max ?? null,
			slow_probe_ms_p50: slowResult?.probe_ms_p50 ?? null,
			slow_probe_ms_max: slowResult?.probe_ms_max ?? null,
			core_share: SHARE ?? 3,
			n: per,
			hog: hogResult,
			slow: slowResult
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
