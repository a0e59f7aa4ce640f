/** Small one-screen skills: an animated photo, a web page, an HTML card, a loading → status sequence, a greeting. */
import { htmlCardPage, PHOTO_ANIMATION, webPagePath } from '../assets';
import { sleep } from '../../src/lib/node/clock';
import type { SkillDefinition } from '../workshop';
import { has } from './match';
import { inLang, langOf, type Texts } from './words';

const PHOTO: Texts<{ title: string; caption: string; say: string }> = {
	en: { title: 'Sunrise', caption: 'Morning over the hills', say: 'Here is a photo.' },
	de: { title: 'Sonnenaufgang', caption: 'Morgen über den Hügeln', say: 'Hier ist ein Foto.' },
	pt: { title: 'Nascer do sol', caption: 'Manhã sobre as colinas', say: 'Aqui está uma fotografia.' },
	'pt-BR': { title: 'Nascer do sol', caption: 'Manhã sobre as colinas', say: 'Aqui está uma foto.' }
};

export const photo: SkillDefinition = {
	id: 'skill-photos.openvoiceos',
	className: 'PhotoSkill',
	intents: [
		{
			name: 'ShowPhotoIntent',
			handler: 'handle_show_photo',
			match: (u) => (has(u, 'photo', 'picture', 'photos') ? {} : null),
			async run(turn, skill) {
				const t = inLang(PHOTO, turn.session);
				skill.gui.showImage(PHOTO_ANIMATION, { title: t.title, caption: t.caption, fill: 'PreserveAspectCrop', animated: true });
				await turn.speak(t.say, { dialog: 'photo' });
			}
		}
	]
};

const OPENING: Texts<string> = { en: 'Opening the web page.', de: 'Ich öffne die Webseite.', pt: 'A abrir a página web.', 'pt-BR': 'Abrindo a página web.' };

export const webPage: SkillDefinition = {
	id: 'skill-browser.openvoiceos',
	className: 'BrowserSkill',
	intents: [
		{
			name: 'OpenPageIntent',
			handler: 'handle_open_page',
			match: (u) => (has(u, 'web page', 'webpage', 'website', 'browser') ? {} : null),
			async run(turn, skill) {
				skill.gui.showUrl(skill.assetUrl(webPagePath(langOf(turn.session))));
				await turn.speak(inLang(OPENING, turn.session), { dialog: 'open.page' });
			}
		}
	]
};

const FACT: Texts<string> = {
	en: 'Did you know? Skills can show their own HTML.',
	de: 'Schon gewusst? Skills können ihr eigenes HTML zeigen.',
	pt: 'Sabia que as skills podem mostrar o seu próprio HTML?',
	'pt-BR': 'Você sabia que as skills podem mostrar seu próprio HTML?'
};

export const htmlCard: SkillDefinition = {
	id: 'skill-fun-facts.openvoiceos',
	className: 'FunFactsSkill',
	intents: [
		{
			name: 'FunFactIntent',
			handler: 'handle_fun_fact',
			match: (u) => (has(u, 'card', 'fact', 'fun fact', 'html') ? {} : null),
			async run(turn, skill) {
				skill.gui.showHtml(htmlCardPage(langOf(turn.session)));
				await turn.speak(inLang(FACT, turn.session), { dialog: 'fact' });
			}
		}
	]
};

const CHECK: Texts<{ loading: string; checking: string; status: string; good: string }> = {
	en: { loading: 'Checking the system…', checking: 'Checking the system.', status: 'All systems go', good: 'All systems go.' },
	de: { loading: 'Das System wird geprüft…', checking: 'Ich prüfe das System.', status: 'Alles in Ordnung', good: 'Alles in Ordnung.' },
	pt: { loading: 'A verificar o sistema…', checking: 'A verificar o sistema.', status: 'Está tudo bem', good: 'Está tudo bem.' },
	'pt-BR': { loading: 'Verificando o sistema…', checking: 'Verificando o sistema.', status: 'Está tudo certo', good: 'Está tudo certo.' }
};

export const systemCheck: SkillDefinition = {
	id: 'skill-system-check.openvoiceos',
	className: 'SystemCheckSkill',
	intents: [
		{
			name: 'SystemCheckIntent',
			handler: 'handle_system_check',
			match: (u) => (has(u, 'system', 'status', 'check', 'diagnostics') ? {} : null),
			async run(turn, skill) {
				const t = inLang(CHECK, turn.session);
				skill.gui.showLoading(t.loading);
				await turn.speak(t.checking, { dialog: 'checking' });
				await sleep(skill.clock, 2500, skill.signal);
				skill.gui.showStatus(t.status, true);
				await turn.speak(t.good, { dialog: 'all.good' });
			}
		}
	]
};

const HELLO: Texts<readonly [string, string]> = {
	en: ['Hello there!', 'I am the simulated OpenVoiceOS.'],
	de: ['Hallo!', 'Ich bin das simulierte OpenVoiceOS.'],
	pt: ['Olá!', 'Sou o OpenVoiceOS simulado.'],
	'pt-BR': ['Oi!', 'Eu sou o OpenVoiceOS simulado.']
};

export const greeting: SkillDefinition = {
	id: 'skill-hello-world.openvoiceos',
	className: 'HelloWorldSkill',
	intents: [
		{
			name: 'HelloWorldIntent',
			handler: 'handle_hello_world',
			match: (u) => (has(u, 'hello', 'hi', 'hey') ? {} : null),
			async run(turn) {
				const [hello, intro] = inLang(HELLO, turn.session);
				// Two sentences, two speaks, no GUI (a plain two-sentence intent, as on a real core).
				await turn.speak(hello, { dialog: 'hello' });
				await turn.speak(intro, { dialog: 'intro' });
			}
		}
	]
};
