/**
 * Big GUI frames decoded off the main thread (issue 24.4): the frame goes to the decoder, the
 * screen applies what comes back, cut to its cap, and every event that came after it waits its
 * turn — the model ends as if each frame had been decoded on arrival.
 */
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { connectionLogic, type ConnectionEmitted } from '../../src/lib/connection';
import { OFF_THREAD_CHARS, type OffThreadDecode } from '../../src/lib/connection/off-thread';
import { decode, MAX_LIST_ROWS, type OvosAddress } from '../../src/lib/protocol';
import { capMessage } from '../../src/lib/screen/caps';
import { fakeTransport, fakeWatchers } from './fake-socket';

const GUI: OvosAddress = { host: '10.0.0.5', guiPort: 18181, busPort: 8181, handshake: 'gui' };
const NS = 'skill-long.test';

/** A decoder the test releases frame by frame, as the worker does (decode, then cut to the cap). */
function heldDecoder() {
	const held: { raw: string; release: () => void }[] = [];
	const offThread: OffThreadDecode = (raw) =>
		new Promise((resolve) => {
			held.push({
				raw,
				release: () => {
					const d = decode(raw);
					resolve(d.ok ? { ok: true, value: capMessage(d.value) } : d);
				}
			});
		});
	return { held, offThread };
}

function screen(offThread: OffThreadDecode) {
	const t = fakeTransport();
	const actor = createActor(connectionLogic({ transport: t.transport, watchers: fakeWatchers(() => true).watchers, offThread }), {
		input: { address: GUI, pageHost: '127.0.0.1', guiId: 'me' }
	});
	const notes: string[] = [];
	actor.on('*', (e: ConnectionEmitted) => {
		if (e.type === 'note') notes.push(e.what);
	});
	actor.start();
	const gui = t.last('gui')!;
	gui.open();
	gui.receive({ type: 'mycroft.session.list.insert', namespace: 'mycroft.system.active_skills', position: 0, data: [{ skill_id: NS }] });
	return { actor, gui, notes, model: () => actor.getSnapshot().context.model };
}

const items = (n: number, tag: string) => Array.from({ length: n }, (_, i) => ({ title: `${tag} ${i}`, subtitle: `line two of ${i}` }));
const set = (data: object) => ({ type: 'mycroft.session.set', namespace: NS, data });
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('big frames off the main thread', () => {
	it('hands only frames of OFF_THREAD_CHARS and more to the decoder', () => {
		const { held, offThread } = heldDecoder();
		const { gui, model } = screen(offThread);
		gui.receive(set({ title: 'small' }));
		expect(held).toEqual([]);
		expect(model().namespaces[NS]?.data.title).toBe('small');
		const big = JSON.stringify(set({ items: items(20_000, 'entry') }));
		expect(big.length).toBeGreaterThanOrEqual(OFF_THREAD_CHARS);
		gui.receive(big);
		expect(held.map((h) => h.raw)).toEqual([big]);
	});

	it('applies the decoded frame cut to the cap, and what came after it only after it, in order', async () => {
		const { held, offThread } = heldDecoder();
		const { gui, model, notes } = screen(offThread);
		gui.receive(set({ items: items(MAX_LIST_ROWS + 3000, 'first') }));
		gui.receive(set({ title: 'after the big one' }));
		gui.receive(set({ items: items(MAX_LIST_ROWS + 10, 'second') }));
		gui.receive(set({ title: 'last' }));
		gui.drop();
		await flush();
		// Nothing overtook the frame being decoded, not even the close.
		expect(model().namespaces[NS]!.data).toEqual({});
		expect(notes.some((n) => n.includes('closed'))).toBe(false);

		held[1]!.release(); // the second big frame is ready first: it still waits for the first
		await flush();
		expect(model().namespaces[NS]!.data).toEqual({});

		held[0]!.release();
		await flush();
		const ns = model().namespaces[NS]!;
		expect(ns.data.title).toBe('last');
		expect((ns.data.items as { title: string }[]).length).toBe(MAX_LIST_ROWS);
		expect((ns.data.items as { title: string }[])[0]!.title).toBe('second 0');
		expect(ns.cuts).toEqual({ items: MAX_LIST_ROWS + 10 });
		expect(notes.some((n) => n.includes('closed'))).toBe(true);
	});
});
