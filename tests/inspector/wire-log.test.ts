import { describe, expect, it } from 'vitest';
import { WireLog } from '../../src/lib/inspector/wire-log';
import { LogView } from '../../src/lib/inspector/log-view';
import { NO_FILTER, compileFilter, muteType, MAX_MUTED_TYPES } from '../../src/lib/inspector/filter';
import { typeLabel } from '../../src/lib/inspector/entry';
import { busIn, event, guiIn, guiOut, insertNs, insertPages, set } from './helpers';

describe('WireLog', () => {
	it('describes frames of both sockets and directions', () => {
		const log = new WireLog(10);
		log.push(guiIn(set('skill-a', { x: 1 })));
		log.push(guiIn(event('system', 'recognizer_loop:record_begin')));
		log.push(busIn({ type: 'gui.value.set', data: { __from: 'skill-b', k: 1 }, context: {} }));
		log.push(guiOut({ type: 'mycroft.events.triggered', namespace: 'skill-a', event_name: 'refresh', parameters: {} }));
		log.push(guiIn('{"type": "mycroft.session.set", "namespace": "q"}'));
		log.push(guiIn('not json at all'));
		const rows = log.at.bind(log);
		expect(rows(0)).toMatchObject({ type: 'mycroft.session.set', namespace: 'skill-a', dir: 'in', socket: 'gui' });
		expect(typeLabel(rows(1)!)).toBe('event recognizer_loop:record_begin');
		expect(rows(2)).toMatchObject({ type: 'gui.value.set', namespace: 'skill-b', socket: 'bus' });
		expect(rows(3)).toMatchObject({ dir: 'out', namespace: 'skill-a', event: 'refresh' });
		// an undecodable frame keeps what it does carry, and its reason
		expect(rows(4)).toMatchObject({ type: 'mycroft.session.set', namespace: 'q' });
		expect(rows(4)!.error?.message).toMatch(/data/);
		expect(rows(5)!.error?.code).toBe('json');
		expect(typeLabel(rows(5)!)).toBe('(undecodable)');
	});

	it('coalesces identical consecutive frames as ×N, not interleaved ones', () => {
		const log = new WireLog(10);
		const a = set('s', { t: 1 });
		const b = set('s', { t: 2 });
		log.push(guiIn(a, 1));
		const r = log.push(guiIn(a, 2));
		log.push(guiIn(a, 3));
		expect(r.fresh).toBe(false);
		log.push(guiIn(b));
		log.push(guiIn(a));
		expect(log.length).toBe(3);
		expect(log.at(0)).toMatchObject({ count: 3, time: 1, lastTime: 3 });
		expect(log.at(2)!.count).toBe(1);
		expect(log.frames).toBe(5);
	});

	it('stays within capacity, counts dropped rows and frames, and its tallies shrink with it', () => {
		const log = new WireLog(100);
		for (let i = 0; i < 10_000; i++) log.push(guiIn(set(`ns-${i}`, { i })));
		expect(log.length).toBe(100);
		expect(log.dropped).toBe(9900);
		expect(log.droppedFrames).toBe(9900);
		expect(log.namespaces.size).toBe(100);
		expect(log.oldest!.namespace).toBe('ns-9900');
	});

	it('folds evicted GUI frames into the base state of the current connection', () => {
		const log = new WireLog(2);
		log.push(guiIn(insertNs('a')));
		log.push(guiIn(set('a', { x: 1 })));
		log.push(busIn({ type: 'noise', data: {}, context: {} }));
		log.push(guiIn(set('a', { x: 2 })));
		expect(log.base.stack).toEqual(['a']);
		expect(log.base.namespaces.a!.data).toEqual({ x: 1 });
		log.markConnection(10_000);
		expect(log.base.stack).toEqual([]);
	});

	it('folds an evicted frame in from what was decoded on arrival, not by parsing it again (frames of 5 MB)', () => {
		const log = new WireLog(1);
		log.push(guiIn(insertNs('a')));
		// What came decoded (a big frame decoded off the main thread) is what is applied.
		const big = guiIn(set('a', { rows: [1, 2, 3] }));
		log.push({ ...big, raw: big.raw.replace('"rows"', '"parsed again"') });
		log.push(busIn({ type: 'noise', data: {}, context: {} }));
		expect(log.base.namespaces.a!.data).toEqual({ rows: [1, 2, 3] });
	});
});

describe('LogView', () => {
	function fill() {
		const log = new WireLog(1000);
		const view = new LogView(log);
		const push = (f: Parameters<WireLog['push']>[0]) => view.add(log.push(f));
		push(guiIn(insertNs('skill-a')));
		push(guiIn(insertPages('skill-a', 0, 'SYSTEM_TextFrame')));
		push(guiIn(set('skill-a', { text: 'Sunny' })));
		push(guiIn(event('system', 'recognizer_loop:record_begin')));
		push(guiOut({ type: 'mycroft.events.triggered', namespace: 'system', event_name: 'system.gui.user.interaction', parameters: { skillId: 'skill-a' } }));
		push(busIn({ type: 'recognizer_loop:utterance', data: { utterances: ['hello'] }, context: {} }));
		push(guiIn('{"broken'));
		return { log, view, push };
	}

	it('filters by direction, socket, type, namespace, text, regex, errors and mutes', () => {
		const { view } = fill();
		expect(view.length).toBe(7);
		view.setFilter({ ...NO_FILTER, dirIn: false });
		expect(view.rows().map((r) => r.dir)).toEqual(['out']);
		view.setFilter({ ...NO_FILTER, bus: false, gui: true });
		expect(view.length).toBe(6);
		view.setFilter({ ...NO_FILTER, type: 'mycroft.session.set' });
		expect(view.length).toBe(1);
		view.setFilter({ ...NO_FILTER, namespace: 'skill-a' });
		expect(view.length).toBe(3);
		view.setFilter({ ...NO_FILTER, text: 'SUNNY' });
		expect(view.rows()[0]!.raw).toContain('Sunny');
		view.setFilter({ ...NO_FILTER, text: '/hel+o/' });
		expect(view.rows().map((r) => r.socket)).toEqual(['bus']);
		view.setFilter({ ...NO_FILTER, text: '/[unclosed/' }); // literal fallback, no throw
		expect(view.length).toBe(0);
		view.setFilter({ ...NO_FILTER, errorsOnly: true });
		expect(view.rows().map((r) => r.error?.code)).toEqual(['json']);
		view.setFilter({ ...NO_FILTER, muted: ['status', 'interaction'] });
		expect(view.length).toBe(4);
		view.setFilter(muteType(NO_FILTER, 'mycroft.gui.list.insert'));
		expect(view.rows().some((r) => r.type === 'mycroft.gui.list.insert')).toBe(false);
	});

	it('appends matching frames only, and drops rows the ring evicted', () => {
		const log = new WireLog(5);
		const view = new LogView(log);
		view.setFilter({ ...NO_FILTER, namespace: 'keep' });
		for (let i = 0; i < 20; i++) view.add(log.push(guiIn(set(i % 2 ? 'keep' : 'other', { i }))));
		expect(view.length).toBeLessThanOrEqual(3);
		expect(view.rows().every((r) => r.namespace === 'keep')).toBe(true);
		expect(view.rows()[0]!.seq).toBeGreaterThanOrEqual(log.oldest!.seq);
		expect(view.indexOfSeq(view.at(1)!.seq)).toBe(1);
	});

	it('pauses: rows freeze, arrivals are counted, resume shows them', () => {
		const { view, push } = fill();
		view.pause();
		push(guiIn(set('skill-a', { text: 'Rain' })));
		push(guiIn(set('skill-a', { text: 'Rain' })));
		push(guiIn(set('skill-a', { text: 'Snow' })));
		expect(view.length).toBe(7);
		expect(view.arrivedWhilePaused).toBe(3);
		view.resume();
		expect(view.length).toBe(9);
		expect(view.at(7)!.count).toBe(2);
		expect(view.arrivedWhilePaused).toBe(0);
	});

	it('paused, a filter works on the frozen rows and lets none of the newer frames in', () => {
		const { view, push } = fill();
		view.pause();
		push(guiIn(set('skill-a', { text: 'Snow' })));
		push(guiIn(set('skill-b', { text: 'Hail' })));
		view.setFilter({ ...NO_FILTER, namespace: 'skill-a' });
		const before = view.rows();
		expect(before.length).toBeGreaterThan(0);
		expect(before.length).toBeLessThan(7);
		expect(before.every((r) => r.namespace === 'skill-a')).toBe(true);
		expect(before.some((r) => r.raw.includes('Snow'))).toBe(false);
		view.setFilter(NO_FILTER);
		expect(view.length).toBe(7);
		expect(view.arrivedWhilePaused).toBe(2);
		view.resume();
		expect(view.length).toBe(9);
	});

	it('keeps its row array bounded under a long stream', () => {
		const log = new WireLog(50);
		const view = new LogView(log);
		for (let i = 0; i < 50_000; i++) view.add(log.push(guiIn(set('n', { i }))));
		expect(view.length).toBe(50);
		// internal array: rows + not yet compacted head, never the whole stream
		expect((view as unknown as { rows(): unknown[] }).rows().length).toBe(50);
	});

	it('caps individually muted types', () => {
		let spec = NO_FILTER;
		for (let i = 0; i < MAX_MUTED_TYPES + 10; i++) spec = muteType(spec, `t${i}`);
		expect(spec.mutedTypes.length).toBe(MAX_MUTED_TYPES);
		expect(compileFilter(spec)({ type: 't70', dir: 'in', socket: 'gui' } as never)).toBe(false);
	});
});

describe('WireLog connections', () => {
	it('a marked connection starts at its first frame, with an empty base model', () => {
		const log = new WireLog(10);
		const a = guiIn(set('a', { x: 1 }), 100);
		const b = guiIn(set('a', { x: 2 }), 200);
		log.push(a);
		log.push(b);
		log.markConnection(b.seq);
		expect(log.connectionSeq).toBe(b.seq);
		expect(log.base.stack).toEqual([]);
	});
});
