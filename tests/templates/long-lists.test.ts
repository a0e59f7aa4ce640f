/**
 * Every list-bearing page given the longest list the screen keeps (5,000 rows laid out
 * at once held the main thread for seconds) lays out a screenful, not the list: rendered as the
 * server's first paint, through the registry, with the cases bench:hostile measures in Chromium.
 * Each laid-out entry carries its index in the whole list and the list's length.
 */
import { render } from 'svelte/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_LIST_ROWS } from '../../src/lib/protocol';
import NamespaceCard from '../../src/lib/inspector/NamespaceCard.svelte';
import { MAX_PAGES } from '../../src/lib/screen';
import PageStack from '../../src/lib/screen-view/PageStack.svelte';
import Template from '../../src/lib/templates/Template.svelte';
import AppDrawer from '../../src/lib/templates/parts/home/AppDrawer.svelte';
import NotificationsPanel from '../../src/lib/templates/parts/home/NotificationsPanel.svelte';
import { INITIAL } from '../../src/lib/templates/parts/window-math';
import { preloadTemplates } from '../../src/lib/templates/registry';
import { readHome } from '../../src/lib/templates/skills/homescreen/read';
import { LONG_CASES } from '../support/long-lists';

beforeAll(preloadTemplates, 60_000);

const count = (s: string, sub: string) => s.split(sub).length - 1;

describe('long lists', () => {
	for (const c of LONG_CASES.filter((c) => c.entry && !c.path)) {
		it(`${c.name}: ${MAX_LIST_ROWS.toLocaleString('en')} entries lay out a screenful`, () => {
			const [name] = c.pages(1) as [string];
			const out = render(Template, { props: { data: c.data(MAX_LIST_ROWS), namespace: c.ns, page: { name, url: null }, send: () => true } }).body;
			const laidOut = [...out.matchAll(new RegExp(`>${c.entry}(\\d+)<`, 'g'))].map((m) => Number(m[1]));
			expect(laidOut[0]).toBe(0);
			expect(laidOut.length).toBeLessThanOrEqual(40);
			// The generic renderer reads the first 40 entries and says how many more there are; the rest are windowed.
			if (c.name.startsWith('generic')) return;
			const initial = c.initial ?? INITIAL;
			expect(laidOut).toEqual(Array.from({ length: initial }, (_, i) => i));
			expect(count(out, 'data-index=')).toBe(initial);
			expect(out).toContain(c.name === 'gui1_table' ? `aria-rowcount="${MAX_LIST_ROWS + 1}"` : `aria-setsize="${MAX_LIST_ROWS}"`);
		});
	}

	it(`a namespace of ${MAX_PAGES.toLocaleString('en')} pages (the most it keeps) has a few page dots, the shown page's among them`, () => {
		const pages = Array.from({ length: MAX_PAGES }, (_, i) => ({ name: `page_${i}`, url: null }));
		const dots = (at: number) => {
			const out = render(PageStack, { props: { namespace: 'skill-pages.test', pages, serverIndex: at, data: {}, send: () => true, sendBus: () => true } }).body;
			return [...out.matchAll(new RegExp(`aria-label="Page (\\d+) of ${MAX_PAGES}"`, 'g'))].map((m) => Number(m[1]));
		};
		expect(dots(0)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
		expect(dots(500)).toEqual([497, 498, 499, 500, 501, 502, 503, 504, 505]);
		expect(dots(MAX_PAGES - 1)).toContain(MAX_PAGES);
	});
});

describe('the dashboard', () => {
	it(`lists a namespace's ${MAX_PAGES.toLocaleString('en')} kept pages a hundred at a time, its current page always, and how many the server sent`, () => {
		const pages = Array.from({ length: MAX_PAGES }, (_, i) => ({ name: `page_${i}`, url: null }));
		const props = { id: 'skill-pages.test', index: 0, front: true, onScreen: true, previewing: false, changed: new Set<string>(), stamp: 0, onpreview: () => {} };
		const out = render(NamespaceCard, { props: { ...props, ns: { pages, pageTotal: 100_000, currentPage: 432, data: {}, events: {}, cuts: {} } } }).body;
		expect(count(out, '>page_')).toBe(101);
		expect(out).toContain('>page_99<');
		expect(out).not.toContain('>page_100<');
		expect(out).toContain('>page_432<');
		expect(out).toContain(`show 100 more (${(MAX_PAGES - 100).toLocaleString('en')} not shown)`);
		expect(out).toContain(`the screen keeps the first ${MAX_PAGES.toLocaleString('en')} of the 100,000 pages sent`);
	});

	it('says nothing of a cut when every page the server sent is kept', () => {
		const props = { id: 'skill-pages.test', index: 0, front: true, onScreen: true, previewing: false, changed: new Set<string>(), stamp: 0, onpreview: () => {} };
		const out = render(NamespaceCard, { props: { ...props, ns: { pages: [{ name: 'p', url: null }], pageTotal: 1, currentPage: 0, data: {}, events: {}, cuts: {} } } }).body;
		expect(out).not.toContain('pages-cut');
	});
});

describe("the home screen's drawers", () => {
	const home = LONG_CASES.find((c) => c.name === 'home_idle')!;
	const model = readHome(home.data(MAX_LIST_ROWS), {}, undefined);
	it(`lay out a screenful of ${MAX_LIST_ROWS.toLocaleString('en')} apps and of as many notifications`, () => {
		const apps = render(AppDrawer, { props: { apps: model.apps, bus: undefined, onclose: () => {} } }).body;
		expect(count(apps, 'data-index=')).toBe(INITIAL);
		expect(apps).toContain(`aria-setsize="${MAX_LIST_ROWS}"`);
		const notes = render(NotificationsPanel, { props: { items: model.notifications.items, bus: undefined, onclose: () => {} } }).body;
		expect(count(notes, 'data-index=')).toBe(INITIAL);
		expect(notes).toContain('>note 0<');
		expect(notes).not.toContain(`>note ${INITIAL}<`);
	});
});
