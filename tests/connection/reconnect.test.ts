import { afterEach, describe, expect, it } from 'vitest';
import { busMessage } from '../../src/lib/protocol';
import { toCanonical } from '../../src/lib/protocol';
import { startSimulator, type Simulator } from '../../simulator';
import { liveScreen, until } from '../support/live-screen';

let sims: Simulator[] = [];
let screens: ReturnType<typeof liveScreen>[] = [];
afterEach(async () => {
	for (const s of screens) s.stop();
	for (const s of sims) await s.stop();
	sims = [];
	screens = [];
});

async function sim(busPort = 0, guiPort = 0, syncLagMs = 0) {
	const s = await startSimulator({ busPort, guiPort, skills: false, log: false, syncLagMs });
	sims.push(s);
	return s;
}

function showText(s: Simulator, skill: string, text: string) {
	s.emit(busMessage('gui.value.set', { __from: skill, text, title: 'T' }));
	s.emit(busMessage('gui.page.show', { __from: skill, page_names: ['SYSTEM_TextFrame'], index: 0, __idle: true }));
}

describe.each(['gui', 'full'] as const)('over real sockets, %s mode', (handshake) => {
	it('mirrors the server, and after the whole stack restarts shows the replayed state with no duplicates', async () => {
		const first = await sim();
		const screen = liveScreen({ host: '127.0.0.1', guiPort: first.guiPort, busPort: first.busPort, handshake, via: 'direct' });
		screens.push(screen);
		await until(screen.isLive);
		showText(first, 'skill-a', 'one');
		showText(first, 'skill-b', 'two');
		await until(() => screen.model().stack.length === 2);
		expect(toCanonical(screen.model())).toBe(first.canonical());

		const { busPort, guiPort } = first;
		await first.stop();
		await until(() => !screen.isLive());
		const second = await sim(busPort, guiPort);
		showText(second, 'skill-c', 'three');
		await until(screen.isLive);
		await until(() => screen.model().stack.length === 1);
		// Nothing of the old server survives, nothing is doubled.
		expect(toCanonical(screen.model())).toBe(second.canonical());
		expect(screen.model().stack).toEqual(['skill-c']);
	});
});

describe("ovos-gui's replay race", () => {
	it('a page shown between a new connection joining and its replay is held once, as ovos-gui holds it', async () => {
		// ovos-gui adds the socket to its clients, then replays without the lock its shows take.
		const s = await sim(0, 0, 200);
		const screen = liveScreen({ host: '127.0.0.1', guiPort: s.guiPort, busPort: s.busPort, handshake: 'gui', via: 'direct' });
		screens.push(screen);
		await until(() => s.guiClients() === 1);
		showText(s, 'skill-a', 'shown as the screen connects');
		await until(() => screen.frames.filter((f) => f.raw.includes('"mycroft.gui.list.insert"')).length === 2);
		// The race happened: the live insert, then the replay's insert of the same page.
		expect(screen.frames.filter((f) => f.dir === 'in' && f.raw.includes('mycroft.session.list.insert')).length).toBe(2);
		expect(toCanonical(screen.model())).toBe(s.canonical());
		expect(screen.model().namespaces['skill-a']?.pages).toHaveLength(1);
		// Later indices are the server's: a second page goes in at 1 and is focused there.
		s.emit(busMessage('gui.page.show', { __from: 'skill-a', page_names: ['SYSTEM_TextFrame', 'SYSTEM_ImageFrame'], index: 1, __idle: true }));
		await until(() => screen.model().namespaces['skill-a']?.currentPage === 1);
		expect(toCanonical(screen.model())).toBe(s.canonical());
	});
});

describe('a screen with no server', () => {
	it('keeps retrying and goes live as soon as ovos-gui appears', async () => {
		const probe = await sim();
		const { busPort, guiPort } = probe;
		await probe.stop();
		sims = [];
		const screen = liveScreen({ host: '127.0.0.1', guiPort, busPort, handshake: 'gui', via: 'direct' });
		screens.push(screen);
		await new Promise((r) => setTimeout(r, 1200));
		expect(screen.isLive()).toBe(false);
		await sim(busPort, guiPort);
		await until(screen.isLive, 3000);
	});
});
