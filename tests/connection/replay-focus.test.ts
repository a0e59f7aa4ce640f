// Issue 23: ovos-gui replays a new GUI connection's pages but no page focus (spec §3.9). A page shown
// while a screen's socket was still opening (the kiosk loading) reached it only in the replay, as a
// second page of its namespace, and the screen stayed on page 0 — the page that was up before — for
// as long as the skill showed nothing else. The app server's copy of the screen heard the focus; the
// connection takes it once its replay is in, unless it heard a focus of its own meanwhile.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { connectionLogic, REPLAY_MS } from '../../src/lib/connection';
import type { OvosAddress } from '../../src/lib/protocol';
import { emptyNamespace, emptyState, shownPage, withFocus, type PageFocus, type ScreenState } from '../../src/lib/screen';
import { fakeTransport, fakeWatchers } from './fake-socket';

const GUI: OvosAddress = { host: '10.0.0.5', guiPort: 18181, busPort: 8181, handshake: 'gui', via: 'direct' };
const NS = 'skill-csp.test';
const AS = 'mycroft.system.active_skills';
const focusFrame = (number: number) => ({ type: 'mycroft.events.triggered', namespace: NS, event_name: 'page_gained_focus', data: { number } });

/** ovos-gui's `synchronize()` of one namespace that holds `pages` (spec §3.9): no focus in it. */
function replay(pages: string[]) {
	return [
		{ type: 'mycroft.session.list.insert', namespace: AS, position: 0, data: [{ skill_id: NS }] },
		{ type: 'mycroft.gui.list.insert', namespace: NS, position: 0, data: pages.map((page) => ({ url: null, page })) },
		{ type: 'mycroft.session.set', namespace: NS, data: { title: 'csp' } }
	];
}

function connect(focus?: () => Promise<PageFocus | null>) {
	const t = fakeTransport();
	const actor = createActor(connectionLogic({ transport: t.transport, watchers: fakeWatchers(() => true).watchers, focus }), {
		input: { address: GUI, pageHost: '10.0.0.5', guiId: 'me' }
	});
	const notes: string[] = [];
	actor.on('note', (e) => notes.push(e.what));
	actor.start();
	const shown = () => shownPage(actor.getSnapshot().context.model)?.page.name;
	return { t, actor, notes, shown };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('a page shown while the screen connects (issue 23)', () => {
	it('is shown: the replay puts it second and on page 0, the app server says it has the focus', async () => {
		// The skill showed SYSTEM_HtmlFrame (ovos-gui: page 1, focused) before this socket was accepted.
		const asked: number[] = [];
		const c = connect(async () => (asked.push(1), { [NS]: { number: 1, page: 'SYSTEM_HtmlFrame' } }));
		const gui = c.t.last('gui')!;
		gui.open();
		for (const f of replay(['SYSTEM_ImageFrame', 'SYSTEM_HtmlFrame'])) gui.receive(f);
		expect(c.shown()).toBe('SYSTEM_ImageFrame'); // all the replay can say (Qt shows this too)
		await vi.advanceTimersByTimeAsync(REPLAY_MS + 10);
		expect(asked).toHaveLength(1);
		expect(c.shown()).toBe('SYSTEM_HtmlFrame');
		expect(c.notes.some((n) => n.startsWith('page focus from the app server'))).toBe(true);
		c.actor.stop();
	});

	it('without anyone who heard the focus, stays on the replay\'s page 0 (ovos-gui tells no more)', async () => {
		const c = connect();
		const gui = c.t.last('gui')!;
		gui.open();
		for (const f of replay(['SYSTEM_ImageFrame', 'SYSTEM_HtmlFrame'])) gui.receive(f);
		await vi.advanceTimersByTimeAsync(REPLAY_MS + 10);
		expect(c.shown()).toBe('SYSTEM_ImageFrame');
		c.actor.stop();
	});

	it('a focus this connection heard itself is newer than the app server\'s word', async () => {
		let answer: (f: PageFocus) => void = () => {};
		const c = connect(() => new Promise((r) => (answer = r)));
		const gui = c.t.last('gui')!;
		gui.open();
		for (const f of replay(['SYSTEM_ImageFrame', 'SYSTEM_HtmlFrame'])) gui.receive(f);
		await vi.advanceTimersByTimeAsync(REPLAY_MS + 10);
		// The skill goes back to its first page while the answer is on its way.
		gui.receive(focusFrame(0));
		answer({ [NS]: { number: 1, page: 'SYSTEM_HtmlFrame' } });
		await vi.advanceTimersByTimeAsync(10);
		expect(c.shown()).toBe('SYSTEM_ImageFrame');
		c.actor.stop();
	});

	it('a word that names another page than the one at its index is not taken', async () => {
		const c = connect(async () => ({ [NS]: { number: 1, page: 'SYSTEM_TextFrame' }, 'skill-x': { number: 'one' } } as unknown as PageFocus));
		const gui = c.t.last('gui')!;
		gui.open();
		for (const f of replay(['SYSTEM_ImageFrame', 'SYSTEM_HtmlFrame'])) gui.receive(f);
		const problems = c.actor.getSnapshot().context.problems;
		await vi.advanceTimersByTimeAsync(REPLAY_MS + 10);
		expect(c.shown()).toBe('SYSTEM_ImageFrame');
		// skill-x is not on this screen: its entry is not even read.
		expect(c.actor.getSnapshot().context.problems).toBe(problems);
		c.actor.stop();
	});

	it('asks nothing when every namespace has one page (page 0 is the only choice)', async () => {
		const asked: number[] = [];
		const c = connect(async () => (asked.push(1), null));
		const gui = c.t.last('gui')!;
		gui.open();
		for (const f of replay(['SYSTEM_ImageFrame'])) gui.receive(f);
		await vi.advanceTimersByTimeAsync(REPLAY_MS + 10);
		expect(asked).toEqual([]);
		c.actor.stop();
	});

	it('a failed request leaves the replay as it is', async () => {
		const c = connect(() => Promise.reject(new Error('down')));
		const gui = c.t.last('gui')!;
		gui.open();
		for (const f of replay(['SYSTEM_ImageFrame', 'SYSTEM_HtmlFrame'])) gui.receive(f);
		await vi.advanceTimersByTimeAsync(REPLAY_MS + 10);
		expect(c.shown()).toBe('SYSTEM_ImageFrame');
		expect(c.actor.getSnapshot().status).toBe('active');
		c.actor.stop();
	});
});

describe('withFocus', () => {
	const two = (id: string): ScreenState => {
		const namespaces: Record<string, ScreenState['namespaces'][string]> = Object.create(null);
		Object.defineProperty(namespaces, id, { value: { ...emptyNamespace(), pages: [{ url: null, name: 'A' }, { url: null, name: 'B' }], pageTotal: 2, currentPage: 0 }, enumerable: true });
		return { ...emptyState(), stack: [id], stackTotal: 1, namespaces };
	};

	it('counts and skips an entry that is not a page number and name, and anything that is not a record', () => {
		const problems: string[] = [];
		const s = two('a');
		expect(withFocus(s, { a: { number: '1', page: 'B' } }, (p) => problems.push(p))).toBe(s);
		expect(withFocus(s, { a: { number: 1.5, page: 'B' } }, (p) => problems.push(p))).toBe(s);
		expect(withFocus(s, 'a', (p) => problems.push(p))).toBe(s);
		expect(withFocus(s, null, (p) => problems.push(p))).toBe(s);
		expect(problems).toHaveLength(2);
	});

	it('keeps a namespace called __proto__ plain data', () => {
		const s = withFocus(two('__proto__'), JSON.parse('{"__proto__": {"number": 1, "page": "B"}}'));
		expect(Object.hasOwn(s.namespaces, '__proto__')).toBe(true);
		expect(s.namespaces['__proto__']?.currentPage).toBe(1);
		expect(shownPage(s)?.page.name).toBe('B');
	});
});
