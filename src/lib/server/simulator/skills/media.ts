/** Small one-screen skills: an animated photo, a web page, an HTML card, a loading → status sequence, a greeting. */
import { HTML_CARD, PHOTO_ANIMATION, WEB_PAGE_PATH } from '../assets';
import { sleep } from '../../clock';
import type { SkillDefinition } from '../workshop';
import { has } from './match';

export const photo: SkillDefinition = {
	id: 'skill-photos.openvoiceos',
	className: 'PhotoSkill',
	intents: [
		{
			name: 'ShowPhotoIntent',
			handler: 'handle_show_photo',
			match: (u) => (has(u, 'photo', 'picture', 'photos') ? {} : null),
			async run(turn, skill) {
				skill.gui.showImage(PHOTO_ANIMATION, { title: 'Sunrise', caption: 'Morning over the hills', fill: 'PreserveAspectCrop', animated: true });
				await turn.speak('Here is a photo.', { dialog: 'photo' });
			}
		}
	]
};

export const webPage: SkillDefinition = {
	id: 'skill-browser.openvoiceos',
	className: 'BrowserSkill',
	intents: [
		{
			name: 'OpenPageIntent',
			handler: 'handle_open_page',
			match: (u) => (has(u, 'web page', 'webpage', 'website', 'browser') ? {} : null),
			async run(turn, skill) {
				skill.gui.showUrl(skill.assetUrl(WEB_PAGE_PATH));
				await turn.speak('Opening the web page.', { dialog: 'open.page' });
			}
		}
	]
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
				skill.gui.showHtml(HTML_CARD);
				await turn.speak('Did you know? Skills can show their own HTML.', { dialog: 'fact' });
			}
		}
	]
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
				skill.gui.showLoading('Checking the system…');
				await turn.speak('Checking the system.', { dialog: 'checking' });
				await sleep(skill.clock, 2500, skill.signal);
				skill.gui.showStatus('All systems go', true);
				await turn.speak('All systems go.', { dialog: 'all.good' });
			}
		}
	]
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
				// Two sentences, two speaks, no GUI (the plain two-sentence intent of spec chat-agent.md §7).
				await turn.speak('Hello there!', { dialog: 'hello' });
				await turn.speak('I am the simulated OpenVoiceOS.', { dialog: 'intro' });
			}
		}
	]
};
