/**
 * The pages the workbench offers — every page the app can draw — and data to start each from: the
 * keys its skill sends, with plausible values. Data a person then edits; not texts of the app.
 */
import { LANGUAGES } from '$lib/i18n/languages';
import type { JsonObject } from '$lib/protocol';
import type { PageFiles } from '$lib/protocol/page-files';
import { registeredPages } from '$lib/templates/registry';

export type PageKind = 'file' | 'skill' | 'system' | 'generic';

export interface PageChoice {
	readonly kind: PageKind;
	readonly namespace: string;
	readonly page: string;
}

/** The skill id a SYSTEM template or the generic card is tried under: any id does. */
export const EXAMPLE_SKILL = 'my-skill.example';

/** Every page: page files first (by skill and page), then our skill pages, SYSTEM templates, and the generic card. */
export function pageChoices(files: PageFiles | null): PageChoice[] {
	const ours = registeredPages();
	const fromFiles = Object.keys(files ?? {})
		.sort()
		.map((key): PageChoice => {
			const slash = key.indexOf('/');
			return { kind: 'file', namespace: key.slice(0, slash), page: key.slice(slash + 1) };
		});
	return [
		...fromFiles,
		...ours.flatMap(({ namespace, page }): PageChoice[] => (namespace === null ? [] : [{ kind: 'skill', namespace, page }])),
		...ours.flatMap(({ namespace, page }): PageChoice[] => (namespace === null ? [{ kind: 'system', namespace: EXAMPLE_SKILL, page }] : [])),
		{ kind: 'generic', namespace: EXAMPLE_SKILL, page: 'status' }
	];
}

/** The languages a page is previewed in: each UI language, Portuguese in both its variants; each in its own name. */
export const PREVIEW_LANGUAGES: readonly { readonly tag: string; readonly name: string }[] = LANGUAGES.flatMap(({ code, name }) =>
	code === 'pt' ? [{ tag: 'pt-PT', name: `${name} (PT)` }, { tag: 'pt-BR', name: `${name} (BR)` }] : [{ tag: code === 'en' ? 'en-US' : 'de-DE', name }]
);

export const choiceId = (c: PageChoice): string => `${c.kind}:${c.namespace}/${c.page}`;

/** A small picture that needs no network: a sunrise in two colours. */
const PICTURE =
	'data:image/svg+xml,' +
	encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 240"><rect width="400" height="240" fill="#1f3556"/><circle cx="200" cy="200" r="90" fill="#ffb000"/><rect y="200" width="400" height="40" fill="#0b1a2e"/></svg>');

const SAMPLES: Readonly<Record<string, JsonObject>> = {
	SYSTEM_TextFrame: { title: 'Weather', text: 'Sunny, 22 degrees' },
	SYSTEM_ImageFrame: { image: PICTURE, title: 'Sunrise', caption: '06:42 in Lisbon' },
	SYSTEM_AnimatedImageFrame: { image: PICTURE, title: 'Sunrise' },
	SYSTEM_HtmlFrame: { html: '<h1>Hello</h1><p>from a skill</p>' },
	SYSTEM_Loading: { label: 'Looking it up…' },
	SYSTEM_Status: { label: 'Done', status: 'Enabled' },
	SYSTEM_Face: { sleeping: false },
	SYSTEM_InputBox: { title: 'Your name', placeholder: 'Type it here', confirm_text: 'OK', exit_text: 'Cancel' },
	SYSTEM_timer: { end_time: 4102444800, label: 'Pasta' },
	SYSTEM_error: { label: 'No connection', detail: 'The internet could not be reached' },
	SYSTEM_list: { title: 'Shopping', items: [{ title: 'Milk', subtitle: '2 litres' }, { title: 'Bread' }] },
	SYSTEM_table: { title: 'Scores', columns: ['Team', 'Points'], rows: [['Lisbon', 31], ['Porto', 28]] },
	SYSTEM_weather: { current_temp: 22, min_temp: 14, max_temp: 25, condition: 'sunny', location: 'Lisbon' },
	SYSTEM_confirm: { question: 'Turn off the lights?' },
	SYSTEM_select: { prompt: 'Which room?', items: [{ label: 'Kitchen', value: 'kitchen' }, { label: 'Hall', value: 'hall' }] },
	SYSTEM_audio_player: { title: 'So What', artist: 'Miles Davis', image: PICTURE, position: 61, duration: 562, playing: true },
	'ovos-skill-weather.openvoiceos/CurrentWeather': {
		weatherCode: 1,
		currentTemperature: 22,
		highTemperature: 25,
		lowTemperature: 14,
		chanceOfPrecipitation: 10,
		windSpeed: 12,
		humidity: 40,
		weatherLocation: 'Lisbon',
		currentTimezone: 'Wednesday 14:05'
	},
	'ovos-skill-weather.openvoiceos/HourlyForecast': {
		weatherCode: 1,
		weatherLocation: 'Lisbon',
		hourlyForecast: { hours: ['15:00', '16:00', '17:00', '18:00'].map((time, i) => ({ time, precipitation: i * 10, temperature: 22 - i, weatherCondition: 1 })) }
	},
	'ovos-skill-weather.openvoiceos/DailyForecast': {
		weatherCode: 1,
		weatherLocation: 'Lisbon',
		forecast: { all: ['Thu', 'Fri', 'Sat', 'Sun'].map((date, i) => ({ date, weatherCondition: [0, 2, 8, 12][i] ?? 0, highTemperature: 25 - i, lowTemperature: 14 - i })) }
	},
	'ovos-skill-date-time.openvoiceos/time': { time_string: '12:58', date_string: '28/09/2026' },
	'ovos-skill-date-time.openvoiceos/date': { weekday_string: 'Wednesday', daymonth_string: 'September 28', year_string: '2026' },
	'ovos-skill-alerts.openvoiceos/Timer': {
		activeTimers: {
			timers: [
				{ alertId: 'pasta', timerName: 'pasta', timeDelta: '4 minutes 3 seconds', percentRemaining: 0.6, expired: false, backgroundColor: '' },
				{ alertId: 'rice', timerName: 'rice', timeDelta: '12 minutes', percentRemaining: 0.9, expired: false, backgroundColor: '' }
			]
		}
	},
	'ovos-skill-alerts.openvoiceos/AlarmsOverviewCard': {
		activeAlarms: [{ alarmTime: '7:30', alarmAmPm: 'AM', alarmName: 'Work', alarmExpired: false, alarmIndex: 'work', alarmRepeat: true, alarmRepeatStr: 'Mon-Fri' }],
		activeAlarmCount: 1
	},
	'ovos-skill-alerts.openvoiceos/ListView': { header: 'Shopping', items: [{ main: 'Milk', secondary: '' }, { main: 'Bread', secondary: 'today' }] },
	'skill-ovos-homescreen.openvoiceos/idle': {
		time_string: '12:58',
		weekday_string: 'Wednesday',
		day_string: '28',
		month_string: 'September',
		year_string: '2026',
		dateFormat: 'DMY',
		weather_api_enabled: true,
		weather_code: 0,
		weather_temp: 22,
		skill_examples: { examples: ['what is the weather like'] },
		skill_info_enabled: true
	}
};

/** Data to start a page from: what the page on screen holds, the sample for a page of ours, or a little for the generic card. */
export function sampleData(c: PageChoice): JsonObject {
	if (c.kind === 'generic') return { title: 'Garden', moisture: '41 %', next_watering: 'tomorrow 07:00' };
	const sample = c.kind === 'system' ? SAMPLES[c.page] : SAMPLES[`${c.namespace}/${c.page}`];
	return sample ? structuredClone(sample) as JsonObject : {};
}
