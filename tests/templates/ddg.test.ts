/** DuckDuckGo's `DuckDelegate`: `summary` over `imgLink`, under every id the skill has had. */
import { render } from 'svelte/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Json } from '../../src/lib/protocol';
import Template from '../../src/lib/templates/Template.svelte';
import { componentFor, fillsWidth, isRendered, preloadTemplates } from '../../src/lib/templates/registry';

beforeAll(preloadTemplates, 60_000);

function html(data: Record<string, Json>, extra: Record<string, unknown> = {}): string {
	const props = { data, namespace: 'ovos-skill-ddg.openvoiceos', page: { name: 'DuckDelegate', url: null }, send: () => true, ...extra };
	return render(Template, { props }).body;
}

describe('DuckDelegate', () => {
	it('is ours under the current and the older skill ids', () => {
		const page = { name: 'DuckDelegate', url: null };
		for (const ns of ['ovos-skill-ddg.openvoiceos', 'skill-ovos-ddg.openvoiceos', 'skill-ddg.jarbasai']) {
			expect(isRendered(page, ns), ns).toBe(true);
			expect(componentFor(page, ns)).toBe(componentFor(page, 'ovos-skill-ddg.openvoiceos'));
		}
		// A Mycroft.Delegate without fillWidth may sit beside another page on a wide screen.
		expect(fillsWidth(page, 'ovos-skill-ddg.openvoiceos')).toBe(false);
	});
	it('shows the summary as text over its picture', () => {
		const out = html({ summary: 'Paris is the <b>capital</b> of France.', imgLink: 'https://duckduckgo.com/i/paris.png' });
		expect(out).toContain('Paris is the &lt;b>capital&lt;/b> of France.');
		expect(out).not.toContain('<b>');
		expect(out).toMatch(/<img[^>]*src="https:\/\/duckduckgo.com\/i\/paris.png"[^>]*data-key="imgLink"/);
	});
	it('a device path goes through the media route, or says it is out of reach in the picture’s place', () => {
		expect(html({ summary: 's', imgLink: '/opt/ovos/logo.png' }, { media: { mediaBase: '/media' } })).toContain('src="/media/opt/ovos/logo.png"');
		const remote = html({ summary: 's', imgLink: '/opt/ovos/logo.png' }, { media: { mediaBase: null } });
		expect(remote).not.toContain('<img');
		expect(remote).toContain('Image not reachable from this screen');
		expect(remote).toContain('logo.png');
		expect(html({ summary: 's', imgLink: 'javascript:alert(1)' })).not.toContain('<img');
	});
	it('names its source; a short answer is set large, a long one pages', () => {
		const short = html({ summary: 'Paris is the capital and largest city of France.' });
		expect(short).toContain('>DuckDuckGo</span>');
		expect(short).toMatch(/class="summary fits short[^"]*"><p data-key="text">Paris is the capital/);
		expect(short).not.toContain('Next page');
		expect(html({ summary: 'x'.repeat(200) })).toContain('summary fits medium');
		expect(html({ summary: 'word '.repeat(120) })).toMatch(/class="pt summary/);
		expect(html({ summary: 's', title: 'Eiffel Tower' })).toContain('>Eiffel Tower</h1>');
	});
	it('missing or wrong-typed keys: a notice, never blank or thrown', () => {
		for (const v of [undefined, null, 3, {}, [], true, '  ']) {
			const data: Record<string, Json> = v === undefined ? {} : { summary: v, imgLink: v };
			const out = html(data);
			if (typeof v === 'number' || typeof v === 'boolean') expect(out).toContain(`data-key="text">${String(v)}</p>`);
			else expect(out).toContain('No answer text yet');
			expect(out).not.toMatch(/undefined|\[object Object\]|could not be shown/);
		}
	});
});
