// The device's language (mycroft.conf `lang`, the simulator's `lang`): the homescreen, date-time,
// weather and alerts skills show and say their own texts in it, as real skills format with the
// device's language and not the screen's ("TUESDAY 01 December" on a German screen was English).
import { afterEach, describe, expect, it } from 'vitest';
import { busMessage, type JsonObject } from '../../src/lib/protocol';
import { ManualClock, startSimulator, type Simulator } from '../../simulator';
import { deviceLang } from '../../simulator/embedded';
import { spokenDuration } from '../../simulator/skills/dates';
import { skillLang } from '../../simulator/skills/words';
import { BusClient, GuiClient, until } from './helpers';

// Tuesday 1 December 2026, 14:05 on the device's clock.
const TUESDAY = Date.UTC(2026, 11, 1, 14, 5);
const HOME = 'ovos-skill-homescreen.openvoiceos';

let sim: Simulator | undefined;
let bus: BusClient | undefined;
afterEach(async () => {
	bus?.close();
	await sim?.stop();
	sim = bus = undefined;
});

async function device(lang?: string): Promise<{ clock: ManualClock; say(text: string): Promise<string[]>; data(ns: string): JsonObject }> {
	const clock = new ManualClock(TUESDAY);
	sim = await startSimulator({ busPort: 0, guiPort: 0, clock, timeZone: 'UTC', log: false, ...(lang ? { lang } : {}) });
	const b = (bus = await BusClient.connect(sim.busUrl));
	const s = sim;
	const data = (ns: string) => (JSON.parse(s.canonical()).namespaces[ns]?.data ?? {}) as JsonObject;
	await until(() => typeof data(HOME).weekday_string === 'string', 3000, 'homescreen');
	return {
		clock,
		data,
		/** An utterance to the device's own session; what it answers. */
		async say(text) {
			const before = b.received.length;
			b.send(busMessage('recognizer_loop:utterance', { utterances: [text] }, { session: { session_id: 'default' } }));
			const handled = () => b.received.slice(before).some((m) => m.type === 'ovos.utterance.handled');
			for (let i = 0; i < 200 && !handled(); i++) {
				await clock.advance(100);
				await new Promise((r) => setTimeout(r, 1));
			}
			return b.received.slice(before).filter((m) => m.type === 'speak').map((m) => String(m.data.utterance));
		}
	};
}

describe('the device’s language', () => {
	it('English by default: the homescreen, the date page and the timer as before', async () => {
		const d = await device();
		expect([d.data(HOME).weekday_string, d.data(HOME).month_string, d.data(HOME).day_string]).toEqual(['Tuesday', 'December', '01']);
		expect(await d.say("what's the date")).toEqual(["It's Tuesday, December 1, 2026."]);
		expect(d.data('ovos-skill-date-time.openvoiceos').daymonth_string).toBe('01 December');
		expect(await d.say('set a timer for 90 seconds')).toEqual(['Timer for one minute thirty seconds, starting now.']);
	});

	it('German: the homescreen’s date, the date and time pages, the weather and a timer', async () => {
		const d = await device('de-DE');
		expect([d.data(HOME).weekday_string, d.data(HOME).month_string]).toEqual(['Dienstag', 'Dezember']);
		expect(await d.say("what's the date")).toEqual(['Heute ist Dienstag, der 1. Dezember 2026.']);
		const date = d.data('ovos-skill-date-time.openvoiceos');
		expect([date.weekday_string, date.daymonth_string]).toEqual(['Dienstag', '01. Dezember']);
		expect(await d.say('what time is it')).toEqual(['Es ist 14:05 Uhr.']);
		const weather = await d.say("what's the weather like");
		expect(weather[0]).toMatch(/^Derzeit (teilweise bewölkt|bedeckt|klarer Himmel|überwiegend klar|mäßiger Regen) bei \d+ Grad\.$/);
		expect(weather[1]).toMatch(/^Die Luftfeuchtigkeit liegt bei \d+ Prozent\.$/);
		expect(String(d.data('ovos-skill-weather.openvoiceos').currentTimezone)).toMatch(/^Di, 01 Dezember 14:05$/);
		expect(await d.say('set a timer for 5 minutes')).toEqual(['Timer für fünf Minuten läuft.']);
		const timers = (d.data('ovos-skill-alerts.openvoiceos').activeTimers as { timers: JsonObject[] }).timers;
		expect(timers.map((t) => t.timerName)).toEqual(['Timer fünf Minuten']);
	});

	it('Portuguese: the same in European Portuguese; the daily forecast’s days abbreviated as there', async () => {
		const d = await device('pt-PT');
		expect([d.data(HOME).weekday_string, d.data(HOME).month_string]).toEqual(['terça-feira', 'dezembro']);
		expect(await d.say("what's the date")).toEqual(['Hoje é terça-feira, 1 de dezembro de 2026.']);
		expect(d.data('ovos-skill-date-time.openvoiceos').daymonth_string).toBe('01 de dezembro');
		expect(await d.say('what time is it')).toEqual(['São 14:05.']);
		expect(await d.say('set a timer for 2 hours')).toEqual(['Temporizador de duas horas, a contar a partir de agora.']);
		// The forecast pages follow only while a screen is connected.
		const screen = await GuiClient.connect((sim as Simulator).guiUrl);
		await d.say("what's the weather like");
		expect(String(d.data('ovos-skill-weather.openvoiceos').currentTimezone)).toBe('ter, 01 dezembro'); // the hourly page's (the current one's has the time)
		await until(() => Array.isArray((d.data('ovos-skill-weather.openvoiceos').forecast as JsonObject | undefined)?.all), 3000, 'daily forecast');
		const days = ((d.data('ovos-skill-weather.openvoiceos').forecast as JsonObject).all as JsonObject[]).map((x) => x.date);
		expect(days).toEqual(['qua', 'qui', 'sex', 'sáb']);
		screen.close();
	});

	it('a session that names its own language is answered in it (a chat in German on an English device)', async () => {
		const d = await device();
		const b = bus as BusClient;
		const before = b.received.length;
		b.send(busMessage('recognizer_loop:utterance', { utterances: ['what time is it'], lang: 'de-DE' }, { session: { session_id: 'chat-1', lang: 'de-DE' } }));
		await until(() => b.received.slice(before).some((m) => m.type === 'speak'), 3000, 'speak');
		expect(b.received.slice(before).find((m) => m.type === 'speak')?.data.utterance).toBe('Es ist 14:05 Uhr.');
		expect(d.data(HOME).weekday_string).toBe('Tuesday');
	});
});

describe('words', () => {
	it('durations spoken in each language, with the unit’s number and gender', () => {
		expect([spokenDuration(61), spokenDuration(3600 * 2 + 21 * 60)]).toEqual(['one minute one second', 'two hours twenty one minutes']);
		expect([spokenDuration(61, 'de'), spokenDuration(3600 + 21 * 60), spokenDuration(3600 + 21 * 60, 'de'), spokenDuration(86400, 'de')]).toEqual([
			'eine Minute eine Sekunde',
			'one hour twenty one minutes',
			'eine Stunde einundzwanzig Minuten',
			'ein Tag'
		]);
		expect([spokenDuration(61, 'pt'), spokenDuration(2 * 3600 + 32 * 60, 'pt'), spokenDuration(16, 'pt')]).toEqual(['um minuto um segundo', 'duas horas trinta e dois minutos', 'dezasseis segundos']);
	});

	it('a tag names the skills’ language; the screen’s setting names the stand-in device’s', () => {
		expect([skillLang('de-DE'), skillLang('pt-BR'), skillLang('PT'), skillLang('fr-FR'), skillLang(undefined)]).toEqual(['de', 'pt-BR', 'pt', 'en', 'en']);
		expect([deviceLang(null), deviceLang('de'), deviceLang('pt'), deviceLang('pt-BR'), deviceLang('en')]).toEqual(['en-US', 'de-DE', 'pt-PT', 'pt-BR', 'en-US']);
	});
});
