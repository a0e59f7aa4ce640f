/**
 * What the simulated skills say and show, in the device's language as a real skill has it: `self.lang`
 * is the session's language, and a device's own session (the homescreen, a timer going off) has
 * mycroft.conf's `lang` (SimulatorOptions.lang). English, German and Portuguese, the screen's three,
 * with Brazilian Portuguese (`pt-BR`) where its words differ from European Portuguese's (`pt-PT`, and
 * any other `pt`); any other language speaks English, as a skill without that language's dialogs
 * falls back to it.
 * The date-time, weather and alerts skills' words are here; each other demo skill keeps its few texts
 * beside it (`inLang`). What a person says in German or Portuguese is put in English words for the
 * intents to match (match.ts `heard`).
 */
import type { JsonObject } from '../../src/lib/protocol';

export type SkillLang = 'en' | 'de' | 'pt' | 'pt-BR';

/** The language of a BCP 47 tag as the skills have it: "de-DE" → de, "pt-PT" → pt, "pt-BR" → pt-BR, "fr-FR" → en. */
export function skillLang(tag: unknown): SkillLang {
	const [primary, region] = typeof tag === 'string' ? tag.toLowerCase().split(/[-_]/) : [];
	if (primary === 'pt') return region === 'br' ? 'pt-BR' : 'pt';
	return primary === 'de' ? 'de' : 'en';
}

/** A skill's texts: English, German and Portuguese, and Brazilian ones where they differ. */
export type Texts<T> = Readonly<{ en: T; de: T; pt: T; 'pt-BR'?: T }>;

/** The texts in `lang`: Brazilian Portuguese falls back to Portuguese where it has none of its own. */
export function pick<T>(texts: Texts<T>, lang: SkillLang): T {
	return texts[lang] ?? texts.pt;
}

/** The language of a session (a turn's, or the device's `default` one). */
export function langOf(session: JsonObject): SkillLang {
	return skillLang(session.lang);
}

/** A skill's texts in a session's language. */
export function inLang<T>(texts: Texts<T>, session: JsonObject): T {
	return pick(texts, langOf(session));
}

/** The four units of `nice_duration`, largest first. */
export type Unit = 'day' | 'hour' | 'minute' | 'second';

export interface Words {
	/** Monday first (Python's `weekday()`). */
	readonly weekdays: readonly string[];
	/** Three letters or the language's usual abbreviation, Monday first. */
	readonly weekdaysShort: readonly string[];
	readonly months: readonly string[];
	/** The day and month on the date page ("01 December", "01. Dezember", "01 de dezembro"). */
	dayMonth(day: string, month: string, mdy: boolean): string;
	/** A whole number 0–99 spoken in front of `unit` (grammatical gender: "eine Minute", "uma hora"); digits beyond. */
	count(n: number, unit: Unit): string;
	unit(unit: Unit, n: number): string;
	readonly time: (shown: string) => string;
	readonly date: (weekday: string, day: number, month: string, year: number) => string;
	/** ovos-skill-weather's condition descriptions, by the skill's key. */
	readonly sky: Readonly<Record<'clear' | 'mainlyClear' | 'partlyCloudy' | 'overcast' | 'fog' | 'rain' | 'snow' | 'showers' | 'storm', string>>;
	readonly currentWeather: (description: string, degrees: number) => string;
	readonly humidity: (percent: number) => string;
	readonly timerName: (duration: string) => string;
	readonly timerStarted: (duration: string) => string;
	readonly timerUp: (name: string) => string;
	readonly notice: (kind: 'timer' | 'alarm', name: string) => string;
	readonly dismissed: (kind: 'timer' | 'alarm') => string;
	readonly snoozed: (duration: string) => string;
	readonly alarmName: (at: string) => string;
	readonly alarmSet: (at: string, remaining: string) => string;
	readonly once: string;
	readonly askDuration: string;
	readonly noDuration: string;
	readonly askTime: string;
	readonly noTime: string;
	readonly noneScheduled: (kind: 'timer' | 'alarm') => string;
	readonly cancelling: (kind: 'timer' | 'alarm', name: string) => string;
}

const EN_ONES = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const EN_TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** `pronounce_number` in English for the small whole numbers durations use ("forty three"); digits beyond 999. */
export function pronounce(n: number): string {
	if (!Number.isInteger(n) || n < 0 || n > 999) return String(n);
	if (n < 20) return EN_ONES[n] as string;
	if (n < 100) return `${EN_TENS[Math.floor(n / 10)]}${n % 10 ? ` ${EN_ONES[n % 10]}` : ''}`;
	return `${EN_ONES[Math.floor(n / 100)]} hundred${n % 100 ? ` ${pronounce(n % 100)}` : ''}`;
}

const DE_ONES = ['null', 'eins', 'zwei', 'drei', 'vier', 'fünf', 'sechs', 'sieben', 'acht', 'neun', 'zehn', 'elf', 'zwölf', 'dreizehn', 'vierzehn', 'fünfzehn', 'sechzehn', 'siebzehn', 'achtzehn', 'neunzehn'];
const DE_TENS = ['', '', 'zwanzig', 'dreißig', 'vierzig', 'fünfzig', 'sechzig', 'siebzig', 'achtzig', 'neunzig'];
function deNumber(n: number): string {
	if (n < 20) return DE_ONES[n] as string;
	const unit = n % 10;
	return `${unit ? `${unit === 1 ? 'ein' : DE_ONES[unit]}und` : ''}${DE_TENS[Math.floor(n / 10)]}`;
}

const PT_ONES = ['zero', 'um', 'dois', 'três', 'quatro', 'cinco', 'seis', 'sete', 'oito', 'nove', 'dez', 'onze', 'doze', 'treze', 'catorze', 'quinze', 'dezasseis', 'dezassete', 'dezoito', 'dezanove'];
/** Brazil says "dezesseis", "dezessete", "dezenove" (and mostly "quatorze"). */
const BR_ONES = [...PT_ONES.slice(0, 14), 'quatorze', 'quinze', 'dezesseis', 'dezessete', 'dezoito', 'dezenove'];
const PT_TENS = ['', '', 'vinte', 'trinta', 'quarenta', 'cinquenta', 'sessenta', 'setenta', 'oitenta', 'noventa'];
/** Hours are feminine ("uma hora", "duas horas"), the other units masculine. */
function ptNumber(n: number, feminine: boolean, ones: readonly string[] = PT_ONES): string {
	const one = (k: number) => (feminine && k === 1 ? 'uma' : feminine && k === 2 ? 'duas' : (ones[k] as string));
	if (n < 20) return one(n);
	const unit = n % 10;
	return `${PT_TENS[Math.floor(n / 10)]}${unit ? ` e ${one(unit)}` : ''}`;
}

const small = (n: number) => Number.isInteger(n) && n >= 0 && n < 100;

const EN: Words = {
	weekdays: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
	weekdaysShort: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
	months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
	dayMonth: (day, month, mdy) => (mdy ? `${month} ${day}` : `${day} ${month}`),
	count: (n) => pronounce(n),
	unit: (unit, n) => (n === 1 ? unit : `${unit}s`),
	time: (shown) => `It's ${shown}.`,
	date: (weekday, day, month, year) => `It's ${weekday}, ${month} ${day}, ${year}.`,
	sky: { clear: 'clear sky', mainlyClear: 'mainly clear', partlyCloudy: 'partly cloudy', overcast: 'overcast', fog: 'fog', rain: 'moderate rain', snow: 'moderate snow fall', showers: 'moderate rain showers', storm: 'thunderstorm' },
	currentWeather: (d, t) => `It's currently ${d} and ${t} degrees.`,
	humidity: (p) => `Currently, the humidity is ${p} percent.`,
	timerName: (d) => `${d} timer`,
	timerStarted: (d) => `Timer for ${d}, starting now.`,
	timerUp: (name) => `Your ${name.replace('timer', '').trim()} timer is up.`,
	notice: (kind, name) => `${kind === 'timer' ? 'Timer' : 'Alarm'}: ${name}`,
	dismissed: (kind) => `${kind} dismissed.`,
	snoozed: (d) => `Be back in ${d}.`,
	alarmName: (at) => `${at} alarm`,
	alarmSet: (at, r) => `Your alarm is set for ${at}, in ${r}.`,
	once: 'Once',
	askDuration: 'For how long?',
	noDuration: "Sorry, I didn't catch a duration.",
	askTime: "Sorry. i couldn't catch the time. Please repeat.",
	noTime: 'I need a time to set an alarm.',
	noneScheduled: (kind) => `You have no scheduled ${kind}.`,
	cancelling: (kind, name) => `Cancelling ${kind} ${name.replace(kind, '').trim()}.`
};

const DE_UNITS: Record<Unit, [string, string]> = { day: ['Tag', 'Tage'], hour: ['Stunde', 'Stunden'], minute: ['Minute', 'Minuten'], second: ['Sekunde', 'Sekunden'] };
const DE_KIND = { timer: 'Timer', alarm: 'Wecker' } as const;
const DE: Words = {
	weekdays: ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag'],
	weekdaysShort: ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'],
	months: ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'],
	dayMonth: (day, month) => `${day}. ${month}`,
	count: (n, unit) => (!small(n) ? String(n) : n === 1 ? (unit === 'day' ? 'ein' : 'eine') : deNumber(n)),
	unit: (unit, n) => DE_UNITS[unit][n === 1 ? 0 : 1],
	time: (shown) => `Es ist ${shown} Uhr.`,
	date: (weekday, day, month, year) => `Heute ist ${weekday}, der ${day}. ${month} ${year}.`,
	sky: { clear: 'klarer Himmel', mainlyClear: 'überwiegend klar', partlyCloudy: 'teilweise bewölkt', overcast: 'bedeckt', fog: 'Nebel', rain: 'mäßiger Regen', snow: 'mäßiger Schneefall', showers: 'mäßige Regenschauer', storm: 'Gewitter' },
	currentWeather: (d, t) => `Derzeit ${d} bei ${t} Grad.`,
	humidity: (p) => `Die Luftfeuchtigkeit liegt bei ${p} Prozent.`,
	timerName: (d) => `Timer ${d}`,
	timerStarted: (d) => `Timer für ${d} läuft.`,
	timerUp: (name) => `Dein ${name} ist abgelaufen.`,
	notice: (kind, name) => `${DE_KIND[kind]}: ${name}`,
	dismissed: (kind) => `${DE_KIND[kind]} beendet.`,
	snoozed: (d) => `Ich melde mich in ${d} wieder.`,
	alarmName: (at) => `Wecker ${at}`,
	alarmSet: (at, r) => `Dein Wecker ist auf ${at} Uhr gestellt, in ${r}.`,
	once: 'Einmal',
	askDuration: 'Für wie lange?',
	noDuration: 'Entschuldigung, ich habe keine Dauer verstanden.',
	askTime: 'Entschuldigung, ich habe die Uhrzeit nicht verstanden. Bitte wiederhole sie.',
	noTime: 'Ich brauche eine Uhrzeit, um einen Wecker zu stellen.',
	noneScheduled: (kind) => (kind === 'timer' ? 'Du hast keinen Timer gestellt.' : 'Du hast keinen Wecker gestellt.'),
	cancelling: (kind, name) => `${name} wird gelöscht.`
};

const PT_UNITS: Record<Unit, [string, string]> = { day: ['dia', 'dias'], hour: ['hora', 'horas'], minute: ['minuto', 'minutos'], second: ['segundo', 'segundos'] };
const PT: Words = {
	weekdays: ['segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado', 'domingo'],
	weekdaysShort: ['seg', 'ter', 'qua', 'qui', 'sex', 'sáb', 'dom'],
	months: ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'],
	dayMonth: (day, month) => `${day} de ${month}`,
	count: (n, unit) => (small(n) ? ptNumber(n, unit === 'hour') : String(n)),
	unit: (unit, n) => PT_UNITS[unit][n === 1 ? 0 : 1],
	time: (shown) => `São ${shown}.`,
	date: (weekday, day, month, year) => `Hoje é ${weekday}, ${day} de ${month} de ${year}.`,
	sky: { clear: 'céu limpo', mainlyClear: 'céu pouco nublado', partlyCloudy: 'parcialmente nublado', overcast: 'céu encoberto', fog: 'nevoeiro', rain: 'chuva moderada', snow: 'neve moderada', showers: 'aguaceiros moderados', storm: 'trovoada' },
	currentWeather: (d, t) => `Neste momento, ${d} e ${t} graus.`,
	humidity: (p) => `A humidade está nos ${p} por cento.`,
	timerName: (d) => `temporizador de ${d}`,
	timerStarted: (d) => `Temporizador de ${d}, a contar a partir de agora.`,
	timerUp: (name) => `O seu ${name} terminou.`,
	notice: (kind, name) => `${kind === 'timer' ? 'Temporizador' : 'Alarme'}: ${name}`,
	dismissed: (kind) => `${kind === 'timer' ? 'Temporizador' : 'Alarme'} dispensado.`,
	snoozed: (d) => `Volto daqui a ${d}.`,
	alarmName: (at) => `alarme das ${at}`,
	alarmSet: (at, r) => `O seu alarme está marcado para as ${at}, daqui a ${r}.`,
	once: 'Uma vez',
	askDuration: 'Por quanto tempo?',
	noDuration: 'Desculpe, não percebi a duração.',
	askTime: 'Desculpe, não percebi a hora. Repita, por favor.',
	noTime: 'Preciso de uma hora para marcar um alarme.',
	noneScheduled: (kind) => (kind === 'timer' ? 'Não tem nenhum temporizador marcado.' : 'Não tem nenhum alarme marcado.'),
	cancelling: (_kind, name) => `A cancelar o ${name}.`
};

/** Brazilian Portuguese: "você", "timer", "umidade", "dezesseis"; the rest as in Portugal. */
const PT_BR: Words = {
	...PT,
	count: (n, unit) => (small(n) ? ptNumber(n, unit === 'hour', BR_ONES) : String(n)),
	sky: { ...PT.sky, mainlyClear: 'predominantemente limpo', overcast: 'céu nublado', fog: 'neblina', showers: 'pancadas de chuva moderadas', storm: 'tempestade' },
	currentWeather: (d, t) => `No momento, ${d} e ${t} graus.`,
	humidity: (p) => `A umidade está em ${p} por cento.`,
	timerName: (d) => `timer de ${d}`,
	timerStarted: (d) => `Timer de ${d} iniciado.`,
	timerUp: (name) => `Seu ${name} terminou.`,
	notice: (kind, name) => `${kind === 'timer' ? 'Timer' : 'Alarme'}: ${name}`,
	dismissed: (kind) => `${kind === 'timer' ? 'Timer' : 'Alarme'} encerrado.`,
	snoozed: (d) => `Volto em ${d}.`,
	alarmSet: (at, r) => `Seu alarme foi definido para as ${at}, daqui a ${r}.`,
	noDuration: 'Desculpe, não entendi a duração.',
	askTime: 'Desculpe, não entendi o horário. Por favor, repita.',
	noTime: 'Preciso de um horário para definir um alarme.',
	noneScheduled: (kind) => (kind === 'timer' ? 'Você não tem nenhum timer programado.' : 'Você não tem nenhum alarme programado.'),
	cancelling: (_kind, name) => `Cancelando o ${name}.`
};

export const WORDS: Readonly<Record<SkillLang, Words>> = { en: EN, de: DE, pt: PT, 'pt-BR': PT_BR };
