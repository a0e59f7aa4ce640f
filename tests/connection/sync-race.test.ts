// Issue 23.1: ovos-gui replays a new GUI connection without the lock its live changes take. The
// screen's model must end equal to ovos-gui's own whatever lands in the replay: a property over
// interleaved shows, clears, data, replay steps and reconnects, against a small model of ovos-gui
// (namespace.py + bus.py: the stack, pages appended once, persistence culls, the replay walking
// the live stack by index), driving the real connection actor over a fake socket. The page each
// namespace is on too: the replay carries no focus, which the app server's copy of the screen (here
// one that heard every focus) gives a new connection (issue 23).
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { connectionLogic, REPLAY_MS } from '../../src/lib/connection';
import type { OvosAddress } from '../../src/lib/protocol';
import type { PageFocus, ScreenState } from '../../src/lib/screen';
import { fakeTransport, fakeWatchers, type FakeSocket } from './fake-socket';

const AS = 'mycroft.system.active_skills';
const GUI: OvosAddress = { host: '10.0.0.5', guiPort: 18181, busPort: 8181, handshake: 'gui', via: 'direct' };

interface Ns {
	readonly id: string;
	pages: string[];
	/** `page_number`: the page a focus put it on. */
	page: number;
	data: Map<string, number>;
	persistent: boolean;
}

type Frame = Record<string, unknown>;

/** ovos-gui 1.3.4's NamespaceManager and GUI socket, as far as the race needs them. */
class OvosGui {
	readonly active: Ns[] = [];
	readonly loaded = new Map<string, Ns>();
	/** Connected sockets, each with the index its replay has reached (null: replayed). */
	readonly clients = new Map<FakeSocket, { next: number } | null>();

	#send(frame: Frame): void {
		for (const c of this.clients.keys()) c.receive(frame);
	}
	#ns(id: string): Ns {
		let ns = this.loaded.get(id);
		if (!ns) this.loaded.set(id, (ns = { id, pages: [], page: 0, data: new Map(), persistent: false }));
		return ns;
	}

	/** `open()`: joins the clients (live frames reach it), its replay runs later, step by step. */
	join(c: FakeSocket): void {
		c.open();
		this.clients.set(c, { next: 0 });
	}
	leave(c: FakeSocket): void {
		this.clients.delete(c);
	}
	/** One namespace of `synchronize()`: Python's `for` over the live list, by index. */
	step(c: FakeSocket): boolean {
		const cursor = this.clients.get(c);
		if (!cursor) return false;
		const ns = this.active[cursor.next];
		if (!ns) {
			this.clients.set(c, null);
			return false;
		}
		c.receive({ type: 'mycroft.session.list.insert', namespace: AS, position: cursor.next, data: [{ skill_id: ns.id }] });
		c.receive({ type: 'mycroft.gui.list.insert', namespace: ns.id, position: 0, data: ns.pages.map((page) => ({ url: null, page })) });
		for (const [key, value] of ns.data) c.receive({ type: 'mycroft.session.set', namespace: ns.id, data: { [key]: value } });
		cursor.next++;
		return true;
	}

	/**
	 * `gui.page.show`. `cutBy`: a client whose replay reads the stack `reads` more times between
	 * the activation's frame and its change of the list (`Namespace.add()` / `.activate()` send
	 * before `_activate_namespace` moves the list; the replay thread runs in between).
	 */
	show(id: string, pages: string[], persistent: boolean, cutBy?: { client: FakeSocket; reads: number }): void {
		if (this.active[0]?.id !== id) this.#activate(id, cutBy);
		const ns = this.active[0] as Ns;
		// Checked against the pages held before the request: a name the request repeats is appended twice.
		const held = [...ns.pages];
		const fresh = pages.filter((p) => !held.includes(p));
		const position = ns.pages.length;
		ns.pages.push(...fresh);
		if (fresh.length > 0) this.#send({ type: 'mycroft.gui.list.insert', namespace: id, position, data: fresh.map((page) => ({ url: null, page })) });
		ns.page = ns.pages.indexOf(pages[0] as string);
		this.#send({ type: 'mycroft.events.triggered', namespace: id, event_name: 'page_gained_focus', data: { number: ns.page } });
		// `_update_namespace_persistence`: culls every non-persistent namespace below the top, walking
		// the list it removes from (the one after a removal is skipped, as in Python).
		for (let idx = 0; idx < this.active.length; idx++) {
			const n = this.active[idx] as Ns;
			if (idx === 0) n.persistent = persistent;
			else if (!n.persistent) this.remove(n.id);
		}
	}
	#activate(id: string, cutBy?: { client: FakeSocket; reads: number }): void {
		const ns = this.#ns(id);
		const position = this.active.indexOf(ns);
		const cut = () => {
			for (let i = 0; cutBy && i < cutBy.reads; i++) this.step(cutBy.client);
		};
		if (position >= 0) {
			this.#send({ type: 'mycroft.session.list.move', namespace: AS, from: position, to: 0, items_number: 1 });
			cut();
			this.active.unshift(...this.active.splice(position, 1));
		} else {
			this.#send({ type: 'mycroft.session.list.insert', namespace: AS, position: 0, data: [{ skill_id: id }] });
			cut();
			this.active.unshift(ns);
			for (const [key, value] of ns.data) this.#send({ type: 'mycroft.session.set', namespace: id, data: { [key]: value } });
		}
	}
	remove(id: string): void {
		const ns = this.loaded.get(id);
		const position = ns ? this.active.indexOf(ns) : -1;
		if (!ns || position < 0) return;
		for (const key of ns.data.keys()) this.#send({ type: 'mycroft.session.delete', namespace: id, property: key });
		this.#send({ type: 'mycroft.session.list.remove', namespace: AS, position, items_number: 1 });
		ns.pages = [];
		ns.page = 0;
		ns.data = new Map();
		this.active.splice(position, 1);
	}
	set(id: string, key: string, value: number): void {
		const ns = this.#ns(id);
		if (ns.data.get(key) === value) return;
		ns.data.set(key, value);
		if (this.active.includes(ns)) this.#send({ type: 'mycroft.session.set', namespace: id, data: { [key]: value } });
	}

	/** What a client mirrors: the stack, each namespace's pages, the one it is on, and its data. */
	view(): string {
		return JSON.stringify(this.active.map((ns) => [ns.id, ns.pages, ns.pages[ns.page] ?? null, Object.fromEntries([...ns.data].sort())]));
	}

	/** What the app server's copy of the screen, connected all along, heard each namespace focused on. */
	focus(): PageFocus {
		return Object.fromEntries(this.active.filter((ns) => ns.pages[ns.page] !== undefined).map((ns) => [ns.id, { number: ns.page, page: ns.pages[ns.page] as string }]));
	}
}

function viewOf(m: ScreenState): string {
	return JSON.stringify(
		m.stack.map((id) => {
			const ns = m.namespaces[id]!;
			return [id, ns.pages.map((p) => p.name), ns.currentPage === null ? null : (ns.pages[ns.currentPage]?.name ?? null), Object.fromEntries(Object.entries(ns.data).sort())];
		})
	);
}

type Command =
	| { do: 'show'; ns: number; pages: string[]; persistent: boolean; reads?: number }
	| { do: 'clear'; ns: number }
	| { do: 'set'; ns: number; key: string; value: number }
	| { do: 'step' }
	| { do: 'reconnect' }
	| { do: 'settle' };

// The first four are the property's; the rest make a stack as deep as the one seen on a device.
const NS = ['skill-a', 'skill-b', 'skill-c', 'skill-d', 'skill-e', 'skill-f', 'skill-g'];
const command: fc.Arbitrary<Command> = fc.oneof(
	{ weight: 4, arbitrary: fc.record({ do: fc.constant('show' as const), ns: fc.nat(3), pages: fc.array(fc.constantFrom('p0', 'p1', 'p2'), { minLength: 1, maxLength: 3 }), persistent: fc.boolean() }) },
	// A show whose activation the replay cuts into: one read of the stack (the usual race), or more.
	{
		weight: 2,
		arbitrary: fc.record({ do: fc.constant('show' as const), ns: fc.nat(3), pages: fc.array(fc.constantFrom('p0', 'p1'), { minLength: 1, maxLength: 2 }), persistent: fc.boolean(), reads: fc.integer({ min: 1, max: 3 }) })
	},
	{ weight: 1, arbitrary: fc.record({ do: fc.constant('clear' as const), ns: fc.nat(3) }) },
	{ weight: 2, arbitrary: fc.record({ do: fc.constant('set' as const), ns: fc.nat(3), key: fc.constantFrom('k0', 'k1'), value: fc.nat(3) }) },
	{ weight: 4, arbitrary: fc.constant({ do: 'step' as const }) },
	{ weight: 1, arbitrary: fc.constant({ do: 'reconnect' as const }) },
	{ weight: 1, arbitrary: fc.constant({ do: 'settle' as const }) }
);

/** Runs a schedule against the actor; returns the client's and the server's view at the end. */
async function play(commands: readonly Command[]): Promise<{ client: string; server: string; resyncs: number }> {
	const t = fakeTransport();
	const server = new OvosGui();
	const actor = createActor(connectionLogic({ transport: t.transport, watchers: fakeWatchers(() => true).watchers, focus: async () => server.focus() }), {
		input: { address: GUI, pageHost: '10.0.0.5', guiId: 'me' }
	});
	let resyncs = 0;
	actor.on('note', (e) => e.what.startsWith('replay not trusted') && resyncs++);
	actor.start();
	const accepted = new Set<FakeSocket>();
	const acceptNew = () => {
		for (const s of t.sockets) if (!accepted.has(s) && s.readyState === 0) (accepted.add(s), server.join(s));
		for (const s of server.clients.keys()) if (s.readyState !== 1) server.leave(s);
	};
	const current = () => [...server.clients.keys()].at(-1);
	/** Replays finish, time passes: reconnects and clean replays happen, each replayed at once. */
	const settle = async () => {
		for (let i = 0; i < 20; i++) {
			acceptNew();
			for (const c of server.clients.keys()) while (server.step(c));
			await vi.advanceTimersByTimeAsync(REPLAY_MS + 400);
		}
	};
	acceptNew();
	for (const c of commands) {
		const id = NS[(c as { ns?: number }).ns ?? 0] as string;
		if (c.do === 'show') {
			const s = current();
			server.show(id, c.pages, c.persistent, c.reads && s ? { client: s, reads: c.reads } : undefined);
		}
		else if (c.do === 'clear') server.remove(id);
		else if (c.do === 'set') server.set(id, c.key, c.value);
		else if (c.do === 'step') {
			const s = current();
			if (s) server.step(s);
		} else if (c.do === 'reconnect') {
			const s = current();
			if (s) (server.leave(s), s.drop());
			// The socket is back a moment later (the port answers); its replay waits for `step`s.
			await vi.advanceTimersByTimeAsync(2000);
			acceptNew();
		} else await settle();
	}
	await settle();
	const result = { client: viewOf(actor.getSnapshot().context.model), server: server.view(), resyncs };
	actor.stop();
	return result;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("ovos-gui's replay race: the screen ends equal to ovos-gui (issue 23.1)", () => {
	it('the race seen on a device: the show lands before the replay, which sends the namespace and its page again', async () => {
		const r = await play([{ do: 'show', ns: 0, pages: ['p0'], persistent: false }, { do: 'step' }, { do: 'step' }]);
		expect(r.client).toBe(r.server);
		expect(r.resyncs).toBe(0); // duplicates alone need no second replay
	});

	it('a namespace moved to the top before the replay reached it is replayed again, cleanly', async () => {
		const r = await play([
			{ do: 'show', ns: 0, pages: ['p0'], persistent: true },
			{ do: 'show', ns: 1, pages: ['p0'], persistent: true },
			{ do: 'settle' },
			{ do: 'reconnect' },
			{ do: 'step' },
			// skill-a (at 1, not replayed yet) comes to the top: its move refers to an index the screen lacks
			{ do: 'show', ns: 0, pages: ['p1'], persistent: true },
			{ do: 'step' },
			{ do: 'step' }
		]);
		expect(r.client).toBe(r.server);
		expect(r.resyncs).toBe(1);
	});

	it('a new namespace shown as the replay reads the stack: the namespace read before the stack grew comes again one further on, and the screen ends in ovos-gui\'s order', async () => {
		// Six persistent namespaces; the screen reconnects; five are replayed when a seventh is shown.
		// Its insert at 0 goes out before ovos-gui's list grows, and the replay reads the sixth in
		// between: it sends the sixth at 5 (before the fifth, on the screen), then again at 6.
		const shows: Command[] = [0, 1, 2, 3, 4, 5].map((ns) => ({ do: 'show', ns, pages: ['idle'], persistent: true }));
		const steps: Command[] = Array.from({ length: 5 }, () => ({ do: 'step' }));
		const r = await play([...shows, { do: 'settle' }, { do: 'reconnect' }, ...steps, { do: 'show', ns: 6, pages: ['p0'], persistent: true, reads: 1 }, { do: 'step' }]);
		expect(r.client).toBe(r.server);
		expect(r.resyncs).toBe(0); // ovos-gui's order is known without a second replay
	});

	it('the replay reading the stack twice before it grew cannot be placed: a clean replay is asked for', async () => {
		const shows: Command[] = [0, 1, 2, 3, 4, 5].map((ns) => ({ do: 'show', ns, pages: ['idle'], persistent: true }));
		const steps: Command[] = Array.from({ length: 3 }, () => ({ do: 'step' }));
		const r = await play([...shows, { do: 'settle' }, { do: 'reconnect' }, ...steps, { do: 'show', ns: 6, pages: ['p0'], persistent: true, reads: 2 }, { do: 'step' }]);
		expect(r.client).toBe(r.server);
		expect(r.resyncs).toBe(1);
	});

	it('holds for any interleaving of shows, clears, data, replay steps and reconnects', async () => {
		await fc.assert(
			fc.asyncProperty(fc.array(command, { maxLength: 30 }), async (commands) => {
				const r = await play(commands);
				expect(r.client).toBe(r.server);
			}),
			{ numRuns: 150 }
		);
	});
});
