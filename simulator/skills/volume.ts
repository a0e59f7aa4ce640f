/**
 * Volume, as ovos-skill-volume does it: no GUI at all, only bus requests to the volume plugin
 * (`mycroft.volume.increase / decrease / set / mute / unmute`, forwarded in the asker's session) and
 * "Volume set to N percent". "Turn it up" / "turn it down" are understood too, for the demo.
 */
import { sleep } from '../../src/lib/node/clock';
import type { BusMessage } from '../../src/lib/protocol';
import type { SkillContext, SkillDefinition, Turn } from '../workshop';
import { has, words } from './match';
import { inLang, type Texts } from './words';

export const VOLUME_SKILL_ID = 'ovos-skill-volume.openvoiceos';
const STEP = 10;

/** ovos-skill-volume's dialogs. */
const SAY: Texts<{ set: (n: number) => string; max: string; alreadyMax: string; cantGet: string }> = {
	en: { set: (n) => `Volume set to ${n} percent`, max: 'Volume set to maximum.', alreadyMax: 'Volume already set to maximum level', cantGet: "I couldn't get the volume." },
	de: { set: (n) => `Lautstärke auf ${n} Prozent gestellt`, max: 'Lautstärke auf Maximum gestellt.', alreadyMax: 'Die Lautstärke ist schon auf Maximum', cantGet: 'Ich konnte die Lautstärke nicht abfragen.' },
	pt: { set: (n) => `Volume a ${n} por cento`, max: 'Volume no máximo.', alreadyMax: 'O volume já está no máximo', cantGet: 'Não consegui saber o volume.' },
	'pt-BR': { set: (n) => `Volume em ${n} por cento`, max: 'Volume no máximo.', alreadyMax: 'O volume já está no máximo', cantGet: 'Não consegui obter o volume.' }
};

/** `bus.wait_for_response(message.forward("mycroft.volume.get"))`: the level, or null after 3 s. */
async function queryVolume(turn: Turn, skill: SkillContext): Promise<number | null> {
	let off = () => {};
	const answer = new Promise<BusMessage>((resolve) => (off = skill.bus.on('mycroft.volume.get.response', resolve)));
	turn.emit('mycroft.volume.get');
	const timeout = new AbortController();
	const got = await Promise.race([answer, sleep(skill.clock, 3000, timeout.signal).then(() => null)]);
	timeout.abort();
	off();
	return got && typeof got.data.percent === 'number' ? Math.round(got.data.percent * 100) : null;
}

const louder = (u: string) => has(u, 'turn it up', 'louder', 'volume up', 'turn up the volume', 'turn the volume up', 'increase the volume', 'raise the volume');
const quieter = (u: string) => has(u, 'turn it down', 'quieter', 'volume down', 'turn down the volume', 'turn the volume down', 'decrease the volume', 'lower the volume');

export const volume: SkillDefinition = {
	id: VOLUME_SKILL_ID,
	className: 'VolumeSkill',
	intents: [
		{
			name: 'change_volume',
			handler: 'handle_change_volume_intent',
			match: (u) => {
				const n = /\bvolume (?:to )?(\d{1,3})\b|\b(\d{1,3}) ?(?:%|percent)/.exec(words(u));
				return has(u, 'volume') && n ? { level: Number(n[1] ?? n[2]) } : null;
			},
			async run(turn) {
				const level = Math.min(100, Number(turn.slots.level));
				const say = inLang(SAY, turn.session);
				await turn.speak(level >= 100 ? say.max : say.set(level), { dialog: level >= 100 ? 'volume.max' : 'volume.set.percent' });
				turn.emit('mycroft.volume.set', { percent: level / 100 });
			}
		},
		{
			name: 'increase_volume',
			handler: 'handle_increase_volume_intent',
			match: (u) => (louder(u) ? {} : null),
			async run(turn, skill) {
				const now = await queryVolume(turn, skill);
				const say = inLang(SAY, turn.session);
				if (now === null) return turn.speak(say.cantGet, { dialog: 'error.get.volume' });
				if (now >= 100) return turn.speak(say.alreadyMax, { dialog: 'volume.max.already' });
				turn.emit('mycroft.volume.increase', { percent: STEP / 100 });
				await turn.speak(say.set(Math.min(100, now + STEP)), { dialog: 'volume.set.percent' });
			}
		},
		{
			name: 'less_volume',
			handler: 'handle_less_volume_intent',
			match: (u) => (quieter(u) ? {} : null),
			async run(turn, skill) {
				const now = await queryVolume(turn, skill);
				const say = inLang(SAY, turn.session);
				if (now === null) return turn.speak(say.cantGet, { dialog: 'error.get.volume' });
				turn.emit('mycroft.volume.decrease', { percent: STEP / 100 });
				await turn.speak(say.set(Math.max(0, now - STEP)), { dialog: 'volume.set.percent' });
			}
		},
		{
			name: 'volume.unmute.intent',
			handler: 'handle_unmute_intent',
			match: (u) => (has(u, 'unmute') ? {} : null),
			run: async (turn) => turn.emit('mycroft.volume.unmute')
		},
		{
			name: 'volume.mute.intent',
			handler: 'handle_mute_intent',
			match: (u) => (has(u, 'mute', 'mute the volume', 'mute audio') ? {} : null),
			run: async (turn) => turn.emit('mycroft.volume.mute')
		}
	]
};
