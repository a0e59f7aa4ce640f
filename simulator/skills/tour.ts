/** A multi-page skill to swipe through: three pages in one namespace, sharing one data dict. */
import { TOUR_IMAGE } from '../assets';
import type { SkillDefinition } from '../workshop';
import { has } from './match';
import { inLang, type Texts } from './words';

export const TOUR_PAGES = ['SYSTEM_TextFrame', 'SYSTEM_ImageFrame', 'tour_details'] as const;

const TOUR: Texts<{ title: string; text: string; caption: string; steps: string[]; say: string }> = {
	en: {
		title: 'Welcome to OVOS',
		text: 'Swipe left for more',
		caption: 'Page two of three',
		steps: ['Wake word', 'Speech to text', 'Intent', 'Skill', 'Text to speech'],
		say: 'Here is a short tour. Swipe to see more pages.'
	},
	de: {
		title: 'Willkommen bei OVOS',
		text: 'Nach links wischen für mehr',
		caption: 'Seite zwei von drei',
		steps: ['Aktivierungswort', 'Spracherkennung', 'Absicht', 'Skill', 'Sprachausgabe'],
		say: 'Hier ist ein kurzer Rundgang. Wisch weiter, um mehr Seiten zu sehen.'
	},
	pt: {
		title: 'Bem-vindo ao OVOS',
		text: 'Deslize para a esquerda para ver mais',
		caption: 'Página dois de três',
		steps: ['Palavra de ativação', 'Voz para texto', 'Intenção', 'Skill', 'Texto para voz'],
		say: 'Aqui está uma visita rápida. Deslize para ver mais páginas.'
	},
	'pt-BR': {
		title: 'Bem-vindo ao OVOS',
		text: 'Deslize para a esquerda para ver mais',
		caption: 'Página dois de três',
		steps: ['Palavra de ativação', 'Fala para texto', 'Intenção', 'Skill', 'Texto para fala'],
		say: 'Aqui está um tour rápido. Deslize para ver mais páginas.'
	}
};

export const tour: SkillDefinition = {
	id: 'skill-tour.openvoiceos',
	className: 'TourSkill',
	intents: [
		{
			name: 'TourIntent',
			handler: 'handle_tour',
			match: (u) => (has(u, 'tour', 'swipe', 'pages') ? {} : null),
			async run(turn, skill) {
				const t = inLang(TOUR, turn.session);
				skill.gui.update({ title: t.title, text: t.text, image: TOUR_IMAGE, caption: t.caption, fill: 'PreserveAspectFit', steps: t.steps });
				skill.gui.showPages([...TOUR_PAGES], 0, 60);
				await turn.speak(t.say, { dialog: 'tour' });
			}
		}
	]
};
