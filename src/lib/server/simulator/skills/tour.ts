/** A multi-page skill to swipe through: three pages in one namespace, sharing one data dict (spec §5). */
import { TOUR_IMAGE } from '../assets';
import type { SkillDefinition } from '../workshop';
import { has } from './match';

export const TOUR_PAGES = ['SYSTEM_TextFrame', 'SYSTEM_ImageFrame', 'tour_details'] as const;

export const tour: SkillDefinition = {
	id: 'skill-tour.openvoiceos',
	className: 'TourSkill',
	intents: [
		{
			name: 'TourIntent',
			handler: 'handle_tour',
			match: (u) => (has(u, 'tour', 'swipe', 'pages') ? {} : null),
			async run(turn, skill) {
				skill.gui.update({
					title: 'Welcome to OVOS',
					text: 'Swipe left for more',
					image: TOUR_IMAGE,
					caption: 'Page two of three',
					fill: 'PreserveAspectFit',
					steps: ['Wake word', 'Speech to text', 'Intent', 'Skill', 'Text to speech']
				});
				skill.gui.showPages([...TOUR_PAGES], 0, 60);
				await turn.speak('Here is a short tour. Swipe to see more pages.', { dialog: 'tour' });
			}
		}
	]
};
