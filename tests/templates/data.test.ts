import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cssColor, flag, list, num, objectFit, record, statusOutcome, text, truthy } from '../../src/lib/templates/data';
import { FRAME_CSP, frameUrl, htmlDocument, SKILL_FRAME_HOLDER } from '../../src/lib/templates/frame';
import { textOn } from '../../src/lib/templates/colors';

describe('data readers', () => {
	it('treat null and missing as absent and fall back to the default', () => {
		expect(text({ title: null }, 'title')).toBe('');
		expect(text({}, 'confirm_text', 'Confirm')).toBe('Confirm');
		expect(text({ title: 'T' }, 'title')).toBe('T');
		expect(text({ n: 22 }, 'n')).toBe('22');
		expect(text({ o: { a: 1 } }, 'o', 'x')).toBe('x');
		// Prototype keys are not data.
		expect(text({}, 'constructor', 'd')).toBe('d');
	});

	it('read booleans, including the Python spellings', () => {
		expect(flag({ sleeping: true }, 'sleeping', false)).toBe(true);
		expect(flag({ sleeping: 'True' }, 'sleeping', false)).toBe(true);
		expect(flag({ sleeping: null }, 'sleeping', false)).toBe(false);
		expect(flag({}, 'sleeping', true)).toBe(true);
	});
});

describe('objectFit', () => {
	it('never stretches unless asked to, unlike Qt', () => {
		expect(objectFit(undefined)).toBe('contain');
		expect(objectFit(null)).toBe('contain');
		expect(objectFit('whatever')).toBe('contain');
		expect(objectFit('PreserveAspectFit')).toBe('contain');
		expect(objectFit('PreserveAspectCrop')).toBe('cover');
		expect(objectFit('Stretch')).toBe('fill');
	});
});

describe('cssColor', () => {
	it('reorders Qt #AARRGGBB into CSS #RRGGBBAA', () => {
		expect(cssColor('#95000000')).toBe('#00000095');
		expect(cssColor('#FF2D4F6C')).toBe('#2D4F6CFF');
	});
	it('keeps plain colours', () => {
		expect(cssColor('#123')).toBe('#123');
		expect(cssColor('#102030')).toBe('#102030');
		expect(cssColor('Navy')).toBe('navy');
		expect(cssColor('rgb(1, 2, 3)')).toBe('rgb(1, 2, 3)');
	});
	it('refuses anything that could carry other CSS', () => {
		for (const bad of ['red; background-image:url(x)', 'url(javascript:alert(1))', 'expression(alert(1))', '#12', '', null, 3, 'rgb(1,2,3);x:y']) {
			expect(cssColor(bad)).toBeNull();
		}
	});
	it('picks readable text for a background', () => {
		expect(textOn('#000000')).toBe('#ffffff');
		expect(textOn('#ffffff')).toBe('#111418');
		expect(textOn('#2d4f6c')).toBe('#ffffff');
		expect(textOn('yellow')).toBe('#111418');
		expect(textOn('rebeccapurple')).toBeNull();
	});
});

describe('frameUrl', () => {
	it('accepts http and https only', () => {
		expect(frameUrl('https://example.org/a?b=1')).toEqual({ ok: true, url: 'https://example.org/a?b=1', host: 'example.org' });
		expect(frameUrl(' http://127.0.0.1:8080/x ').ok).toBe(true);
		for (const bad of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,<script>1</script>', 'file:///etc/passwd', 'about:blank', 'blob:https://x/1', 'ftp://x/y']) {
			const r = frameUrl(bad);
			expect(r.ok, bad).toBe(false);
		}
		expect(frameUrl('not a url')).toMatchObject({ ok: false });
		expect(frameUrl(null)).toMatchObject({ ok: false });
	});
});

describe('htmlDocument', () => {
	const csp = `<meta http-equiv="Content-Security-Policy" content="${FRAME_CSP}">`;
	it('adds an escaped <base>: an http(s) resource location, else Qt\'s http://localhost', () => {
		// Without a usable resource location the base is Qt's default, http://localhost.
		expect(htmlDocument('<p>x</p>', '')).toBe(`${csp}<base href="http://localhost/"><p>x</p>`);
		expect(htmlDocument('<p>x</p>', 'javascript:alert(1)')).toBe(`${csp}<base href="http://localhost/"><p>x</p>`);
		expect(htmlDocument('<p>x</p>', 'http://h/r/')).toBe(`${csp}<base href="http://h/r/"><p>x</p>`);
		expect(htmlDocument('', 'http://h/"><script>')).toBe(`${csp}<base href="http://h/%22%3E%3Cscript%3E">`);
	});
	it('keeps skill HTML off the device bus and in its own document', () => {
		// The device's sockets are ws:, which an http(s)-only connect-src never matches.
		expect(FRAME_CSP).toMatch(/connect-src http: https:;/);
		// No frame, object or worker of its own: another document would not carry this policy.
		for (const d of ["frame-src 'none'", "object-src 'none'", "worker-src 'none'"]) expect(FRAME_CSP).toContain(d);
		// The holder the skill's document goes into has the same policy (which that document inherits,
		// and which keeps its frame from navigating), and takes documents from its parent only.
		const holder = readFileSync(join('static', SKILL_FRAME_HOLDER), 'utf8');
		expect(holder).toContain(`<meta http-equiv="Content-Security-Policy" content="${FRAME_CSP}" />`);
		expect(holder).toContain('<iframe sandbox="allow-scripts"');
		expect(holder).toContain('e.source !== parent');
	});
});

describe('statusOutcome', () => {
	it('reads legacy status and OVOS-GUI-1 success', () => {
		expect(statusOutcome({ status: 'Enabled' })).toBe('success');
		expect(statusOutcome({ status: 'Disabled' })).toBe('failure');
		expect(statusOutcome({ success: false, status: 'Enabled' })).toBe('failure');
		expect(statusOutcome({ success: true })).toBe('success');
		expect(statusOutcome({ status: null })).toBe('pending');
		expect(statusOutcome({})).toBe('pending');
	});
});

describe('num, list, record, truthy', () => {
	it('num: numbers and numeric strings; anything else is null', () => {
		expect(num({ t: 22 }, 't')).toBe(22);
		expect(num({ t: ' 3.5 ' }, 't')).toBe(3.5);
		expect(num({ t: '' }, 't')).toBeNull();
		expect(num({ t: 'warm' }, 't')).toBeNull();
		expect(num({ t: true }, 't')).toBeNull();
		expect(num({ t: [1] }, 't')).toBeNull();
		expect(num({}, 't')).toBeNull();
		expect(num({}, 'valueOf')).toBeNull();
	});
	it('list and record never return the wrong shape', () => {
		expect(list({ a: [1, 'x'] }, 'a')).toEqual([1, 'x']);
		expect(list({ a: { 0: 1 } }, 'a')).toEqual([]);
		expect(list({ a: 'abc' }, 'a')).toEqual([]);
		expect(record({ o: { k: 1 } }, 'o')).toEqual({ k: 1 });
		expect(record({ o: [1] }, 'o')).toEqual({});
		expect(record({ o: null }, 'o')).toEqual({});
		expect(record({}, 'constructor')).toEqual({});
	});
	it('truthy: bools, 0/1, strings with Python spellings of false', () => {
		expect(truthy({ f: 1 }, 'f')).toBe(true);
		expect(truthy({ f: 0 }, 'f')).toBe(false);
		expect(truthy({ f: true }, 'f')).toBe(true);
		expect(truthy({ f: 'False' }, 'f')).toBe(false);
		expect(truthy({ f: '0' }, 'f')).toBe(false);
		expect(truthy({ f: 'yes' }, 'f')).toBe(true);
		expect(truthy({ f: null }, 'f')).toBe(false);
		expect(truthy({}, 'f')).toBe(false);
	});
});

describe('textChunk', () => {
	it('shows everything up to the limit, then cuts near a word boundary and counts the rest', async () => {
		const { textChunk } = await import('../../src/lib/templates/fit');
		expect(textChunk('short', 10)).toEqual({ shown: 'short', rest: 0 });
		const long = 'word '.repeat(1000);
		const c = textChunk(long, 100);
		expect(c.shown.length).toBeLessThanOrEqual(100);
		expect(c.shown.length).toBeGreaterThan(90);
		expect(c.shown.length + c.rest).toBe(long.length);
		const solid = 'x'.repeat(1000);
		expect(textChunk(solid, 100)).toEqual({ shown: 'x'.repeat(100), rest: 900 });
	});
});
