/**
 * The rest of a default install's skill pages and two popular extras (spec long-tail.md §2), sending
 * what the real skills send: wolfie's `wolf` (its answer picture saved as a local file, as the
 * WolframAlpha solver saves a GIF under /tmp), color-picker's `single-color`, parrot's `parrot`,
 * local-media's `Browser`, xkcd's `comic` (its prev/next GUI events page through the comics), and a
 * notes skill we have no renderer for (the screen reads its page from the data).
 */
import type { SkillContext, SkillDefinition } from '../workshop';
import { has } from './match';

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const svg = (w: number, h: number, body: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">${body}</svg>`;

/** A WolframAlpha "simple" answer: titled pods stacked in one tall picture. */
function wolframAnswer(question: string, pods: readonly [string, string][]): string {
	let y = 0;
	let body = '';
	for (const [title, value] of [['Input interpretation', question] as [string, string], ...pods]) {
		body += `<text x="16" y="${y + 26}" font-family="sans-serif" font-size="15" fill="#e56a2d">${escapeXml(title)}:</text>`;
		body += `<rect x="12" y="${y + 36}" width="476" height="52" rx="4" fill="#fff" stroke="#dcdcdc"/>`;
		body += `<text x="26" y="${y + 69}" font-family="serif" font-size="19" fill="#222">${escapeXml(value)}</text>`;
		y += 100;
	}
	return svg(500, y + 12, `<rect width="500" height="${y + 12}" fill="#f7f7f7"/>${body}`);
}

export const wolfie: SkillDefinition = {
	id: 'ovos-skill-wolfie.openvoiceos',
	className: 'WolframAlphaSkill',
	examples: ['what is the speed of light'],
	intents: [
		{
			name: 'WolframAlphaIntent',
			handler: 'handle_question',
			match: (u) => (has(u, 'speed of light', 'wolfram', 'calculate') ? {} : null),
			async run(turn, skill) {
				const path = skill.cache.writeResource(
					skill.gui.skillId,
					'tmp/speed of light.svg',
					wolframAnswer('speed of light', [
						['Result', '299 792 458 m/s (metres per second)'],
						['Unit conversions', '1.079 × 10⁹ km/h (kilometres per hour)'],
						['Comparison', '≈ 880 000 × the speed of sound'],
						['Interpretation', 'speed'],
						['Corresponding quantities', 'light travels 1 m in 3.3 ns'],
						['Time to cross', 'the Earth: 0.042 s · to the Moon: 1.3 s']
					])
				);
				skill.gui.set('wolfram_image', path);
				skill.gui.showPage('wolf', 45);
				await turn.speak('The speed of light is about 300 thousand kilometres per second.', { dialog: 'answer' });
			}
		}
	]
};

const COLOURS: Readonly<Record<string, readonly [string, string]>> = {
	'dark orange': ['#FF8C00', '#000000'],
	'sky blue': ['#87CEEB', '#000000'],
	'rebecca purple': ['#663399', '#FFFFFF'],
	teal: ['#008080', '#FFFFFF']
};

export const colorPicker: SkillDefinition = {
	id: 'ovos-skill-color-picker.krisgesling',
	className: 'ColorPickerSkill',
	examples: ['show me the colour sky blue'],
	intents: [
		{
			name: 'ColorIntent',
			handler: 'handle_color',
			match: (u) => (has(u, 'colour', 'color') ? {} : null),
			async run(turn, skill) {
				const name = Object.keys(COLOURS).find((c) => has(turn.utterance, c)) ?? 'dark orange';
				const [hex, text] = COLOURS[name]!;
				const rgb = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
				const title = name.replace(/\b\w/g, (c) => c.toUpperCase());
				skill.gui.update({ colorName: title, colorHex: hex, colorRGB: `RGB: ${rgb.join(', ')}`, textColor: text });
				skill.gui.showPage('single-color');
				await turn.speak(`Here is ${name}.`, { dialog: 'color' });
			}
		}
	]
};

export const parrot: SkillDefinition = {
	id: 'ovos-skill-parrot.openvoiceos',
	className: 'ParrotSkill',
	intents: [
		{
			name: 'StartParrotIntent',
			handler: 'handle_start_parrot_intent',
			match: (u) => (has(u, 'parrot') && !has(u, 'stop') ? {} : null),
			async run(turn, skill) {
				skill.gui.set('running', true);
				skill.gui.showPage('parrot', true);
				await turn.speak('Parrot mode on. I will repeat what you say.', { dialog: 'start_parrot' });
			}
		},
		{
			name: 'StopParrotIntent',
			handler: 'handle_stop_parrot',
			match: (u) => (has(u, 'stop parrot', 'stop the parrot') ? {} : null),
			async run(turn, skill) {
				skill.gui.set('running', false);
				skill.gui.release();
				await turn.speak('Parrot mode off.', { dialog: 'stop_parrot' });
			}
		}
	]
};

export const localMedia: SkillDefinition = {
	id: 'ovos-skill-local-media.openvoiceos',
	className: 'FileBrowserSkill',
	intents: [
		{
			name: 'open.file.browser.intent',
			handler: 'show_home',
			match: (u) => (has(u, 'file browser', 'usb', 'usb drive') ? {} : null),
			async run(turn, skill) {
				skill.gui.showPage('Browser', 120);
				await turn.speak('Opening the file browser.', { dialog: 'open' });
			}
		}
	]
};

const COMICS = [
	{ title: 'Standards', caption: 'Fortunately, the charging one has been solved now that we have all standardized on mini-USB.', colour: '#1d4ed8' },
	{ title: 'Compiling', caption: 'Are you stealing those LCDs? Yeah, but I’m doing it while my code compiles.', colour: '#b45309' },
	{ title: 'Exploits of a Mom', caption: 'Her daughter is named Help I’m trapped in a driver’s license factory.', colour: '#0f766e' }
] as const;

function comicPicture(n: number): string {
	const c = COMICS[n]!;
	const figure = (x: number) => `<circle cx="${x}" cy="120" r="16" fill="none" stroke="#111" stroke-width="3"/><path d="M${x} 136v50m0-34-22 18m22-18 22 18m-22 34-18 40m18-40 18 40" stroke="#111" stroke-width="3" fill="none"/>`;
	return svg(
		600,
		300,
		`<rect width="600" height="300" fill="#fff" stroke="#111" stroke-width="4"/>${figure(170)}${figure(430)}` +
			`<rect x="230" y="60" width="140" height="90" rx="8" fill="${c.colour}" opacity="0.15" stroke="${c.colour}"/>` +
			`<text x="300" y="112" font-family="sans-serif" font-size="22" text-anchor="middle" fill="#111">${escapeXml(c.title)}</text>`
	);
}

/** The comic each simulator's xkcd skill is on (by its GUI interface, one per running skill). */
const at = new WeakMap<object, number>();

function showComic(skill: SkillContext, n: number): void {
	const c = COMICS[n]!;
	at.set(skill.gui, n);
	const path = skill.cache.writeResource(skill.gui.skillId, `comics/${n + 1}.svg`, comicPicture(n));
	skill.gui.clear();
	skill.gui.update({ imgLink: path, title: c.title, caption: c.caption });
	skill.gui.showPage('comic', true);
}

export const xkcd: SkillDefinition = {
	id: 'ovos-skill-xkcd.openvoiceos',
	className: 'XKCDSkill',
	examples: ['show me an xkcd comic'],
	intents: [
		{
			name: 'latest_xkcd.intent',
			handler: 'handle_xkcd_intent',
			match: (u) => (has(u, 'xkcd', 'comic') ? {} : null),
			async run(turn, skill) {
				showComic(skill, 0);
				await turn.speak(COMICS[0].caption, { dialog: 'xkcd' });
			}
		}
	],
	start(skill) {
		// ◀ ▶ on the comic page (the QML's triggerGuiEvent names).
		const now = () => at.get(skill.gui) ?? 0;
		skill.gui.registerHandler('skill-xkcd.jarbasskills.prev', () => showComic(skill, Math.max(0, now() - 1)));
		skill.gui.registerHandler('skill-xkcd.jarbasskills.next', () => showComic(skill, Math.min(COMICS.length - 1, now() + 1)));
	}
};

/** A skill the screen has no renderer for (skill-ovos-notes' `AllNotes`): shown from its data. */
export const notes: SkillDefinition = {
	id: 'skill-ovos-notes.openvoiceos',
	className: 'NotesSkill',
	intents: [
		{
			name: 'AllNotesIntent',
			handler: 'handle_show_all_notes',
			match: (u) => (has(u, 'notes', 'my notes') ? {} : null),
			async run(turn, skill) {
				const all = ['Buy milk and bread', 'Call the plumber about the kitchen tap', 'Water the plants on the balcony'];
				skill.gui.set('allNotesModel', { allNotes: all.map((note_text, i) => ({ note_text, note_number: i + 1, file_name: `note${i + 1}.txt` })) });
				skill.gui.showPage('AllNotes', 30);
				await turn.speak(`You have ${all.length} notes.`, { dialog: 'all_notes' });
			}
		}
	]
};
