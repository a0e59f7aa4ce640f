/**
 * Every template rendered (server-side) from its data keys and defaults
 * (docs/skill-pages.md#the-system-templates), the registry's
 * name mapping, and a source check that no component renders wire data as HTML.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render } from 'svelte/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Json } from '../../src/lib/protocol';
import Template from '../../src/lib/templates/Template.svelte';
import GenericPage from '../../src/lib/templates/generic/GenericPage.svelte';
import { componentFor, loadComponent, preloadTemplates } from '../../src/lib/templates/registry';

// Templates are fetched on first use; server-side rendering needs them loaded first.
beforeAll(preloadTemplates, 60_000);

function html(name: string, data: Record<string, Json>, extra: Record<string, unknown> = {}): string {
	const props = { data, namespace: 'skill-x.test', page: { name, url: null }, send: () => true, ...extra };
	return render(Template, { props }).body;
}

describe('templates render their keys', () => {
	it('TextFrame: title and text; a null title draws no heading', () => {
		const out = html('SYSTEM_TextFrame', { text: 'Sunny', title: 'Weather' });
		expect(out).toContain('>Weather</h1>');
		expect(out).toContain('Sunny</p>');
		expect(html('SYSTEM_TextFrame', { text: 'x', title: null })).not.toContain('<h1');
	});
	it('ImageFrame: image, title, caption, fill, background_color', () => {
		const out = html('SYSTEM_ImageFrame', { image: 'https://h/i.png', title: 'T', caption: 'C', fill: 'PreserveAspectCrop', background_color: '#80112233' });
		expect(out).toContain('src="https://h/i.png"');
		expect(out).toContain('object-fit: cover');
		expect(out).toMatch(/background: #11223380/);
		expect(out).toContain('>T</h1>');
		expect(out).toContain('C</p>');
		// Unset fill: contain, not Qt's stretch.
		expect(html('SYSTEM_ImageFrame', { image: 'https://h/i.png' })).toContain('object-fit: contain');
	});
	it('ImageFrame: a device path on a remote screen says it is unreachable', () => {
		const out = html('SYSTEM_ImageFrame', { image: '/home/ovos/a.png' }, { media: { mediaBase: null } });
		expect(out).toContain('Image not reachable from this screen');
		expect(out).not.toContain('<img');
		expect(html('SYSTEM_ImageFrame', { image: '/home/ovos/a.png' }, { media: { mediaBase: '/media' } })).toContain('src="/media/home/ovos/a.png"');
	});
	it('AnimatedImageFrame: same keys, marked animated', () => {
		expect(html('SYSTEM_AnimatedImageFrame', { image: 'https://h/a.gif', caption: 'Boil' })).toMatch(/data-animated="true"[\s\S]*Boil/);
	});
	it('HtmlFrame: its holder in a scripts-only sandbox (the document is posted to it); empty html shows a placeholder', () => {
		const out = html('SYSTEM_HtmlFrame', { html: '<h1>Hi</h1>', resourceLocation: 'http://h/' });
		expect(out).toMatch(/<iframe[^>]* sandbox="allow-scripts"[^>]* src="\/skill-frame.html"/);
		// Nothing of the skill's HTML is in the page itself.
		expect(out).not.toContain('Hi</h1>');
		expect(out).not.toContain('srcdoc');
		expect(html('SYSTEM_HtmlFrame', { html: null })).toContain('No content yet');
	});
	it('UrlFrame: http(s) framed without same-origin or script; other schemes refused visibly', () => {
		const ok = html('SYSTEM_UrlFrame', { url: 'https://example.org/' });
		expect(ok).toContain('src="https://example.org/"');
		expect(ok).toContain('sandbox="allow-forms"');
		const bad = html('SYSTEM_UrlFrame', { url: 'javascript:alert(1)' });
		expect(bad).not.toContain('<iframe');
		expect(bad).toContain('This web page is not shown');
	});
	it('Loading and Status: label; status Enabled/Disabled', () => {
		expect(html('SYSTEM_Loading', { label: 'Loading…' })).toContain('Loading…</h1>');
		expect(html('SYSTEM_Status', { status: 'Enabled', label: 'Done' })).toMatch(/data-outcome="success"[\s\S]*Done/);
		expect(html('SYSTEM_Status', { status: 'Disabled', label: 'No' })).toContain('data-outcome="failure"');
	});
	it('Face: sleeping', () => {
		expect(html('SYSTEM_Face', { sleeping: false })).toContain('Face, awake');
		expect(html('SYSTEM_Face', { sleeping: true })).toContain('Face, asleep');
		expect(html('SYSTEM_Face', {})).toContain('Face, awake');
	});
	it('InputBox: title, placeholder, default button texts', () => {
		const out = html('SYSTEM_InputBox', { title: 'Name?', placeholder: 'pasta', confirm_text: null });
		expect(out).toContain('Name?</h1>');
		expect(out).toContain('placeholder="pasta"');
		expect(out).toContain('>Confirm</button>');
		expect(out).toContain('>Exit</button>');
	});
	it('an unknown page with nothing readable shows namespace, page, url and data on /, a quiet card in kiosk mode', () => {
		// Readable data is shown from what it holds (generic.test.ts); a bool alone is not.
		const out = html('weather_forecast', { raining: true });
		expect(out).toContain('No template for this page');
		expect(out).toContain('weather_forecast</h1>');
		expect(out).toContain('skill-x.test');
		expect(out).toContain('data-data-key="raining">true</dd>');
		const kiosk = html('weather_forecast', { raining: true }, { mode: 'kiosk' });
		expect(kiosk).toContain('can’t be shown on this screen');
		expect(kiosk).not.toContain('raining');
	});
});

describe('registry', () => {
	it('maps legacy, OVOS-GUI-1 and adapter names to the same component', async () => {
		const text = await loadComponent({ name: 'SYSTEM_TextFrame', url: '/x/SYSTEM_TextFrame.qml' }, 'skill');
		expect(componentFor({ name: 'SYSTEM_TextFrame', url: '/x/SYSTEM_TextFrame.qml' }, 'skill')).toBe(text);
		expect(componentFor({ name: 'SYSTEM_text', url: null }, 'skill')).toBe(text);
		expect(componentFor({ name: 'Image.qml', url: 'SYSTEM:Image.qml' }, 'skill')).toBe(await loadComponent({ name: 'SYSTEM_ImageFrame', url: null }, 'skill'));
		expect(text).not.toBe(componentFor({ name: 'SYSTEM_ImageFrame', url: null }, 'skill'));
		expect(componentFor({ name: 'idle', url: null }, 'skill')).toBe(GenericPage);
	});
});

describe('no wire data as HTML', () => {
	it('no component uses {@html}', () => {
		for (const dir of ['src/lib/templates', 'src/lib/screen-view']) {
			// Every folder below too (system/, skills/<skill>/, gui1/, parts/).
			const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((n) => n.endsWith('.svelte'));
			expect(files.length).toBeGreaterThan(0);
			for (const f of files) expect(readFileSync(join(dir, f), 'utf8'), f).not.toContain('{@html');
		}
	});
});

