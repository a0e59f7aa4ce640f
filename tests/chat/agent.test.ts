import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BusMessage, JsonObject } from '../../src/lib/protocol';
import type { BusClient } from '../../src/lib/server/bus';
import { ChatAgent, newSessionId, type Sentence } from '../../src/lib/server/agent';
import { ScriptedCore, connectedBus, sleep, startBareBus, until, type BareBus } from './helpers';

let bus: BareBus;
let client: BusClient;
let core: ScriptedCore;
let agent: ChatAgent;

beforeAll(async () => {
	bus = await startBareBus();
	client = await connectedBus(bus.busUrl);
	core = await ScriptedCore.connect(bus.busUrl);
	agent = new ChatAgent({ bus: client, timing: { idleMs: 3000, deadlineMs: 8000 } });
});
afterAll(async () => {
	core.close();
	await client.close();
	await bus.stop();
});
afterEach(() => {
	core.onUtterance(() => {});
	core.frames.length = 0;
});

const user = (content: string) => [{ role: 'user' as const, content }];

describe('chat agent over the bus', () => {
	it('answers a single turn: speak then handled, and says which skill answered', async () => {
		core.onUtterance((utt, c) => {
			c.speak(utt, 'Hello there.');
			c.handled(utt);
		});
		const sid = newSessionId();
		const reply = await agent.continueChat(
			[{ role: 'system', content: 'ignored' }, { role: 'user', content: 'first' }, { role: 'assistant', content: 'x' }, ...user('hi')],
			{ sessionId: sid }
		);
		expect(reply.role).toBe('assistant');
		expect(reply.content).toBe('Hello there.');
		expect(reply.turn.outcome).toBe('answered');
		expect(reply.turn.complete).toBe(true);
		expect(reply.turn.skill).toBe('test-skill');
		// Only the last user message is sent, in our own session, identity only, no lang.
		const [utt] = core.ofType('recognizer_loop:utterance');
		expect(utt?.data).toEqual({ utterances: ['hi'] });
		expect(utt?.context.session).toEqual({ session_id: sid });
		expect(utt?.context.source).toBe(agent.source);
	});

	it('never runs a turn in the default session or a made-up one', async () => {
		await expect(agent.continueChat(user('hi'), { sessionId: 'default' })).rejects.toMatchObject({ code: 'bad-input' });
		await expect(agent.continueChat(user('hi'), { sessionId: 'chat-1' })).rejects.toMatchObject({ code: 'bad-input' });
		await expect(agent.continueChat([{ role: 'assistant', content: 'x' }], { sessionId: newSessionId() })).rejects.toThrow(
			/no user message/
		);
		expect(core.ofType('recognizer_loop:utterance')).toHaveLength(0);
	});

	it('carries core’s latest snapshot into the next turn, unknown keys untouched, lang only when chosen', async () => {
		core.onUtterance((utt, c) => {
			const session = ScriptedCore.coreSession(utt, { future_key: { nested: [1, 2] }, is_recording: null });
			c.speak(utt, 'ok', {}, session);
			c.handled(utt, session);
		});
		const sid = newSessionId();
		const first = await agent.turn('one', { sessionId: sid });
		expect(first.snapshot).toMatchObject({ session_id: sid, future_key: { nested: [1, 2] }, pipeline: ['converse', 'adapt_high', 'fallback_low'] });
		expect(first.snapshot).not.toHaveProperty('is_recording'); // never send null back
		await agent.turn('two', { sessionId: sid, snapshot: first.snapshot, lang: 'de-DE' });
		const sent = core.ofType('recognizer_loop:utterance').map((u) => u.context.session as JsonObject);
		expect(sent[0]).toEqual({ session_id: sid });
		expect(sent[1]).toEqual({ ...first.snapshot, lang: 'de-DE' });
		expect(core.ofType('recognizer_loop:utterance')[1]?.data.lang).toBe('de-DE');
	});

	it('streams sentences in order, each as it is spoken, before the turn ends', async () => {
		core.onUtterance(async (utt, c) => {
			for (const s of ['One.', 'Two.', 'Three.']) {
				c.speak(utt, s);
				await sleep(60);
			}
			c.handled(utt);
		});
		const got: { text: string; at: number }[] = [];
		const t0 = Date.now();
		const gen = agent.streamSentences(user('count'), { sessionId: newSessionId() });
		let r = await gen.next();
		while (!r.done) {
			got.push({ text: r.value.text, at: Date.now() - t0 });
			r = await gen.next();
		}
		expect(got.map((g) => g.text)).toEqual(['One.', 'Two.', 'Three.']);
		// The first sentence came well before the last one was spoken (no batching until handled).
		expect(got[0]!.at).toBeLessThan(got[2]!.at - 80);
		expect(r.value.outcome).toBe('answered');
		expect(r.value.text).toBe('One.\nTwo.\nThree.');
	});

	it('ends a question turn at expect_response and sends the snapshot adopted from that speak next', async () => {
		core.onUtterance((utt, c) => {
			const s = utt.context.session as JsonObject;
			if (!(s.utterance_states as JsonObject | undefined)?.['timer-skill']) {
				// The asking turn: no handled; the session now says the skill waits for a response.
				const session = ScriptedCore.coreSession(utt, { utterance_states: { 'timer-skill': 'response' } });
				c.forward(utt, 'skill.converse.get_response.enable', { skill_id: 'timer-skill' }, session);
				c.speak(utt, 'How long?', { expect_response: true }, session);
			} else {
				const session = ScriptedCore.coreSession(utt, { utterance_states: { 'timer-skill': 'intent' } });
				c.speak(utt, 'Timer set for 5 minutes.', {}, session);
				c.handled(utt, session);
			}
		});
		const sid = newSessionId();
		const t0 = Date.now();
		const q = await agent.turn('set a timer', { sessionId: sid });
		expect(q.outcome).toBe('awaiting');
		expect(q.text).toBe('How long?');
		expect(Date.now() - t0).toBeLessThan(1000);
		const a = await agent.turn('5 minutes', { sessionId: sid, snapshot: q.snapshot, openTurns: q.openTurns });
		expect(a.outcome).toBe('answered');
		expect(a.text).toBe('Timer set for 5 minutes.');
		const sent = core.ofType('recognizer_loop:utterance')[1]?.context.session as JsonObject;
		expect(sent.utterance_states).toEqual({ 'timer-skill': 'response' });
	});

	it('answers every speak of the session with audio_output_end carrying that session', async () => {
		core.onUtterance((utt, c) => {
			c.speak(utt, 'a');
			c.speak(utt, 'b');
			c.handled(utt);
		});
		const sid = newSessionId();
		await agent.turn('x', { sessionId: sid });
		const ends = () => core.ofType('recognizer_loop:audio_output_end').filter((f) => (f.context.session as JsonObject).session_id === sid);
		await until(() => ends().length === 2, 2000, 'two audio_output_end');
		for (const f of ends()) {
			expect(f.data).toEqual({});
			expect(Object.keys(f.context).sort()).toEqual(['session', 'source']);
			expect((f.context.session as JsonObject).session_id).toBe(sid);
			expect(f.context.source).toBe(agent.source);
		}
	});

	it('reports an unmatched utterance as a typed failure, not as a reply', async () => {
		core.onUtterance((utt, c) => {
			c.forward(utt, 'mycroft.audio.play_sound', { uri: 'snd/error.mp3' });
			c.forward(utt, 'complete_intent_failure', { ...utt.data, lang: 'en-US' });
			c.forward(utt, 'ovos.utterance.handled', {});
		});
		const r = await agent.turn('blorp', { sessionId: newSessionId() });
		expect(r.outcome).toBe('unmatched');
		expect(r.text).toBe('');
		expect(r.complete).toBe(true);
	});

	it('understands the newer topic names and yields a reply sent under both names once', async () => {
		core.onUtterance((utt, c) => {
			c.forward(utt, 'speak', { utterance: 'Twice named.' });
			c.forward(utt, 'ovos.utterance.speak', { utterance: 'Twice named.' }, undefined, { _namespace_compat_twin: true });
			c.forward(utt, 'ovos.utterance.speak', { utterance: 'Only new.' });
			c.forward(utt, 'speak', { utterance: 'Again.' });
			c.forward(utt, 'speak', { utterance: 'Again.' }); // a real repeat on one topic stays
			c.forward(utt, 'ovos.utterance.handled', {});
		});
		const got: Sentence[] = [];
		const r = await agent.turn('x', { sessionId: newSessionId() }, (s) => got.push(s));
		expect(got.map((s) => s.text)).toEqual(['Twice named.', 'Only new.', 'Again.', 'Again.']);
		expect(r.outcome).toBe('answered');
		// ovos.intent.unmatched is the new name of complete_intent_failure
		core.onUtterance((utt, c) => {
			c.forward(utt, 'ovos.intent.unmatched', {});
			c.forward(utt, 'complete_intent_failure', {});
			c.forward(utt, 'ovos.utterance.handled', {});
		});
		expect((await agent.turn('y', { sessionId: newSessionId() })).outcome).toBe('unmatched');
	});

	it('ignores other sessions and late frames of an earlier turn', async () => {
		const sid = newSessionId();
		let firstUtt: BusMessage | undefined;
		core.onUtterance((utt, c) => {
			if (!firstUtt) {
				firstUtt = utt;
				c.speak(utt, 'first answer');
				c.handled(utt);
				return;
			}
			// A late speak of turn 1 (its handler still running), another chat's speak, then turn 2.
			c.speak(firstUtt, 'late from turn one');
			c.speak(utt, 'not ours', {}, { session_id: newSessionId() });
			c.speak({ ...utt, context: { ...utt.context, session: { session_id: 'default' } } }, 'device speech', {}, { session_id: 'default' });
			c.speak(utt, 'second answer');
			c.handled(utt);
		});
		const one = await agent.turn('one', { sessionId: sid });
		const two = await agent.turn('two', { sessionId: sid, snapshot: one.snapshot, openTurns: one.openTurns });
		expect(two.text).toBe('second answer');
	});

	it('refuses a second turn of the same session while one runs; other sessions go on', async () => {
		core.onUtterance(async (utt, c) => {
			await sleep(150);
			c.speak(utt, `re: ${(utt.data.utterances as string[])[0]}`);
			c.handled(utt);
		});
		const sid = newSessionId();
		const first = agent.turn('a', { sessionId: sid });
		await until(() => agent.isBusy(sid));
		await expect(agent.turn('b', { sessionId: sid })).rejects.toMatchObject({ code: 'busy', status: 409 });
		const other = await agent.turn('c', { sessionId: newSessionId() });
		expect(other.text).toBe('re: c');
		expect((await first).text).toBe('re: a');
		expect(agent.isBusy(sid)).toBe(false);
	});

	it('runs 50 concurrent sessions without cross-talk', async () => {
		core.onUtterance(async (utt, c) => {
			const text = (utt.data.utterances as string[])[0]!;
			await sleep(Math.random() * 80);
			c.speak(utt, `${text} / 1`);
			await sleep(Math.random() * 40);
			c.speak(utt, `${text} / 2`);
			c.handled(utt);
		});
		const ids = Array.from({ length: 50 }, () => newSessionId());
		const results = await Promise.all(ids.map((sessionId, i) => agent.turn(`chat ${i}`, { sessionId })));
		results.forEach((r, i) => {
			expect(r.sessionId).toBe(ids[i]);
			expect(r.outcome).toBe('answered');
			expect(r.text).toBe(`chat ${i} / 1\nchat ${i} / 2`);
			expect(r.snapshot?.session_id).toBe(ids[i]);
		});
		expect(agent.activeTurns).toBe(0);
	});

	it('aborts: stops waiting, frees the session, stops its speech, never broadcasts mycroft.stop', async () => {
		core.onUtterance((utt, c) => c.speak(utt, 'Thinking very hard…'));
		const sid = newSessionId();
		const ctl = new AbortController();
		const got: string[] = [];
		const running = agent.turn('think', { sessionId: sid, signal: ctl.signal }, (s) => got.push(s.text));
		await until(() => got.length === 1);
		ctl.abort();
		const r = await running;
		expect(r.outcome).toBe('aborted');
		expect(r.complete).toBe(false);
		expect(agent.isBusy(sid)).toBe(false);
		await until(() => core.ofType('mycroft.audio.speech.stop').length === 1, 2000, 'speech.stop');
		expect((core.ofType('mycroft.audio.speech.stop')[0]?.context.session as JsonObject).session_id).toBe(sid);
		await sleep(50);
		expect(core.frames.some((f) => f.type === 'mycroft.stop' || f.type === 'ovos.stop')).toBe(false);
		core.onUtterance((utt, c) => {
			c.speak(utt, 'fresh');
			c.handled(utt);
		});
		expect((await agent.turn('again', { sessionId: sid })).text).toBe('fresh');
	});

	it('streamSentences: breaking out of the loop aborts the turn', async () => {
		core.onUtterance((utt, c) => c.speak(utt, 'first'));
		const sid = newSessionId();
		for await (const s of agent.streamSentences(user('x'), { sessionId: sid })) {
			expect(s.text).toBe('first');
			break;
		}
		await until(() => !agent.isBusy(sid), 1000, 'session freed');
	});
});
