/**
 * The simulator plays the rest of a default install's skill pages
 * (docs/skill-pages.md#the-rest-of-a-default-install-and-popular-extras): each demo skill shows its page in its own namespace with the keys the real one
 * sends, checked on the wire through a real GUI socket; xkcd pages through its comics on the GUI
 * events the comic page sends.
 */
import { existsSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { busMessage, pageEvent, type Json } from '../../src/lib/protocol';
import { ManualClock, startSimulator, type Simulator } from '../../simulator';
import { DEMO_SCRIPT } from '../../simulator/demo';
import { GuiClient, until } from './helpers';

let sim: Simulator;
let clock: ManualClock;
let gui: GuiClient;

beforeEach(async () => {
	clock = new ManualClock(Date.UTC(2026, 2, 3, 14, 5, 55));
	sim = await startSimulator({ busPort: 0, guiPort: 0, clock, timeZone: 'UTC', log: false });
	gui = await GuiClient.connect(sim.guiUrl);
	await until(() => gui.state.stack.length > 0, 3000, 'homescreen on screen');
});
afterEach(async () => {
	gui.close();
	await sim.stop();
});

const data = (id: string): Readonly<Record<string, Json>> => gui.state.namespaces[id]?.data ?? {};
const page = (id: string) => {
	const n = gui.state.namespaces[id];
	return n && n.currentPage !== null ? n.pages[n.currentPage]?.name : undefined;
};
async function ask(text: string): Promise<void> {
	sim.emit(busMessage('recognizer_loop:utterance', { utterances: [text], lang: 'en-US' }, { session: { session_id: 'default' } }));
	for (let t = 0; t < 1000; t += 250) await clock.advance(250);
	await new Promise((r) => setTimeout(r, 20));
}
async function shows(id: string, name: string): Promise<void> {
	await until(() => gui.state.stack[0] === id && page(id) === name, 3000, `${id} ${name}`);
}

describe('demo skills of the long tail', () => {
	it('wolfie shows its answer picture as a local file, as the solver saves its GIF', async () => {
		await ask('what is the speed of light');
		await shows('ovos-skill-wolfie.openvoiceos', 'wolf');
		const path = data('ovos-skill-wolfie.openvoiceos').wolfram_image;
		expect(typeof path === 'string' && path.startsWith('/')).toBe(true);
		expect(existsSync(path as string)).toBe(true);
	});
	it('color-picker, parrot, local-media and notes show their pages with the real keys', async () => {
		await ask('show me the colour sky blue');
		await shows('ovos-skill-color-picker.krisgesling', 'single-color');
		expect(data('ovos-skill-color-picker.krisgesling')).toMatchObject({ colorName: 'Sky Blue', colorHex: '#87CEEB', colorRGB: 'RGB: 135, 206, 235', textColor: '#000000' });
		await ask('start parrot mode');
		await shows('ovos-skill-parrot.openvoiceos', 'parrot');
		expect(data('ovos-skill-parrot.openvoiceos').running).toBe(true);
		await ask('stop parrot');
		await until(() => !gui.state.stack.includes('ovos-skill-parrot.openvoiceos'), 3000, 'parrot released');
		await ask('open the file browser');
		await shows('ovos-skill-local-media.openvoiceos', 'Browser');
		await ask('show my notes');
		await shows('skill-ovos-notes.openvoiceos', 'AllNotes');
		expect(data('skill-ovos-notes.openvoiceos').allNotesModel).toMatchObject({ allNotes: [{ note_number: 1 }, { note_number: 2 }, { note_number: 3 }] });
	});
	it('xkcd pages through its comics on the comic page’s prev/next events', async () => {
		const XKCD = 'ovos-skill-xkcd.openvoiceos';
		await ask('show me an xkcd comic');
		await shows(XKCD, 'comic');
		expect(data(XKCD).title).toBe('Standards');
		gui.send(pageEvent(XKCD, 'skill-xkcd.jarbasskills.next', {}));
		await until(() => data(XKCD).title === 'Compiling', 3000, 'next comic');
		gui.send(pageEvent(XKCD, 'skill-xkcd.jarbasskills.prev', {}));
		await until(() => data(XKCD).title === 'Standards', 3000, 'previous comic');
	});
	it('the demo day says each of them', () => {
		const said = DEMO_SCRIPT.map((s) => s.utterance);
		for (const u of ['what is the speed of light', 'show me the colour sky blue', 'show me an xkcd comic', 'start parrot mode', 'open the file browser', 'show my notes']) expect(said).toContain(u);
	});
});
