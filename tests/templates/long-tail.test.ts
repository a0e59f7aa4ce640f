/**
 * The remaining default-install and popular skill pages
 * (docs/skill-pages.md#the-rest-of-a-default-install-and-popular-extras): each
 * matched by namespace + page under every id its skill has had (apod's `idle` never as the
 * homescreen's), rendered from the keys its Python sends.
 */
import { render } from 'svelte/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Json } from '../../src/lib/protocol';
import Template from '../../src/lib/templates/Template.svelte';
import { alertEvents, timerFigure } from '../../src/lib/templates/skills/alerts/read';
import { componentFor, isRendered, preloadTemplates } from '../../src/lib/templates/registry';

beforeAll(preloadTemplates, 60_000);

function html(namespace: string, name: string, data: Record<string, Json>, extra: Record<string, unknown> = {}): string {
	return render(Template, { props: { data, namespace, page: { name, url: null }, send: () => true, ...extra } }).body;
}
const page = (name: string) => ({ name, url: null });

const IDS: Record<string, { ids: string[]; pages: string[] }> = {
	wolfie: { ids: ['ovos-skill-wolfie.openvoiceos', 'skill-ovos-wolfie.openvoiceos'], pages: ['wolf', 'wolf.qml'] },
	color: { ids: ['ovos-skill-color-picker.krisgesling'], pages: ['single-color'] },
	parrot: { ids: ['ovos-skill-parrot.openvoiceos', 'skill-ovos-parrot.openvoiceos'], pages: ['parrot'] },
	media: { ids: ['ovos-skill-local-media.openvoiceos', 'skill-ovos-filebrowser.openvoiceos'], pages: ['Browser', 'Browser.qml'] },
	xkcd: { ids: ['ovos-skill-xkcd.openvoiceos', 'skill-xkcd.jarbasskills'], pages: ['comic', 'comic.qml'] },
	apod: { ids: ['ovos-skill-apod.openvoiceos'], pages: ['idle', 'idle.qml'] },
	timer: { ids: ['skill-ovos-timer.openvoiceos'], pages: ['Timer', 'Timer.qml'] }
};

describe('registry', () => {
	it('each page under its skill’s old and new ids, and only there', () => {
		for (const [skill, { ids, pages }] of Object.entries(IDS)) {
			for (const ns of ids) for (const p of pages) expect(isRendered(page(p), ns), `${skill} ${ns} ${p}`).toBe(true);
			for (const p of pages) expect(isRendered(page(p), 'skill-other.test'), `${skill} ${p} elsewhere`).toBe(false);
		}
	});
	it('apod’s idle and the homescreen’s idle are different pages', () => {
		const apod = componentFor(page('idle'), 'ovos-skill-apod.openvoiceos');
		const home = componentFor(page('idle'), 'ovos-skill-homescreen.openvoiceos');
		expect(apod).toBeDefined();
		expect(home).toBeDefined();
		expect(apod).not.toBe(home);
		expect(html('ovos-skill-apod.openvoiceos', 'idle', { imgLink: 'https://h/m31.jpg' })).toContain('Astronomy Picture of the Day');
		expect(html('ovos-skill-homescreen.openvoiceos', 'idle', { imgLink: 'https://h/m31.jpg', time_string: '10:00' })).not.toContain('Astronomy Picture');
	});
});

describe('pages render their keys', () => {
	it('wolf: the answer picture; a device path out of reach and the skill’s logo.png say so', () => {
		expect(html('ovos-skill-wolfie.openvoiceos', 'wolf', { wolfram_image: '/tmp/speed of light.gif' }, { media: { mediaBase: '/media' } })).toContain('src="/media/tmp/speed%20of%20light.gif"');
		const remote = html('ovos-skill-wolfie.openvoiceos', 'wolf', { wolfram_image: '/tmp/speed of light.gif' }, { media: { mediaBase: null } });
		expect(remote).toContain('Image not reachable from this screen');
		expect(remote).toContain('speed of light.gif');
		expect(html('ovos-skill-wolfie.openvoiceos', 'wolf', { wolfram_image: 'logo.png' })).toContain('No answer picture yet');
	});
	it('single-color: the colour fills the card, name, hex and RGB in the text colour', () => {
		const out = html('ovos-skill-color-picker.krisgesling', 'single-color', { colorName: 'Dark Orange', colorHex: '#FF8C00', colorRGB: 'RGB: 255, 140, 0', textColor: '#000000' });
		expect(out).toContain('style="background: #FF8C00; color: #000000;"');
		for (const line of ['Dark Orange', '#FF8C00', 'RGB: 255, 140, 0']) expect(out).toContain(`>${line}</p>`);
		// No text colour sent: one that reads on it.
		expect(html('ovos-skill-color-picker.krisgesling', 'single-color', { colorName: 'Navy', colorHex: '#000080' })).toContain('color: #ffffff');
	});
	it('parrot: talking while running, quiet after', () => {
		expect(html('ovos-skill-parrot.openvoiceos', 'parrot', { running: true })).toMatch(/data-running="true"[\s\S]*I repeat everything you say/);
		expect(html('ovos-skill-parrot.openvoiceos', 'parrot', { running: false })).toMatch(/data-running="false"[\s\S]*Parrot mode is off/);
	});
	it('Browser: says it lists the device’s own files, and what to say instead', () => {
		const out = html('ovos-skill-local-media.openvoiceos', 'Browser', {});
		expect(out).toContain('File Browser');
		expect(out).toContain('can’t be shown here');
		expect(out).toContain('Ask by voice instead');
	});
	it('comic: title, picture, alt text and the two buttons', () => {
		const out = html('ovos-skill-xkcd.openvoiceos', 'comic', { imgLink: 'https://imgs.xkcd.com/comics/standards.png', title: 'Standards', caption: 'Fortunately, the charging one has been solved.' });
		expect(out).toContain('>Standards</h1>');
		expect(out).toContain('src="https://imgs.xkcd.com/comics/standards.png"');
		expect(out).toContain('Fortunately, the charging one has been solved.</p>');
		expect(out).toContain('aria-label="Previous comic"');
		expect(out).toContain('aria-label="Next comic"');
	});
	it('apod: the heading, picture and title', () => {
		const out = html('ovos-skill-apod.openvoiceos', 'idle', { imgLink: 'https://apod.nasa.gov/m31.jpg', title: 'The Andromeda Galaxy', summary: 'M31…' });
		expect(out).toContain('src="https://apod.nasa.gov/m31.jpg"');
		expect(out).toContain('The Andromeda Galaxy</p>');
	});
	it('legacy Timer: the alerts timer cards, cancelled with the legacy skill’s event', () => {
		const out = html('skill-ovos-timer.openvoiceos', 'Timer', { activeTimers: { timers: [{ timerName: 'pasta', timeDelta: '4:13', percentRemaining: 0.4 }] }, activeTimerCount: 1 });
		expect(out).toContain('pasta');
		expect(out).toContain('4:13');
		expect(alertEvents('skill-ovos-timer.openvoiceos').cancelTimer).toBe('timerskill.gui.stop.timer');
		expect(alertEvents('ovos-skill-alerts.openvoiceos').cancelTimer).toBe('ovos.alerts.cancel_timer');
	});
});

describe('the timer ring', () => {
	it('the time left as alerts words it becomes the ring’s figure, as ovos-shell shows it', () => {
		expect(timerFigure('4 minutes 3 seconds')).toBe('4:03');
		expect(timerFigure('1 hour 5 minutes 9 seconds')).toBe('1:05:09');
		expect(timerFigure('-12 seconds')).toBe('-0:12');
		expect(timerFigure('1 Stunde 5 Minuten')).toBe('1:05:00');
		expect(timerFigure('2 minutos e 30 segundos')).toBe('2:30');
		expect(timerFigure('4:13')).toBe('4:13');
		// Not a duration we can read: as sent.
		expect(timerFigure('almost done')).toBe('almost done');
		expect(timerFigure('4 parsecs')).toBe('4 parsecs');
		const out = html('ovos-skill-alerts.openvoiceos', 'Timer', { activeTimers: { timers: [{ alertId: 'a', timerName: 'five minutes timer', timeDelta: '4 minutes 13 seconds', percentRemaining: 0.84, expired: false }] } });
		expect(out).toMatch(/data-key="timeDelta"[^>]*>4:13</);
	});
});
