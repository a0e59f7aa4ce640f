/**
 * Pages of skills we have no renderer for, shown from their data (docs/skill-pages.md#any-other-page).
 * The data is what real community skills send (each skill's Python and QML): the reader's
 * choice of card, then the rendered page, a page that holds nothing readable, markup in data, and
 * data far too big to lay out.
 */
import { render } from 'svelte/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Json, JsonObject } from '../../src/lib/protocol';
import Template from '../../src/lib/templates/Template.svelte';
import { MAX_ITEMS, label, readGeneric } from '../../src/lib/templates/generic/read';
import { preloadTemplates } from '../../src/lib/templates/registry';

beforeAll(preloadTemplates, 60_000);

function html(namespace: string, name: string, data: Record<string, Json>, extra: Record<string, unknown> = {}): string {
	return render(Template, { props: { data, namespace, page: { name, url: null }, send: () => true, ...extra } }).body;
}

/** Real shapes (skill @ commit : file, as each skill sends them). */
const SHAPES = {
	// ovos-skill-xkcd @382ca25 : __init__.py (imgLink, title, caption; ui/comic.qml)
	xkcd: { imgLink: 'https://imgs.xkcd.com/comics/standards.png', title: 'Standards', caption: 'Fortunately, the charging one has been solved now that we have all standardized on mini-USB.' },
	// ovos-skill-apod @0af8dd1 : __init__.py (imgLink + title, summary)
	apod: { imgLink: 'https://apod.nasa.gov/apod/image/2409/M31_1024.jpg', title: 'The Andromeda Galaxy', summary: 'The most distant object easily visible to the unaided eye is M31, the great Andromeda Galaxy.' },
	// ovos-skill-wolfie @d7369fb : __init__.py:96-105 (a local GIF)
	wolfie: { wolfram_image: '/tmp/what is the speed of light.gif' },
	// ovos-skill-color-picker @fa48cb9 : __init__.py:134-140
	color: { colorName: 'Dark Orange', colorHex: '#FF8C00', colorRGB: 'RGB: 255, 140, 0', textColor: '#000000' },
	// skill-ovos-timer @7fa2f1c : __init__.py:665-698 (activeTimers.timers[])
	timer: { activeTimers: { timers: [{ timerName: 'pasta', timeDelta: '4 minutes 3 seconds', percentRemaining: 0.4, timerID: 1 }, { timerName: 'eggs', timeDelta: '58 seconds', percentRemaining: 0.9, timerID: 2 }] }, activeTimerCount: 2 },
	// skill-ovos-notes @36cbc0b : AllNotes (allNotesModel.allNotes[])
	notes: { allNotesModel: { allNotes: [{ note_text: 'buy milk', note_number: 1, file_name: 'note1.txt' }, { note_text: 'call mum', note_number: 2, file_name: 'note2.txt' }] } },
	// skill-ovos-notes @36cbc0b : PersonalNote
	note: { noteNumber: 3, personalNoteText: 'Remember to water the plants on the balcony every second day, and the big fern in the living room once a week — it does not like wet feet, so let the soil dry between waterings.' },
	// a test skill's `time` page
	time: { time_string: '12:58', date_string: 'Wednesday, 30 September 2026' },
	// ovos-skill-parrot @cfedab3 : __init__.py:117 (a bool only)
	parrot: { running: true }
} satisfies Record<string, JsonObject>;

describe('the reader picks a card from the data', () => {
	it('an image key → a picture with its title, caption and summary', () => {
		expect(readGeneric(SHAPES.xkcd)).toMatchObject({ kind: 'image', key: 'imgLink', image: SHAPES.xkcd.imgLink, title: 'Standards', caption: SHAPES.xkcd.caption });
		expect(readGeneric(SHAPES.apod)).toMatchObject({ kind: 'image', title: 'The Andromeda Galaxy', summary: SHAPES.apod.summary });
		// A device path under an image-ish name, and an image file's address under any name.
		expect(readGeneric(SHAPES.wolfie)).toMatchObject({ kind: 'image', key: 'wolfram_image', image: '/tmp/what is the speed of light.gif' });
		expect(readGeneric({ result: 'https://h/answer.webp?s=1' })).toMatchObject({ kind: 'image', key: 'result' });
		// An address that is no picture is text.
		expect(readGeneric({ link: 'https://example.org/about' })).toMatchObject({ kind: 'fields' });
	});
	it('a list of objects, or one level down → a list named by its key', () => {
		const timers = readGeneric(SHAPES.timer);
		expect(timers).toMatchObject({ kind: 'list', key: 'activeTimers.timers', title: 'Active timers', total: 2 });
		expect(timers.kind === 'list' && timers.items).toEqual([
			{ primary: 'pasta', secondary: '4 minutes 3 seconds' },
			{ primary: 'eggs', secondary: '58 seconds' }
		]);
		const notes = readGeneric(SHAPES.notes);
		expect(notes).toMatchObject({ kind: 'list', title: 'All notes' });
		expect(notes.kind === 'list' && notes.items[0]).toEqual({ primary: 'buy milk', secondary: '1' });
		// A title key names the list.
		expect(readGeneric({ header: 'Groceries', entries: [{ main: 'milk' }] })).toMatchObject({ kind: 'list', title: 'Groceries' });
	});
	it('a #RRGGBB colour and strings → a colour card, the text colour the skill gave', () => {
		expect(readGeneric(SHAPES.color)).toEqual({
			kind: 'color',
			key: 'colorHex',
			background: '#FF8C00',
			ink: '#000000',
			lines: [
				{ key: 'colorName', label: 'Color name', value: 'Dark Orange' },
				{ key: 'colorRGB', label: 'Color RGB', value: 'RGB: 255, 140, 0' }
			]
		});
	});
	it('short strings and numbers → a titled card; a long string is its body', () => {
		expect(readGeneric(SHAPES.time)).toEqual({
			kind: 'fields',
			title: '',
			fields: [
				{ key: 'time_string', label: 'Time', value: '12:58' },
				{ key: 'date_string', label: 'Date', value: 'Wednesday, 30 September 2026' }
			],
			body: null
		});
		expect(readGeneric(SHAPES.note)).toMatchObject({ kind: 'fields', fields: [{ key: 'noteNumber', label: 'Note number', value: '3' }], body: { key: 'personalNoteText' } });
	});
	it('nothing readable → none (the fallback card)', () => {
		expect(readGeneric(SHAPES.parrot)).toEqual({ kind: 'none' });
		expect(readGeneric({})).toEqual({ kind: 'none' });
		expect(readGeneric({ a: null, b: [], c: {}, d: [true, false], e: '  ', __private: 'x' })).toEqual({ kind: 'none' });
	});
	it('key names read as labels', () => {
		expect(label('weather_temp')).toBe('Weather temp');
		expect(label('appstore_ovos_model')).toBe('Appstore ovos');
		expect(label('HTMLTitle')).toBe('HTML title');
	});
});

describe('the page renders it', () => {
	it('names the skill and shows the values (the time page a test skill sent)', () => {
		const out = html('skill-clock.test', 'time', SHAPES.time);
		expect(out).toContain('data-generic="fields"');
		expect(out).toMatch(/data-key="skill"[^>]*>Clock</);
		expect(out).toContain('>12:58</span>');
		expect(out).toContain('>Wednesday, 30 September 2026</dd>');
		expect(out).not.toContain('can’t be shown');
	});
	it('a picture page: the image, its title and caption', () => {
		const out = html('ovos-skill-xkcd.openvoiceos', 'comic_page', SHAPES.xkcd);
		expect(out).toContain(`src="${SHAPES.xkcd.imgLink}"`);
		expect(out).toContain('>Standards</h1>');
		expect(out).toContain('charging one has been solved');
		// A device path on a remote screen says it is out of reach; on the device it loads through /media.
		expect(html('x.test', 'p', SHAPES.wolfie, { media: { mediaBase: null } })).toContain('Image not reachable from this screen');
		expect(html('x.test', 'p', SHAPES.wolfie, { media: { mediaBase: '/media' } })).toContain('src="/media/tmp/what%20is%20the%20speed%20of%20light.gif"');
	});
	it('a colour page fills with the colour', () => {
		const out = html('ovos-skill-color-picker.krisgesling', 'palette', SHAPES.color);
		expect(out).toMatch(/style="background: #FF8C00; color: #000000;"/);
		expect(out).toContain('>Dark Orange</p>');
		expect(out).toMatch(/>Color picker</);
	});
	it('a list page: its entries', () => {
		const out = html('skill-ovos-notes.openvoiceos', 'AllNotes', SHAPES.notes);
		expect(out).toContain('>All notes</h1>');
		expect(out).toContain('>buy milk</p>');
		expect(out).toContain('>call mum</p>');
	});
	it('nothing readable keeps today’s fallback card', () => {
		expect(html('ovos-skill-parrot.test', 'cage', SHAPES.parrot, { mode: 'kiosk' })).toContain('can’t be shown on this screen');
		expect(html('ovos-skill-parrot.test', 'cage', SHAPES.parrot)).toContain('No template for this page');
	});
	it('markup in data is text, and a colour cannot carry other CSS', () => {
		const evil = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
		const out = html('skill-evil.test', 'p', { title: evil, note: evil, items: [{ title: evil }] });
		expect(out).not.toContain('<img src=x');
		expect(out).not.toContain('<script>alert');
		expect(out).toContain('&lt;img src=x');
		const css = html('skill-evil.test', 'p', { bg: '#fff;background:url(http://x)', name: 'x' });
		expect(css).not.toContain('url(http://x)"');
		expect(readGeneric({ bg: 'red;x', name: 'y' }).kind).toBe('fields');
	});
});

describe('caps', () => {
	it('a 5,000-row list lays out its first entries and says how many more', () => {
		const rows = Array.from({ length: 5000 }, (_, i) => ({ title: `entry ${i}` }));
		const view = readGeneric({ rows });
		expect(view.kind === 'list' && view.items.length).toBe(MAX_ITEMS);
		const out = html('skill-big.test', 'p', { rows });
		expect(out).toContain('>entry 0</p>');
		expect(out).not.toContain(`>entry ${MAX_ITEMS}</p>`);
		expect(out).toContain('+ 4,960 more');
	});
	it('a 10 MB string is read in a few milliseconds; of 100,000 keys, the first ones', () => {
		const huge = { text: 'x'.repeat(10_000_000) };
		readGeneric(huge); // compiled once
		const t0 = performance.now();
		const view = readGeneric(huge);
		expect(performance.now() - t0).toBeLessThan(50);
		expect(view.kind === 'fields' && view.body?.value.length).toBeLessThanOrEqual(1500);
		const many: Record<string, Json> = {};
		for (let i = 0; i < 100_000; i++) many[`k${i}`] = i;
		const fields = readGeneric(many);
		expect(fields.kind === 'fields' && fields.fields.map((f) => f.key)).toEqual(['k0', 'k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'k7']);
	});
});
