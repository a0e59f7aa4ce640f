/**
 * The rest of a default install's skill pages and two popular extras, sending
 * what the real skills send: wolfie's `wolf` (its answer picture saved as a local file, as the
 * WolframAlpha solver saves a GIF under /tmp), color-picker's `single-color`, parrot's `parrot`,
 * local-media's `Browser`, xkcd's `comic` (its prev/next GUI events page through the comics), and a
 * notes skill we have no renderer for (the screen reads its page from the data).
 */
import type { SkillContext, SkillDefinition } from '../workshop';
import { has } from './match';
import { inLang, langOf, pick, type SkillLang, type Texts } from './words';

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const svg = (w: number, h: number, body: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">${body}</svg>`;

/** A WolframAlpha "simple" answer: titled pods stacked in one tall picture. */
function wolframAnswer(pods: readonly [string, string][]): string {
	let y = 0;
	let body = '';
	for (const [title, value] of pods) {
		body += `<text x="16" y="${y + 26}" font-family="sans-serif" font-size="15" fill="#e56a2d">${escapeXml(title)}:</text>`;
		body += `<rect x="12" y="${y + 36}" width="476" height="52" rx="4" fill="#fff" stroke="#dcdcdc"/>`;
		body += `<text x="26" y="${y + 69}" font-family="serif" font-size="19" fill="#222">${escapeXml(value)}</text>`;
		y += 100;
	}
	return svg(500, y + 12, `<rect width="500" height="${y + 12}" fill="#f7f7f7"/>${body}`);
}

/** The answer's pods (wolfie translates WolframAlpha's answer into the device's language) and what it says. */
const LIGHT: Texts<{ pods: [string, string][]; say: string }> = {
	en: {
		pods: [
			['Input interpretation', 'speed of light'],
			['Result', '299 792 458 m/s (metres per second)'],
			['Unit conversions', '1.079 × 10⁹ km/h (kilometres per hour)'],
			['Comparison', '≈ 880 000 × the speed of sound'],
			['Interpretation', 'speed'],
			['Corresponding quantities', 'light travels 1 m in 3.3 ns'],
			['Time to cross', 'the Earth: 0.042 s · to the Moon: 1.3 s']
		],
		say: 'The speed of light is about 300 thousand kilometres per second.'
	},
	de: {
		pods: [
			['Eingabe', 'Lichtgeschwindigkeit'],
			['Ergebnis', '299 792 458 m/s (Meter pro Sekunde)'],
			['Umrechnungen', '1,079 × 10⁹ km/h (Kilometer pro Stunde)'],
			['Vergleich', '≈ 880 000 × die Schallgeschwindigkeit'],
			['Deutung', 'Geschwindigkeit'],
			['Entsprechende Größen', 'Licht legt 1 m in 3,3 ns zurück'],
			['Laufzeit', 'um die Erde: 0,042 s · zum Mond: 1,3 s']
		],
		say: 'Die Lichtgeschwindigkeit beträgt etwa 300 tausend Kilometer pro Sekunde.'
	},
	pt: {
		pods: [
			['Interpretação', 'velocidade da luz'],
			['Resultado', '299 792 458 m/s (metros por segundo)'],
			['Conversões', '1,079 × 10⁹ km/h (quilómetros por hora)'],
			['Comparação', '≈ 880 000 × a velocidade do som'],
			['Interpretação física', 'velocidade'],
			['Grandezas correspondentes', 'a luz percorre 1 m em 3,3 ns'],
			['Tempo de percurso', 'à volta da Terra: 0,042 s · até à Lua: 1,3 s']
		],
		say: 'A velocidade da luz é de cerca de 300 mil quilómetros por segundo.'
	},
	'pt-BR': {
		pods: [
			['Interpretação', 'velocidade da luz'],
			['Resultado', '299 792 458 m/s (metros por segundo)'],
			['Conversões', '1,079 × 10⁹ km/h (quilômetros por hora)'],
			['Comparação', '≈ 880 000 × a velocidade do som'],
			['Interpretação física', 'velocidade'],
			['Grandezas correspondentes', 'a luz percorre 1 m em 3,3 ns'],
			['Tempo de percurso', 'ao redor da Terra: 0,042 s · até a Lua: 1,3 s']
		],
		say: 'A velocidade da luz é de cerca de 300 mil quilômetros por segundo.'
	}
};

export const wolfie: SkillDefinition = {
	id: 'ovos-skill-wolfie.openvoiceos',
	className: 'WolframAlphaSkill',
	examples: { en: ['what is the speed of light'], de: ['wie schnell ist das Licht'], pt: ['qual é a velocidade da luz'] },
	intents: [
		{
			name: 'WolframAlphaIntent',
			handler: 'handle_question',
			match: (u) => (has(u, 'speed of light', 'wolfram', 'calculate') ? {} : null),
			async run(turn, skill) {
				const t = inLang(LIGHT, turn.session);
				const path = skill.cache.writeResource(skill.gui.skillId, 'tmp/speed of light.svg', wolframAnswer(t.pods));
				skill.gui.set('wolfram_image', path);
				skill.gui.showPage('wolf', 45);
				await turn.speak(t.say, { dialog: 'answer' });
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
/** The colours' names in German and Portuguese (English title-cases the key). */
const COLOUR_NAMES: Texts<Readonly<Record<string, string>>> = {
	en: {},
	de: { 'dark orange': 'Dunkelorange', 'sky blue': 'Himmelblau', 'rebecca purple': 'Rebecca-Lila', teal: 'Blaugrün' },
	pt: { 'dark orange': 'Laranja-escuro', 'sky blue': 'Azul-celeste', 'rebecca purple': 'Roxo Rebecca', teal: 'Verde-azulado' }
};
const HERE_IS: Texts<(name: string) => string> = { en: (n) => `Here is ${n}.`, de: (n) => `Hier ist ${n}.`, pt: (n) => `Aqui está o ${n}.` };

export const colorPicker: SkillDefinition = {
	id: 'ovos-skill-color-picker.krisgesling',
	className: 'ColorPickerSkill',
	examples: { en: ['show me the colour sky blue'], de: ['zeig mir die Farbe Himmelblau'], pt: ['mostra-me a cor azul-celeste'], 'pt-BR': ['me mostre a cor azul-celeste'] },
	intents: [
		{
			name: 'ColorIntent',
			handler: 'handle_color',
			// The colour is a slot: the match sees the utterance in English words, the dispatch carries what was said.
			match: (u) => (has(u, 'colour', 'color') ? { colour: Object.keys(COLOURS).find((c) => has(u, c)) ?? 'dark orange' } : null),
			async run(turn, skill) {
				const name = String(turn.slots.colour);
				const [hex, text] = COLOURS[name] ?? COLOURS['dark orange']!;
				const rgb = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
				const lang = langOf(turn.session);
				const title = lang === 'en' ? name.replace(/\b\w/g, (c) => c.toUpperCase()) : (pick(COLOUR_NAMES, lang)[name] ?? name);
				skill.gui.update({ colorName: title, colorHex: hex, colorRGB: `RGB: ${rgb.join(', ')}`, textColor: text });
				skill.gui.showPage('single-color');
				await turn.speak(pick(HERE_IS, lang)(lang === 'en' ? name : title), { dialog: 'color' });
			}
		}
	]
};

const PARROT: Texts<readonly [string, string]> = {
	en: ['Parrot mode on. I will repeat what you say.', 'Parrot mode off.'],
	de: ['Papageienmodus an. Ich wiederhole, was du sagst.', 'Papageienmodus aus.'],
	pt: ['Modo papagaio ligado. Vou repetir o que disser.', 'Modo papagaio desligado.'],
	'pt-BR': ['Modo papagaio ligado. Vou repetir o que você disser.', 'Modo papagaio desligado.']
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
				await turn.speak(inLang(PARROT, turn.session)[0], { dialog: 'start_parrot' });
			}
		},
		{
			name: 'StopParrotIntent',
			handler: 'handle_stop_parrot',
			match: (u) => (has(u, 'stop parrot', 'stop the parrot') ? {} : null),
			async run(turn, skill) {
				skill.gui.set('running', false);
				skill.gui.release();
				await turn.speak(inLang(PARROT, turn.session)[1], { dialog: 'stop_parrot' });
			}
		}
	]
};

const BROWSER: Texts<string> = {
	en: 'Opening the file browser.',
	de: 'Ich öffne den Dateibrowser.',
	pt: 'A abrir o explorador de ficheiros.',
	'pt-BR': 'Abrindo o gerenciador de arquivos.'
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
				await turn.speak(inLang(BROWSER, turn.session), { dialog: 'open' });
			}
		}
	]
};

const COMIC_COLOURS = ['#1d4ed8', '#b45309', '#0f766e'] as const;
/** The comics' titles and captions, translated as the skill's translating wrapper would. */
const COMICS: Texts<readonly { title: string; caption: string }[]> = {
	en: [
		{ title: 'Standards', caption: 'Fortunately, the charging one has been solved now that we have all standardized on mini-USB.' },
		{ title: 'Compiling', caption: 'Are you stealing those LCDs? Yeah, but I’m doing it while my code compiles.' },
		{ title: 'Exploits of a Mom', caption: 'Her daughter is named Help I’m trapped in a driver’s license factory.' }
	],
	de: [
		{ title: 'Standards', caption: 'Zum Glück ist das mit den Ladegeräten gelöst, jetzt wo wir uns alle auf Mini-USB geeinigt haben.' },
		{ title: 'Kompilieren', caption: 'Klaust du die Bildschirme? Ja, aber nur, während mein Code kompiliert.' },
		{ title: 'Die Streiche einer Mutter', caption: 'Ihre Tochter heißt Hilfe, ich bin in einer Führerscheinfabrik gefangen.' }
	],
	pt: [
		{ title: 'Normas', caption: 'Felizmente, a dos carregadores ficou resolvida agora que todos adotámos o mini-USB.' },
		{ title: 'A compilar', caption: 'Estás a roubar esses ecrãs? Sim, mas só enquanto o meu código compila.' },
		{ title: 'As proezas de uma mãe', caption: 'A filha dela chama-se Socorro, estou preso numa fábrica de cartas de condução.' }
	],
	'pt-BR': [
		{ title: 'Padrões', caption: 'Felizmente, a dos carregadores foi resolvida agora que todos adotamos o mini-USB.' },
		{ title: 'Compilando', caption: 'Você está roubando essas telas? Sim, mas só enquanto meu código compila.' },
		{ title: 'As façanhas de uma mãe', caption: 'A filha dela se chama Socorro, estou preso numa fábrica de carteiras de motorista.' }
	]
};

function comicPicture(n: number, title: string): string {
	const colour = COMIC_COLOURS[n]!;
	const figure = (x: number) => `<circle cx="${x}" cy="120" r="16" fill="none" stroke="#111" stroke-width="3"/><path d="M${x} 136v50m0-34-22 18m22-18 22 18m-22 34-18 40m18-40 18 40" stroke="#111" stroke-width="3" fill="none"/>`;
	return svg(
		600,
		300,
		`<rect width="600" height="300" fill="#fff" stroke="#111" stroke-width="4"/>${figure(170)}${figure(430)}` +
			`<rect x="230" y="60" width="140" height="90" rx="8" fill="${colour}" opacity="0.15" stroke="${colour}"/>` +
			`<text x="300" y="112" font-family="sans-serif" font-size="22" text-anchor="middle" fill="#111">${escapeXml(title)}</text>`
	);
}

/** The comic each simulator's xkcd skill is on (by its GUI interface, one per running skill). */
const at = new WeakMap<object, number>();

/** Shows comic `n` in `lang` (a turn's; the page's ◀ ▶ are the device's own session's). */
function showComic(skill: SkillContext, n: number, lang: SkillLang): void {
	const c = pick(COMICS, lang)[n]!;
	at.set(skill.gui, n);
	const path = skill.cache.writeResource(skill.gui.skillId, `comics/${lang}-${n + 1}.svg`, comicPicture(n, c.title));
	skill.gui.clear();
	skill.gui.update({ imgLink: path, title: c.title, caption: c.caption });
	skill.gui.showPage('comic', true);
}

export const xkcd: SkillDefinition = {
	id: 'ovos-skill-xkcd.openvoiceos',
	className: 'XKCDSkill',
	examples: { en: ['show me an xkcd comic'], de: ['zeig mir einen xkcd-Comic'], pt: ['mostra-me uma banda desenhada do xkcd'], 'pt-BR': ['me mostre uma tirinha do xkcd'] },
	intents: [
		{
			name: 'latest_xkcd.intent',
			handler: 'handle_xkcd_intent',
			match: (u) => (has(u, 'xkcd', 'comic') ? {} : null),
			async run(turn, skill) {
				const lang = langOf(turn.session);
				showComic(skill, 0, lang);
				await turn.speak(pick(COMICS, lang)[0]!.caption, { dialog: 'xkcd' });
			}
		}
	],
	start(skill) {
		// ◀ ▶ on the comic page (the QML's triggerGuiEvent names).
		const now = () => at.get(skill.gui) ?? 0;
		const lang = () => langOf(skill.sessions.default);
		skill.gui.registerHandler('skill-xkcd.jarbasskills.prev', () => showComic(skill, Math.max(0, now() - 1), lang()));
		skill.gui.registerHandler('skill-xkcd.jarbasskills.next', () => showComic(skill, Math.min(COMIC_COLOURS.length - 1, now() + 1), lang()));
	}
};

const NOTES: Texts<{ notes: readonly string[]; say: (n: number) => string }> = {
	en: { notes: ['Buy milk and bread', 'Call the plumber about the kitchen tap', 'Water the plants on the balcony'], say: (n) => `You have ${n} notes.` },
	de: { notes: ['Milch und Brot kaufen', 'Den Installateur wegen des Küchenhahns anrufen', 'Die Pflanzen auf dem Balkon gießen'], say: (n) => `Du hast ${n} Notizen.` },
	pt: { notes: ['Comprar leite e pão', 'Ligar ao canalizador por causa da torneira da cozinha', 'Regar as plantas da varanda'], say: (n) => `Tem ${n} notas.` },
	'pt-BR': { notes: ['Comprar leite e pão', 'Ligar para o encanador por causa da torneira da cozinha', 'Regar as plantas da varanda'], say: (n) => `Você tem ${n} notas.` }
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
				const t = inLang(NOTES, turn.session);
				skill.gui.set('allNotesModel', { allNotes: t.notes.map((note_text, i) => ({ note_text, note_number: i + 1, file_name: `note${i + 1}.txt` })) });
				skill.gui.showPage('AllNotes', 30);
				await turn.speak(t.say(t.notes.length), { dialog: 'all_notes' });
			}
		}
	]
};
