// HTTP edges: aborted uploads logged a stack trace each and counted as 500
// (1,000 slow clients → 8,000 log lines); oversized chunked bodies got a connection reset instead of
// 413; `Authorization: bearer` (lowercase) was a 401 though the scheme is case-insensitive.
import { connect } from 'node:net';
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ChatAgent, ChatTokens, ConversationMap, type ChatApiDeps } from '../../src/lib/server/agent';
import { hangUps } from '../../src/lib/server/http/io';
import { rig, type Rig } from '../bus-window/helpers';
import { ScriptedCore, startBareBus, connectedBus, until, type BareBus } from '../chat/helpers';
import type { BusClient } from '../../src/lib/server/bus';
import { post, serve, type Served } from './serve';

const API_TOKEN = 'screen-token-for-tests';
let bus: BareBus;
let client: BusClient;
let core: ScriptedCore;
let window: Rig;
let served: Served;

beforeAll(async () => {
	bus = await startBareBus();
	client = await connectedBus(bus.busUrl);
	core = await ScriptedCore.connect(bus.busUrl);
	core.onUtterance((utt, c) => {
		c.speak(utt, 'Hello.');
		c.handled(utt);
	});
	const chat: ChatApiDeps = {
		agent: new ChatAgent({ bus: client }),
		tokens: new ChatTokens(randomBytes(32)),
		conversations: new ConversationMap()
	};
	window = await rig();
	// The tools here are on the network, behind a proxy on this machine that names them in x-client.
	served = await serve(chat, window.deps, { addressHeader: 'x-client', apiToken: API_TOKEN });
});
afterAll(async () => {
	await served.close();
	await window.stop();
	core.close();
	await client.close();
	await bus.stop();
});

const lan = { 'x-client': '198.51.100.7' };
const auth = { ...lan, authorization: `Bearer ${API_TOKEN}` };

describe('the API token scheme (14.10)', () => {
	it('takes Bearer in any case, as HTTP schemes are case-insensitive', async () => {
		for (const scheme of ['Bearer', 'bearer', 'BEARER', 'beArer']) {
			const r = await post(served.port, '/api/chat', { text: 'hi' }, { headers: { ...lan, authorization: `${scheme} ${API_TOKEN}` } });
			expect(r?.status, scheme).toBe(200);
		}
		const r = await post(served.port, '/v1/chat/completions', { messages: [{ role: 'user', content: 'hi' }] }, { headers: { ...lan, authorization: `bearer ${API_TOKEN}` } });
		expect(r?.status).toBe(200);
	});

	it('still refuses a wrong token, another scheme, or none (401)', async () => {
		for (const authorization of [`bearer ${API_TOKEN}x`, `Basic ${API_TOKEN}`, `bearer`, `${API_TOKEN}`, ''])
			expect((await post(served.port, '/api/chat', { text: 'hi' }, { headers: { ...lan, authorization } }))?.status, authorization).toBe(401);
	});
});

/** Sends `{"text": "` and then 2 MB in 16 KB chunks, chunked (no Content-Length). */
function chunkedUpload(path: string): Promise<{ status: number; body: string } | { error: string }> {
	return new Promise((resolve) => {
		const req = httpRequest(
			{ host: '127.0.0.1', port: served.port, path, method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked', ...auth } },
			(res) => {
				let b = '';
				res.on('data', (d) => (b += d));
				res.on('end', () => resolve({ status: res.statusCode ?? 0, body: b }));
			}
		);
		req.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
		const chunk = Buffer.alloc(16 * 1024, 'a');
		let sent = 0;
		const more = () => {
			while (sent < 2 * 1024 * 1024) {
				sent += chunk.length;
				if (!req.write(chunk)) return void req.once('drain', more);
			}
			req.end('"}');
		};
		req.write('{"text": "');
		more();
	});
}

describe('oversized bodies without a Content-Length (14.10)', () => {
	for (const path of ['/api/chat', '/v1/chat/completions', '/api/chat/end', '/api/bus']) {
		it(`${path}: 413 with the reason, not a reset`, async () => {
			const r = await chunkedUpload(path);
			expect(r).toMatchObject({ status: 413 });
			expect('body' in r && r.body).toMatch(/over \d+ bytes|too large|too-large/);
		});
	}
});

describe('clients that hang up mid-upload (14.10)', () => {
	it('1,000 of them: a few quiet lines in all, no stack trace, no 500', async () => {
		const lines: string[] = [];
		const spies = (['log', 'warn', 'error'] as const).map((m) =>
			vi.spyOn(console, m).mockImplementation((...a: unknown[]) => void lines.push(a.map((x) => (x instanceof Error ? x.stack : String(x))).join(' ')))
		);
		const before = served.statuses.length;
		const hangUpsBefore = hangUps.count;
		try {
			const N = 1000;
			let opened = 0;
			const sockets = await Promise.all(
				Array.from({ length: N }, (_, i) => {
					const path = ['/api/chat', '/v1/chat/completions', '/api/chat/end', '/api/bus'][i % 4];
					return new Promise<import('node:net').Socket>((resolve) => {
						const s = connect(served.port, '127.0.0.1', () => {
							s.write(`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nX-Client: 198.51.100.7\r\nAuthorization: Bearer ${API_TOKEN}\r\nContent-Length: 1000\r\n\r\n{"text": "hel`);
							opened++;
							resolve(s);
						});
						s.on('error', () => {});
					});
				})
			);
			expect(opened).toBe(N);
			// The requests are being read (their handlers wait for the rest of the body) when they all go.
			await new Promise((r) => setTimeout(r, 300));
			for (const s of sockets) s.destroy();
			await until(() => served.statuses.length - before === N, 15_000, 'every hung-up request answered');
		} finally {
			for (const s of spies) s.mockRestore();
		}
		const answered = served.statuses.slice(before);
		expect(answered.filter((s) => s >= 500)).toEqual([]);
		// The bus window's rate limit answers most of its 250 before reading them; the rest are counted.
		expect(hangUps.count - hangUpsBefore).toBeGreaterThanOrEqual(750);
		expect(lines.length).toBeLessThanOrEqual(5);
		expect(lines.join('\n')).not.toMatch(/\n\s+at /); // no stack trace
	}, 60_000);
});
