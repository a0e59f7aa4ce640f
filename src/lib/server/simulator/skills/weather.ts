/** Weather: a text frame, then a live update of its value (spec §3.4: only the changed key goes out). */
import { sleep } from '../../clock';
import type { SkillDefinition } from '../workshop';
import { has } from './match';

export const weather: SkillDefinition = {
	id: 'skill-weather.openvoiceos',
	className: 'WeatherSkill',
	intents: [
		{
			name: 'CurrentWeatherIntent',
			handler: 'handle_current_weather',
			match: (u) => (has(u, 'weather', 'forecast', 'temperature') ? {} : null),
			async run(turn, skill) {
				skill.gui.showText('Sunny, 22 °C', 'Lawrence, Kansas');
				await turn.speak("It's sunny and 22 degrees in Lawrence.", { dialog: 'current.weather' });
				// The skill refreshes its reading a little later, as a real one polls its API.
				void sleep(skill.clock, 4000, skill.signal).then(() => skill.gui.set('text', 'Sunny, 23 °C'));
			}
		}
	]
};
