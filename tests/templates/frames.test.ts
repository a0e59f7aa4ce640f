/**
 * Every frame the screen makes, found by rendering every page the registry knows (each SYSTEM
 * template, each skill page in its namespace, and a page of our own it does not know) on both
 * screens, with every key it reads pointing at a web page and each of OCP's player backends: a web
 * page is never framed with its script, nothing is framed with this app's origin, and script runs
 * only in the holder of skill HTML (docs/security.md, "Frames and web media"; the browser test
 * e2e/hardening.spec.ts proves the same against the device's bus and ovos-gui).
 */
import { render } from 'svelte/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Json } from '../../src/lib/protocol';
import Template from '../../src/lib/templates/Template.svelte';
import { SKILL_FRAME_HOLDER, SKILL_HTML_SANDBOX, WEB_PAGE_SANDBOX } from '../../src/lib/templates/frame';
import { preloadTemplates, registeredPages } from '../../src/lib/templates/registry';

beforeAll(preloadTemplates, 60_000);

/** A page on another address of the device's machine: what a skill or a media search may name. */
const PAGE = 'http://127.0.0.5:8099/attack.html';
const HTML = `<p>skill</p><iframe src="${PAGE}"></iframe><script>location.href = '${PAGE}'</script>`;
const BACKENDS = [null, 'OVOSSyncPlayer', 'OVOSVideoPlayerQtAv', 'OVOSWebPlayer'];

/** Every key reads as the page's address (lists and objects as one entry holding it), but `html` and `playerBackend`. */
function everyKeyThePage(backend: string | null): Readonly<Record<string, Json>> {
	const own: Record<string, Json> = { html: HTML, ...(backend ? { playerBackend: backend } : {}) };
	const entry = { url: PAGE, uri: PAGE, image: PAGE, src: PAGE, href: PAGE, link: PAGE };
	const value = (key: string): Json => (Object.hasOwn(own, key) ? own[key]! : /model|list|items|data|cards|rows/i.test(key) ? { data: [entry], items: [entry] } : PAGE);
	const keys = ['url', 'uri', 'html', 'image', 'media_uri', 'resourceLocation', 'resource_url', 'playerBackend'];
	return new Proxy({} as Record<string, Json>, {
		get: (_, k) => (typeof k === 'string' ? value(k) : undefined),
		has: (_, k) => typeof k === 'string',
		ownKeys: () => keys,
		getOwnPropertyDescriptor: (_, k) => (typeof k === 'string' ? { value: value(k), enumerable: true, configurable: true, writable: false } : undefined)
	});
}

interface Framed {
	readonly where: string;
	readonly tag: string;
	readonly attrs: Readonly<Record<string, string>>;
}

const DOCUMENT_TAGS = /<(iframe|frame|frameset|object|embed|portal|fencedframe)\b([^>]*)>/gi;

function framesIn(html: string, where: string): Framed[] {
	return [...html.matchAll(DOCUMENT_TAGS)].map((m) => ({
		where,
		tag: m[1]!.toLowerCase(),
		attrs: Object.fromEntries([...m[2]!.matchAll(/\s([\w-]+)(?:="([^"]*)")?/g)].map((a) => [a[1]!.toLowerCase(), (a[2] ?? '').replace(/&amp;/g, '&')]))
	}));
}

function renderEverything(): Framed[] {
	const pages = [...registeredPages(), { namespace: 'skill-own.test', page: 'OwnPage' }];
	const found: Framed[] = [];
	for (const { namespace, page } of pages) {
		for (const mode of ['kiosk', 'remote'] as const) {
			for (const backend of BACKENDS) {
				const ns = namespace ?? 'skill-any.test';
				const props = { data: everyKeyThePage(backend), namespace: ns, page: { name: page, url: null }, send: () => true, mode, media: { mediaBase: '/media' }, events: {} };
				found.push(...framesIn(render(Template, { props }).body, `${ns}/${page} ${mode} ${backend ?? '-'}`));
			}
		}
	}
	return found;
}

describe('every frame the screen makes', () => {
	let frames: Framed[] = [];
	beforeAll(() => {
		frames = renderEverything();
	});

	it('are found where the registry says pages frame: skill HTML, web pages, the OCP web player on the device', () => {
		const framers = new Set(frames.map((f) => f.where.replace(/ (OVOS\w+|-)$/, '')));
		expect(framers).toContain('skill-any.test/SYSTEM_HtmlFrame kiosk');
		expect(framers).toContain('skill-any.test/SYSTEM_UrlFrame remote');
		expect(framers).toContain('ovos.common_play/PlayerLoader kiosk');
	});

	it('are iframes, each sandboxed without same-origin, popups or top navigation', () => {
		for (const f of frames) {
			expect(f.tag, f.where).toBe('iframe');
			expect(f.attrs.srcdoc, f.where).toBeUndefined();
			expect(f.attrs.sandbox, f.where).toBeDefined();
			expect(f.attrs.sandbox, f.where).not.toMatch(/allow-(same-origin|popups|top-navigation|modals|presentation|downloads)/);
		}
	});

	it('run script only in the holder of skill HTML: a web page is framed without its own', () => {
		for (const f of frames) {
			const tokens = f.attrs.sandbox!.split(/\s+/).filter(Boolean);
			if (f.attrs.src === SKILL_FRAME_HOLDER) expect(tokens, f.where).toEqual([SKILL_HTML_SANDBOX]);
			else {
				expect(f.attrs.src, f.where).toMatch(/^https?:\/\//);
				expect(tokens, f.where).not.toContain('allow-scripts');
				expect(tokens.every((t) => WEB_PAGE_SANDBOX.split(' ').includes(t)), f.where).toBe(true);
			}
		}
	});
});
