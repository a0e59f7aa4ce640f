// A frame of OFF_THREAD_CHARS or more is decoded in the GUI socket's worker, and the page keeps only
// the start of its text. The dashboard's export (and time travel, which loads it, and "edit & resend")
// must still write the frame as the screen applied it: valid JSON that replays to the live state.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { connectionLogic, REPLAY_MS, type WireRecord } from '../../src/lib/connection';
import { OFF_THREAD_CHARS } from '../../src/lib/connection/socket-frames';
import { decode, MAX_LIST_ROWS, toCanonical, type OvosAddress } from '../../src/lib/protocol';
import { replayLines, type ScreenState } from '../../src/lib/screen';
import { WireLog } from '../../src/lib/inspector/wire-log';
import { exportLines, parseJsonl, toJsonl } from '../../src/lib/inspector/trace';
import { draftFromEntry } from '../../src/lib/inspector/send';
import { fakeTransport, fakeWatchers } from '../connection/fake-socket';
import { ACTIVE } from './helpers';

const GUI: OvosAddress = { host: '10.0.0.5', guiPort: 18181, busPort: 8181, handshake: 'gui', via: 'direct' };

/** The live screen (the real connection machine) and its wire log, as the dashboard keeps it. */
async function liveScreen(frames: (object | string)[], fromWorker: (object | string)[]) {
	const t = fakeTransport();
	const actor = createActor(connectionLogic({ transport: t.transport, watchers: fakeWatchers(() => true).watchers, batch: true }), {
		input: { address: GUI, pageHost: '10.0.0.5', guiId: 'me' }
	});
	const log = new WireLog(1000);
	const push = (f: WireRecord) => log.push({ ...f, time: 0 });
	actor.on('wire', (e) => push(e.frame));
	actor.on('wires', (e) => e.frames.forEach(push));
	actor.start();
	const gui = t.last('gui')!;
	gui.open();
	for (const f of frames) gui.receive(f);
	await vi.advanceTimersByTimeAsync(REPLAY_MS + 10);
	for (const f of fromWorker) gui.receiveFromWorker(typeof f === 'string' ? f : JSON.stringify(f));
	await vi.advanceTimersByTimeAsync(100);
	const model: ScreenState = actor.getSnapshot().context.model;
	actor.stop();
	return { log, model };
}

const manyKeys = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, i]));
const big = {
	type: 'mycroft.session.set',
	namespace: 'big.skill',
	data: { text: 'x'.repeat(500_000), many: manyKeys, rows: Array.from({ length: MAX_LIST_ROWS + 700 }, (_, i) => ({ i })) }
};
const setup = [
	{ type: 'mycroft.session.list.insert', namespace: ACTIVE, position: 0, data: [{ skill_id: 'big.skill' }] },
	{ type: 'mycroft.gui.list.insert', namespace: 'big.skill', position: 0, data: [{ url: null, page: 'SYSTEM_TextFrame' }] },
	{ type: 'mycroft.session.set', namespace: 'big.skill', data: { a: 1, b: 2, c: 3, d: 4 } }
];

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("a frame decoded in the socket's worker", () => {
	it('is exported as valid JSON that replays to the state the screen showed, cut lists and all', async () => {
		expect(JSON.stringify(big).length).toBeGreaterThanOrEqual(OFF_THREAD_CHARS);
		// After the big frame, a row past the cap is removed: its index means what it means to the server.
		const after = { type: 'mycroft.session.list.remove', namespace: 'big.skill', property: 'rows', position: MAX_LIST_ROWS + 10, items_number: 1 };
		const { log, model } = await liveScreen(setup, [big, after]);
		expect(Object.keys(model.namespaces['big.skill']!.data)).toHaveLength(7);
		const lines = parseJsonl(toJsonl(exportLines(log, { base: log.base, fromSeq: log.connectionSeq })));
		const r = replayLines(lines);
		expect(r.errors).toEqual([]);
		expect(toCanonical(r.state)).toBe(toCanonical(model));
		expect(r.state.namespaces['big.skill']!.cuts).toEqual(model.namespaces['big.skill']!.cuts);
		expect(model.namespaces['big.skill']!.cuts).toEqual({ rows: MAX_LIST_ROWS + 699 });
	});

	it('keeps the cap totals of stack, page and list inserts', async () => {
		const skills = Array.from({ length: 12_000 }, (_, i) => ({ skill_id: `s${String(i).padStart(5, '0')}.skill.with.a.long.name` }));
		const pages = Array.from({ length: 4000 }, (_, i) => ({ url: `/x/skill/page-number-${i}.qml`, page: `page-number-${i}-of-a-long-list-${'p'.repeat(40)}` }));
		const rows = Array.from({ length: 6000 }, (_, i) => ({ row: i, label: `row ${i} ${'r'.repeat(30)}` }));
		const frames = [
			{ type: 'mycroft.session.list.insert', namespace: ACTIVE, position: 0, data: skills },
			{ type: 'mycroft.gui.list.insert', namespace: 's00000.skill.with.a.long.name', position: 0, data: pages },
			{ type: 'mycroft.session.list.insert', namespace: 's00000.skill.with.a.long.name', property: 'rows', position: 0, data: rows }
		];
		for (const f of frames) expect(JSON.stringify(f).length).toBeGreaterThanOrEqual(OFF_THREAD_CHARS);
		const { log, model } = await liveScreen([], frames);
		const r = replayLines(exportLines(log, { base: log.base, fromSeq: log.connectionSeq }));
		expect(r.errors).toEqual([]);
		expect(toCanonical(r.state)).toBe(toCanonical(model));
		expect(r.state.stackTotal).toBe(model.stackTotal);
		const ns = 's00000.skill.with.a.long.name';
		expect(r.state.namespaces[ns]!.pageTotal).toBe(4000);
		expect(r.state.namespaces[ns]!.cuts).toEqual(model.namespaces[ns]!.cuts);
	});

	it('is not coalesced with a different frame that starts the same', async () => {
		const one = { ...big, data: { text: 'x'.repeat(500_000) + 'one' } };
		const two = { ...big, data: { text: 'x'.repeat(500_000) + 'two' } };
		const { log, model } = await liveScreen(setup, [one, two]);
		const r = replayLines(exportLines(log, { base: log.base, fromSeq: log.connectionSeq }));
		expect(String(r.state.namespaces['big.skill']!.data.text).slice(-3)).toBe('two');
		expect(toCanonical(r.state)).toBe(toCanonical(model));
	});

	it('is drafted for "edit & resend" as the JSON the screen applied', async () => {
		const { log } = await liveScreen(setup, [big]);
		const entry = [...log].find((e) => e.gui?.kind === 'data.set' && 'many' in e.gui.data);
		expect(entry).toBeDefined();
		const d = decode(draftFromEntry(entry!).text);
		expect(d.ok && d.value.kind === 'data.set' && Object.keys(d.value.data)).toEqual(['text', 'many', 'rows']);
	});
});
