import type en from '../en/weather';
import type { Messages } from '../types';

const de: Messages<typeof en> = {
	hourly: 'STÜNDLICH',
	daily: 'TÄGLICH',
	noHourly: 'Noch keine stündliche Vorhersage',
	noDaily: 'Noch keine Tagesvorhersage',
	current: 'Aktuelles Wetter',
	singleDay: 'Vorhersage für einen Tag',
	sunriseSunset: 'Sonnenaufgang und -untergang',
	sunrise: 'Sonnenaufgang',
	sunset: 'Sonnenuntergang',
	hourlyPage: 'Stündliche Vorhersage',
	dailyPage: 'Tagesvorhersage',
	weather: 'Wetter',
	sky: {
		clear: 'Klarer Himmel',
		few: 'Leicht bewölkt',
		scattered: 'Aufgelockerte Bewölkung',
		broken: 'Bewölkt',
		shower: 'Schauer',
		rain: 'Regen',
		storm: 'Gewitter',
		snow: 'Schnee',
		mist: 'Nebel',
		unknown: 'Wetter'
	},
	atNight: (sky) => `${sky}, nachts`,
	stat: {
		precipitation: 'Niederschlag',
		wind: 'Wind',
		humidity: 'Luftfeuchte',
		high: 'Höchstwert',
		low: 'Tiefstwert'
	}
};

export default de;
