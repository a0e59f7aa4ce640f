// Every demo skill speaks and shows its texts in the device's language: on a
// German or Portuguese device the homescreen's examples are that language's, each is understood,
// and each skill's answer, page texts and served pages are in it, as real skills follow the device's
// `lang`. English stays as it was (the other simulator tests).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { busMessage, type Json, type JsonObject } from '../../src/lib/protocol';
import { ManualClock, startSimulator, type Simulator } from '../../simulator';
import { heard } from '../../simulator/skills/match';
import { BusClient, GuiClient, until } from './helpers';

const TUESDAY = Date.UTC(2026, 11, 1, 14, 5);
const HOME = 'ovos-skill-homescreen.openvoiceos';

let sim: Simulator | undefined;
let bus: BusClient | undefined;
let gui: GuiClient | undefined;
afterEach(async () => {
	gui?.close();
	bus?.close();
	await sim?.stop();
	sim = bus = gui = undefined;
});

interface Device {
	sim: Simulator;
	/** An utterance to the device's own session; what it speaks in answer. */
	say(text: string): Promise<string[]>;
	data(ns: string): JsonObject;
}

async function device(lang: string): Promise<Device> {
	const clock = new ManualClock(TUESDAY);
	const s = (sim = await startSimulator({ busPort: 0, guiPort: 0, clock, timeZone: 'UTC', log: false, lang }));
	const b = (bus = await BusClient.connect(s.busUrl));
	// A screen: the weather's pages and the file browser's answer only while one is connected.
	gui = await GuiClient.connect(s.guiUrl);
	const data = (ns: string) => (JSON.parse(s.canonical()).namespaces[ns]?.data ?? {}) as JsonObject;
	await until(() => Array.isArray((data(HOME).skill_examples as JsonObject | undefined)?.examples), 3000, 'homescreen examples');
	return {
		sim: s,
		data,
		async say(text) {
			const before = b.received.length;
			b.send(busMessage('recognizer_loop:utterance', { utterances: [text] }, { session: { session_id: 'default' } }));
			const done = () => b.received.slice(before).some((m) => m.type === 'ovos.utterance.handled');
			for (let i = 0; i < 300 && !done(); i++) {
				await clock.advance(100);
				await new Promise((r) => setTimeout(r, 1));
			}
			expect(done(), `"${text}" handled`).toBe(true);
			expect(b.received.slice(before).map((m) => m.type), `"${text}" understood`).not.toContain('complete_intent_failure');
			return b.received.slice(before).filter((m) => m.type === 'speak').map((m) => String(m.data.utterance));
		}
	};
}

const str = (x: Json | undefined) => String(x);

interface Case {
	readonly skill: string;
	readonly de: (d: Device) => Promise<void>;
	readonly pt: (d: Device) => Promise<void>;
}

const CASES: readonly Case[] = [
	{
		skill: 'homescreen: the examples of every skill, in the device’s language',
		async de(d) {
			const shown = (d.data(HOME).skill_examples as { examples: string[] }).examples;
			expect([...shown].sort()).toEqual(
				['stelle einen Timer auf 5 Minuten', 'stelle einen Wecker auf 7 Uhr', 'wie ist das Wetter', 'wie ist die Vorhersage', 'wie spät ist es', 'welches Datum ist heute', 'spiele etwas Jazz', 'wie schnell ist das Licht', 'zeig mir die Farbe Himmelblau', 'zeig mir einen xkcd-Comic'].sort()
			);
			// Each is understood, as in English (chat-examples.test.ts).
			for (const e of shown) await d.say(e);
		},
		async pt(d) {
			const shown = (d.data(HOME).skill_examples as { examples: string[] }).examples;
			expect(shown).toContain('que horas são');
			expect(shown).toContain('põe um alarme para as 7 da manhã');
			expect(shown).not.toContain('what time is it');
			for (const e of shown) await d.say(e);
		}
	},
	{
		skill: 'weather',
		de: async (d) => expect((await d.say('wie ist das Wetter'))[0]).toMatch(/^Derzeit .* bei \d+ Grad\.$/),
		pt: async (d) => expect((await d.say('como está o tempo'))[0]).toMatch(/^Neste momento, .* e \d+ graus\.$/)
	},
	{
		skill: 'date-time',
		async de(d) {
			expect(await d.say('wie spät ist es')).toEqual(['Es ist 14:05 Uhr.']);
			expect(await d.say('welches Datum ist heute')).toEqual(['Heute ist Dienstag, der 1. Dezember 2026.']);
		},
		async pt(d) {
			expect(await d.say('que horas são')).toEqual(['São 14:05.']);
			expect(await d.say('que dia é hoje')).toEqual(['Hoje é terça-feira, 1 de dezembro de 2026.']);
		}
	},
	{
		skill: 'alerts',
		async de(d) {
			expect(await d.say('stelle einen Timer auf 5 Minuten')).toEqual(['Timer für fünf Minuten läuft.']);
			// (the clock went on during the timer's turn)
			expect((await d.say('stelle einen Wecker auf 7 Uhr'))[0]).toMatch(/^Dein Wecker ist auf 07:00 Uhr gestellt, in sechzehn Stunden \S+ Minuten\.$/);
			expect(await d.say('lösche den Timer')).toEqual(['Timer fünf Minuten wird gelöscht.']);
		},
		async pt(d) {
			expect(await d.say('põe um temporizador de 5 minutos')).toEqual(['Temporizador de cinco minutos, a contar a partir de agora.']);
			expect((await d.say('põe um alarme para as 7 da manhã'))[0]).toMatch(/^O seu alarme está marcado para as 07:00, daqui a dezasseis horas cinquenta e \S+ minutos\.$/);
		}
	},
	{
		skill: 'OCP and the music skill',
		async de(d) {
			expect(await d.say('spiele etwas Jazz')).toEqual(['Einen Moment, ich suche danach']);
			expect((d.data(HOME).applications_model as JsonObject[])[0]?.name).toBe('Lokale Musik');
		},
		async pt(d) {
			expect(await d.say('toca jazz')).toEqual(['Um momento enquanto procuro']);
			expect((d.data(HOME).applications_model as JsonObject[])[0]?.name).toBe('Música local');
		}
	},
	{
		skill: 'photos',
		async de(d) {
			expect(await d.say('zeig mir ein Foto')).toEqual(['Hier ist ein Foto.']);
			expect([d.data('skill-photos.openvoiceos').title, d.data('skill-photos.openvoiceos').caption]).toEqual(['Sonnenaufgang', 'Morgen über den Hügeln']);
		},
		async pt(d) {
			expect(await d.say('mostra-me uma fotografia')).toEqual(['Aqui está uma fotografia.']);
			expect(d.data('skill-photos.openvoiceos').title).toBe('Nascer do sol');
		}
	},
	{
		skill: 'browser: the page it serves is in the language too',
		async de(d) {
			expect(await d.say('öffne die Webseite')).toEqual(['Ich öffne die Webseite.']);
			const page = await (await fetch(str(d.data('skill-browser.openvoiceos').url))).text();
			expect(page).toContain('<h2>Eine Webseite im Rahmen</h2>');
		},
		async pt(d) {
			expect(await d.say('abre a página web')).toEqual(['A abrir a página web.']);
			const page = await (await fetch(str(d.data('skill-browser.openvoiceos').url))).text();
			expect(page).toContain('<h2>Uma página web, emoldurada</h2>');
		}
	},
	{
		skill: 'fun facts (HTML card)',
		async de(d) {
			expect(await d.say('erzähl mir etwas Wissenswertes')).toEqual(['Schon gewusst? Skills können ihr eigenes HTML zeigen.']);
			expect(str(d.data('skill-fun-facts.openvoiceos').html)).toContain('<h1>Schon gewusst?</h1>');
		},
		async pt(d) {
			expect(await d.say('diz-me uma curiosidade')).toEqual(['Sabia que as skills podem mostrar o seu próprio HTML?']);
			expect(str(d.data('skill-fun-facts.openvoiceos').html)).toContain('<h1>Sabia que…?</h1>');
		}
	},
	{
		skill: 'system check',
		async de(d) {
			expect(await d.say('prüfe das System')).toEqual(['Ich prüfe das System.', 'Alles in Ordnung.']);
			expect(d.data('skill-system-check.openvoiceos').label).toBe('Alles in Ordnung');
		},
		async pt(d) {
			expect(await d.say('verifica o sistema')).toEqual(['A verificar o sistema.', 'Está tudo bem.']);
			expect(d.data('skill-system-check.openvoiceos').label).toBe('Está tudo bem');
		}
	},
	{
		skill: 'tour',
		async de(d) {
			expect(await d.say('zeig mir den Rundgang')).toEqual(['Hier ist ein kurzer Rundgang. Wisch weiter, um mehr Seiten zu sehen.']);
			expect(d.data('skill-tour.openvoiceos')).toMatchObject({ title: 'Willkommen bei OVOS', caption: 'Seite zwei von drei' });
		},
		async pt(d) {
			expect(await d.say('começa a visita guiada')).toEqual(['Aqui está uma visita rápida. Deslize para ver mais páginas.']);
			expect(d.data('skill-tour.openvoiceos')).toMatchObject({ title: 'Bem-vindo ao OVOS', caption: 'Página dois de três' });
		}
	},
	{
		skill: 'volume',
		de: async (d) => expect(await d.say('Lautstärke auf 40 Prozent')).toEqual(['Lautstärke auf 40 Prozent gestellt']),
		pt: async (d) => expect(await d.say('volume a 40 por cento')).toEqual(['Volume a 40 por cento'])
	},
	{
		skill: 'hello world',
		de: async (d) => expect(await d.say('hallo')).toEqual(['Hallo!', 'Ich bin das simulierte OpenVoiceOS.']),
		pt: async (d) => expect(await d.say('olá')).toEqual(['Olá!', 'Sou o OpenVoiceOS simulado.'])
	},
	{
		skill: 'wolfie: the answer’s picture too',
		async de(d) {
			expect(await d.say('wie schnell ist das Licht')).toEqual(['Die Lichtgeschwindigkeit beträgt etwa 300 tausend Kilometer pro Sekunde.']);
			const picture = readFileSync(join(d.sim.guiCache, str(d.data('ovos-skill-wolfie.openvoiceos').wolfram_image).replace(d.sim.guiCache, '')), 'utf8');
			expect(picture).toContain('Lichtgeschwindigkeit');
			expect(picture).not.toContain('Result');
		},
		async pt(d) {
			expect(await d.say('qual é a velocidade da luz')).toEqual(['A velocidade da luz é de cerca de 300 mil quilómetros por segundo.']);
			const picture = readFileSync(join(d.sim.guiCache, str(d.data('ovos-skill-wolfie.openvoiceos').wolfram_image).replace(d.sim.guiCache, '')), 'utf8');
			expect(picture).toContain('Resultado');
		}
	},
	{
		skill: 'color picker',
		async de(d) {
			expect(await d.say('zeig mir die Farbe Himmelblau')).toEqual(['Hier ist Himmelblau.']);
			expect(d.data('ovos-skill-color-picker.krisgesling')).toMatchObject({ colorName: 'Himmelblau', colorHex: '#87CEEB' });
		},
		async pt(d) {
			expect(await d.say('mostra-me a cor azul-celeste')).toEqual(['Aqui está o Azul-celeste.']);
			expect(d.data('ovos-skill-color-picker.krisgesling')).toMatchObject({ colorName: 'Azul-celeste', colorHex: '#87CEEB' });
		}
	},
	{
		skill: 'parrot',
		async de(d) {
			expect(await d.say('starte den Papageienmodus')).toEqual(['Papageienmodus an. Ich wiederhole, was du sagst.']);
			expect(await d.say('stoppe den Papagei')).toEqual(['Papageienmodus aus.']);
		},
		async pt(d) {
			expect(await d.say('liga o modo papagaio')).toEqual(['Modo papagaio ligado. Vou repetir o que disser.']);
			expect(await d.say('para o papagaio')).toEqual(['Modo papagaio desligado.']);
		}
	},
	{
		skill: 'local media',
		de: async (d) => expect(await d.say('öffne den Dateibrowser')).toEqual(['Ich öffne den Dateibrowser.']),
		pt: async (d) => expect(await d.say('abre o explorador de ficheiros')).toEqual(['A abrir o explorador de ficheiros.'])
	},
	{
		skill: 'xkcd',
		async de(d) {
			expect(await d.say('zeig mir einen xkcd-Comic')).toEqual(['Zum Glück ist das mit den Ladegeräten gelöst, jetzt wo wir uns alle auf Mini-USB geeinigt haben.']);
			expect(d.data('ovos-skill-xkcd.openvoiceos').title).toBe('Standards');
		},
		async pt(d) {
			await d.say('mostra-me uma banda desenhada do xkcd');
			expect(d.data('ovos-skill-xkcd.openvoiceos').title).toBe('Normas');
		}
	},
	{
		skill: 'notes',
		async de(d) {
			expect(await d.say('zeig meine Notizen')).toEqual(['Du hast 3 Notizen.']);
			expect(((d.data('skill-ovos-notes.openvoiceos').allNotesModel as JsonObject).allNotes as JsonObject[])[0]?.note_text).toBe('Milch und Brot kaufen');
		},
		async pt(d) {
			expect(await d.say('mostra as minhas notas')).toEqual(['Tem 3 notas.']);
			expect(((d.data('skill-ovos-notes.openvoiceos').allNotesModel as JsonObject).allNotes as JsonObject[])[0]?.note_text).toBe('Comprar leite e pão');
		}
	}
];

describe.each(['de', 'pt'] as const)('a %s device', (lang) => {
	it.each(CASES.map((c) => [c.skill, c] as const))('%s', async (_name, c) => {
		await c[lang](await device(lang === 'de' ? 'de-DE' : 'pt-PT'));
	});
});

describe('a pt-BR device: Brazilian wording where it differs from Portugal’s', () => {
	it('examples, numbers, weather, timers and alarms', async () => {
		const d = await device('pt-BR');
		const shown = (d.data(HOME).skill_examples as { examples: string[] }).examples;
		expect(shown).toEqual(expect.arrayContaining(['defina um timer de 5 minutos', 'toque jazz', 'me mostre a cor azul-celeste', 'me mostre uma tirinha do xkcd', 'que horas são']));
		for (const e of shown) await d.say(e);
		expect((await d.say('como está o tempo'))[1]).toMatch(/^A umidade está em \d+ por cento\.$/);
		expect(await d.say('defina um timer de 16 minutos')).toEqual(['Timer de dezesseis minutos iniciado.']);
		expect((await d.say('defina um alarme para as 7 da manhã'))[0]).toMatch(/^Seu alarme foi definido para as 07:00, daqui a dezesseis horas \S+( e \S+)? minutos\.$/);
		expect(await d.say('cancela o alarme')).toEqual(['Cancelando o alarme das 07:00.']);
	});

	it('the other skills: “você”, “foto”, “arquivos”, “quilômetros”', async () => {
		const d = await device('pt-BR');
		expect(await d.say('oi')).toEqual(['Oi!', 'Eu sou o OpenVoiceOS simulado.']);
		expect(await d.say('me mostre uma foto')).toEqual(['Aqui está uma foto.']);
		expect(await d.say('abra o gerenciador de arquivos')).toEqual(['Abrindo o gerenciador de arquivos.']);
		expect(await d.say('mostre minhas notas')).toEqual(['Você tem 3 notas.']);
		expect(await d.say('qual é a velocidade da luz')).toEqual(['A velocidade da luz é de cerca de 300 mil quilômetros por segundo.']);
		expect(await d.say('verifique o sistema')).toEqual(['Verificando o sistema.', 'Está tudo certo.']);
		expect(await d.say('abra a página web')).toEqual(['Abrindo a página web.']);
		expect(await (await fetch(String(d.data('skill-browser.openvoiceos').url))).text()).toContain('em uma visualização web');
	});
});

describe('heard', () => {
	it('puts German and Portuguese in the English words the intents match; English as it is', () => {
		expect(heard("What's the weather like?", 'en-US')).toBe("What's the weather like?");
		expect(heard('Stelle einen Timer auf 5 Minuten', 'de-DE')).toBe('stelle a timer auf 5 minutes');
		expect(heard('Stelle einen Wecker auf 7 Uhr', 'de')).toBe('stelle a alarm auf 7:00');
		expect(heard('põe um alarme para as 7 da manhã', 'pt-PT')).toBe('põe the alarm para the 7 am');
		expect(heard('põe um alarme às 19h30', 'pt-BR')).toBe('põe the alarm às 19:30');
	});
});
