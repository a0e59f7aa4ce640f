import { describe, expect, it } from 'vitest';
import { replayLines } from '../../src/lib/screen';
import { toCanonical } from '../../src/lib/protocol';
import { LiveLog } from '../../src/lib/inspector/live-log';
import { InspectorModel } from '../../src/lib/inspector/inspector.svelte';
import { NO_FILTER } from '../../src/lib/inspector/filter';
import { guiIn, insertNs, insertPages, set } from './helpers';

describe('LiveLog', () => {
	it('tells the renderer at most once per frame, however many frames arrive', () => {
		const pending: (() => void)[] = [];
		let flushes = 0;
		const live = new LiveLog(() => flushes++, 100, (fn) => pending.push(fn));
		for (let i = 0; i < 500; i++) live.push(guiIn(set('a', { i })));
		expect(pending).toHaveLength(1);
		pending.shift()!();
		expect(flushes).toBe(1);
		expect(live.log.length).toBe(100);
		live.push(guiIn(set('a', { i: -1 })));
		expect(pending).toHaveLength(1);
	});
});

describe('InspectorModel', () => {
	const frames = [insertNs('a'), insertPages('a', 0, 'SYSTEM_TextFrame'), set('a', { text: 'one' }), set('a', { text: 'two' })].map((x) => JSON.stringify(x));

	it('exports the live log and time-travels it', () => {
		const m = new InspectorModel(3);
		for (const f of frames) m.live.push(guiIn(f));
		const text = m.exportAll();
		expect(toCanonical(replayLines(text.split('\n')).state)).toBe(toCanonical(replayLines(frames).state));
		m.snapshot();
		expect(m.tracing).toBe(true);
		expect(m.at).toBe(m.trace!.length);
		m.seek(m.at - 1);
		expect(m.trace!.stateAt(m.at).namespaces.a!.data.text).toBe('one');
		m.seek(99);
		expect(m.at).toBe(m.trace!.length);
		m.setFilter({ ...NO_FILTER, text: 'two' });
		expect(m.view.length).toBe(1);
		m.closeTrace();
		expect(m.view).toBe(m.live.view);
		expect(m.view.length).toBe(1);
	});

	it('starts a new connection when the frames say so; imported rows keep their line numbers', () => {
		const m = new InspectorModel();
		m.push({ ...guiIn(frames[0]!, 100), connection: 1 });
		m.push({ ...guiIn(frames[1]!, 300), connection: 2 });
		expect(m.live.log.connectionSeq).toBe(m.live.log.at(1)!.seq);
		expect(m.exportAll().trim().split('\n')).toEqual([frames[1]]);
		expect(m.loadTrace('\n\nnot json\n', 'x.jsonl')).toBeNull();
		expect(m.trace!.length).toBe(3);
		expect(m.view.at(0)!.seq).toBe(3);
	});
});
