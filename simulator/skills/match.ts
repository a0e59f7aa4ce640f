import { skillLang } from './words';

/** Tiny phrase matching for the demo intents: lower-case, punctuation-free words. */
export function words(utterance: string): string {
	return ` ${utterance.toLowerCase().replace(/[^a-z0-9' ]+/g, ' ').replace(/\s+/g, ' ').trim()} `;
}

/** True when any of the phrases appears as whole words. */
export function has(utterance: string, ...phrases: string[]): boolean {
	const w = words(utterance);
	return phrases.some((p) => w.includes(` ${p} `));
}

const NUMBERS: Record<string, number> = {
	a: 1,
	an: 1,
	one: 1,
	two: 2,
	three: 3,
	four: 4,
	five: 5,
	six: 6,
	seven: 7,
	eight: 8,
	nine: 9,
	ten: 10,
	fifteen: 15,
	twenty: 20,
	thirty: 30,
	forty: 40,
	fifty: 50,
	sixty: 60
};
const UNITS: Record<string, number> = { second: 1, sec: 1, minute: 60, min: 60, hour: 3600 };

/** "5 minutes", "one hour and 30 seconds" → seconds; null when no duration is said. */
export function parseDuration(utterance: string): number | null {
	const re = /\b(\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty|thirty|forty|fifty|sixty)\s*(second|sec|minute|min|hour)s?\b/g;
	let total = 0;
	let found = false;
	for (const m of utterance.toLowerCase().matchAll(re)) {
		const n = /^\d+$/.test(m[1] ?? '') ? Number(m[1]) : (NUMBERS[m[1] ?? ''] ?? 0);
		total += n * (UNITS[m[2] ?? ''] ?? 0);
		found = true;
	}
	return found && total > 0 ? total : null;
}

/**
 * What a German or Portuguese utterance says in the English words the demo intents match: the
 * stand-in for a skill's `locale/de-de/*.intent` and `locale/pt-pt/*.intent` files, covering the
 * examples the skills show on the homescreen and the usual ways to say them. English is returned as
 * it is; words not listed are left, so an utterance with none of them matches nothing.
 */
export function heard(utterance: string, lang: string): string {
	const l = skillLang(lang);
	// Brazilian Portuguese: the Portuguese rules, which know Brazil's words too ("arquivos", "tirinha").
	const rules = HEARD[l === 'pt-BR' ? 'pt' : l];
	if (!rules) return utterance;
	let t = ` ${utterance.toLowerCase().replace(/[^\p{L}\p{N}: ]+/gu, ' ').replace(/\s+/g, ' ').trim()} `;
	for (const [from, to] of rules) t = t.replace(from, to as string);
	return t.replace(/\s+/g, ' ').trim();
}

type Rule = readonly [RegExp, string];
/** Whole words: \b does not know ä or ç, so a rule's words are spaced on both sides. */
const w = (words: string, to: string): Rule => [new RegExp(` (?:${words})(?= )`, 'g'), ` ${to}`];

const HEARD: Partial<Record<ReturnType<typeof skillLang>, readonly Rule[]>> = {
	de: [
		w('wie spät ist es|wie viel uhr ist es|wieviel uhr ist es', 'what time is it'),
		w('welches datum|welcher tag|der wievielte', "what's the date"),
		w('wettervorhersage|vorhersage', 'forecast'),
		w('wetter', 'weather'),
		w('temperatur', 'temperature'),
		[/ (\d{1,2}):?(\d{2})? uhr(?= )/g, ' $1:$2'],
		[/ (\d{1,2}):(?= )/g, ' $1:00'],
		w('wecker', 'alarm'),
		w('weck mich', 'wake me'),
		w('lösche|löschen|lösch|abbrechen|brich', 'cancel'),
		w('stoppe|stopp|stop|beende|halte', 'stop'),
		w('sekunden|sekunde', 'seconds'),
		w('minuten|minute', 'minutes'),
		w('stunden|stunde', 'hours'),
		w('eine|einen|ein', 'a'),
		w('zwei', 'two'),
		w('drei', 'three'),
		w('vier', 'four'),
		w('fünf', 'five'),
		w('sechs', 'six'),
		w('sieben', 'seven'),
		w('acht', 'eight'),
		w('neun', 'nine'),
		w('zehn', 'ten'),
		w('fünfzehn', 'fifteen'),
		w('zwanzig', 'twenty'),
		w('dreißig', 'thirty'),
		w('spiele|spiel|spielt', 'play'),
		w('etwas', 'some'),
		w('nächstes lied|nächster titel|nächstes stück|nächsten titel', 'next song'),
		w('vorheriges lied|vorheriger titel', 'previous song'),
		w('pausiere|pausieren', 'pause'),
		w('setze fort|fortsetzen', 'resume'),
		w('musik', 'music'),
		w('wie schnell ist das licht|lichtgeschwindigkeit', 'speed of light'),
		w('farbe', 'colour'),
		w('himmelblau', 'sky blue'),
		w('dunkelorange', 'dark orange'),
		w('blaugrün|petrol', 'teal'),
		w('papageienmodus|papagei', 'parrot'),
		w('foto|bild', 'photo'),
		w('rundgang|führung', 'tour'),
		w('wissenswertes|fakt', 'fun fact'),
		w('prüfe das system|systemprüfung', 'check the system'),
		w('webseite|internetseite', 'web page'),
		w('dateibrowser|dateimanager|dateien', 'file browser'),
		w('notizen', 'notes'),
		w('hallo', 'hello'),
		w('lautstärke', 'volume'),
		w('lauter', 'louder'),
		w('leiser', 'quieter'),
		w('stummschalten|stumm', 'mute'),
		w('prozent', 'percent'),
		// Articles last: "stoppe den Papagei" is "stop the parrot".
		w('der|die|das|den|dem', 'the')
	],
	pt: [
		w('que horas são|que horas sao', 'what time is it'),
		w('que dia é hoje|qual é a data|que data', "what's the date"),
		w('previsão do tempo|previsão', 'forecast'),
		w('tempo', 'weather'),
		w('temperatura', 'temperature'),
		[/ (\d{1,2}) da manhã(?= )/g, ' $1 am'],
		[/ (\d{1,2}) da (?:tarde|noite)(?= )/g, ' $1 pm'],
		[/ (\d{1,2})h(\d{2})?(?= )/g, ' $1:$2'],
		[/ (\d{1,2}):(?= )/g, ' $1:00'],
		[/ (?:para as|às|as) (\d{1,2})(?= )(?! am| pm)/g, ' $1:00'],
		w('temporizador|cronómetro|cronômetro', 'timer'),
		w('alarme|despertador', 'alarm'),
		w('acorda me', 'wake me'),
		w('cancela|cancelar|cancele|apaga|apague', 'cancel'),
		w('pára|parar|pare', 'stop'),
		w('segundos|segundo', 'seconds'),
		w('minutos|minuto', 'minutes'),
		w('horas|hora', 'hours'),
		w('um|uma', 'a'),
		w('dois|duas', 'two'),
		w('três', 'three'),
		w('quatro', 'four'),
		w('cinco', 'five'),
		w('seis', 'six'),
		w('sete', 'seven'),
		w('oito', 'eight'),
		w('nove', 'nine'),
		w('dez', 'ten'),
		w('quinze', 'fifteen'),
		w('vinte', 'twenty'),
		w('trinta', 'thirty'),
		w('põe a tocar|toca|toque|tocar', 'play'),
		w('próxima música|próxima faixa|música seguinte', 'next song'),
		w('música anterior|faixa anterior', 'previous song'),
		w('pausa|pausar|pause', 'pause'),
		w('continua|continuar|retoma', 'resume'),
		w('música|músicas', 'music'),
		w('velocidade da luz', 'speed of light'),
		w('cor', 'colour'),
		w('azul celeste|azul céu', 'sky blue'),
		w('laranja escuro', 'dark orange'),
		w('verde azulado', 'teal'),
		w('banda desenhada|tirinha|tira|quadrinhos', 'comic'),
		w('papagaio', 'parrot'),
		w('fotografia|foto|imagem', 'photo'),
		w('visita guiada|visita', 'tour'),
		w('curiosidade', 'fun fact'),
		w('verifica o sistema|verifique o sistema|sistema', 'check the system'),
		w('página web|site', 'web page'),
		w('explorador de ficheiros|gestor de ficheiros|gerenciador de arquivos|ficheiros|arquivos', 'file browser'),
		w('notas', 'notes'),
		w('olá|oi', 'hello'),
		w('mais alto', 'louder'),
		w('mais baixo', 'quieter'),
		w('silencia|silenciar|sem som', 'mute'),
		w('por cento', 'percent'),
		// "para" first in a sentence is the verb (its accent went in 1990): "para a música".
		[/^ para(?= )/, ' stop'],
		w('o|a|os|as', 'the')
	]
};
