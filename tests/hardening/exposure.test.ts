// What the app exposes, held for SECURITY.md: the simulator it embeds listens on loopback only, and
// no request can choose where the server connects.
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatAgent, ChatTokens, ConversationMap, postChat } from '../../src/lib/server/agent';
import { startSimulator, type Simulator } from '../../simulator';
import { ScriptedCore, connectedBus, startBareBus } from '../chat/helpers';

/** A non-loopback IPv4 address of this machine, if it has one. */
const lan = Object.values(networkInterfaces())
	.flat()
	.find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

const reach = (host: string, port: number) =>
	new Promise<'open' | string>((resolve) => {
		const s = connect({ host, port }, () => (s.destroy(), resolve('open')));
		s.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
	});

describe('the embedded simulator', () => {
	let sim: Simulator;
	beforeAll(async () => {
		sim = await startSimulator({ busPort: 0, guiPort: 0, skills: false, log: false });
	});
	afterAll(() => sim.stop());

	it.skipIf(!lan)(`listens on loopback only: its bus and GUI ports refuse this machine's LAN address (${lan})`, async () => {
		for (const port of [sim.busPort, sim.guiPort]) {
			expect(await reach('127.0.0.1', port)).toBe('open');
			expect(await reach(lan!, port)).toBe('ECONNREFUSED');
		}
	});
});

describe('where the server connects', () => {
	it('is its configuration only: address fields in a chat request are ignored', async () => {
		const bus = await startBareBus();
		const client = await connectedBus(bus.busUrl);
		const core = await ScriptedCore.connect(bus.busUrl);
		core.onUtterance((utt, c) => {
			c.speak(utt, 'Here.');
			c.handled(utt);
		});
		try {
			const deps = { agent: new ChatAgent({ bus: client }), tokens: new ChatTokens(randomBytes(32)), conversations: new ConversationMap() };
			const url = new URL('http://screen.test/api/chat');
			const body = { text: 'where are you', host: '203.0.113.9', busUrl: 'ws://203.0.113.9:8181/core', address: 'ws://203.0.113.9:8181/core', port: 1 };
			const res = await postChat(new Request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }), url, deps);
			expect(res.status).toBe(200);
			expect(client.url).toBe(bus.busUrl);
			expect(core.ofType('recognizer_loop:utterance').length).toBe(1);
		} finally {
			core.close();
			await client.close();
			await bus.stop();
		}
	});
});
