/**
 * Timer: an image frame plus the skill's own `timer` page (a custom page a browser cannot render, so
 * clients show their unknown-page fallback), a countdown in the data, and the two-turn dialogue
 * "set a timer" → "for how long?" (`get_response`, spec chat-agent.md §7.5).
 */
import { TIMER_IMAGE } from '../assets';
import { sleep } from '../../clock';
import type { SkillContext, SkillDefinition, Turn } from '../workshop';
import { clockFace, has, parseDuration, spokenDuration } from './match';

export const TIMER_SKILL_ID = 'ovos-skill-timer.openvoiceos';

/** The running countdown of each simulator's timer skill. */
const running = new WeakMap<SkillContext, AbortController>();

function startTimer(skill: SkillContext, seconds: number): void {
	running.get(skill)?.abort();
	const ctl = new AbortController();
	running.set(skill, ctl);
	const signal = AbortSignal.any([ctl.signal, skill.signal]);
	const end = skill.clock.now() + seconds * 1000;
	skill.gui.update({ timer_name: 'Timer', duration: seconds, remaining: clockFace(seconds), expired: false });
	skill.gui.showImage(TIMER_IMAGE, { title: 'Timer', caption: clockFace(seconds), fill: 'PreserveAspectFit', idle: true });
	skill.gui.showPages(['SYSTEM_ImageFrame', 'timer'], 1, true);
	void (async () => {
		for (;;) {
			await sleep(skill.clock, 1000, signal);
			if (signal.aborted) return;
			const left = Math.max(0, (end - skill.clock.now()) / 1000);
			skill.gui.update({ remaining: clockFace(left), caption: clockFace(left) });
			if (left <= 0) break;
		}
		skill.gui.update({ expired: true, caption: "Time's up" });
		// Outside any handler: the default session, so only the device hears it (spec chat-agent.md §3.3).
		skill.speakDefault('Your timer is done.');
		await sleep(skill.clock, 8000, signal);
		if (!signal.aborted) skill.gui.clear();
	})();
}

async function confirm(turn: Turn, skill: SkillContext, seconds: number): Promise<void> {
	startTimer(skill, seconds);
	await turn.speak(`Timer set for ${spokenDuration(seconds)}.`, { dialog: 'timer.started' });
}

export const timer: SkillDefinition = {
	id: TIMER_SKILL_ID,
	className: 'TimerSkill',
	pages: ['timer'],
	intents: [
		{
			name: 'StartTimerWithDurationIntent',
			handler: 'handle_start_timer',
			match: (u) => {
				const seconds = has(u, 'timer') ? parseDuration(u) : null;
				return seconds === null ? null : { duration: seconds };
			},
			run: (turn, skill) => confirm(turn, skill, Number(turn.slots.duration))
		},
		{
			name: 'StartTimerIntent',
			handler: 'handle_start_timer',
			match: (u) => (has(u, 'timer') && !has(u, 'cancel', 'stop') ? {} : null),
			async run(turn, skill) {
				const answer = await turn.getResponse('For how long?', 'ask.duration');
				if (answer === null) return;
				const seconds = parseDuration(answer);
				if (seconds === null) await turn.speak("Sorry, I didn't catch a duration.", { dialog: 'no.duration' });
				else await confirm(turn, skill, seconds);
			}
		},
		{
			name: 'CancelTimerIntent',
			handler: 'handle_cancel_timer',
			match: (u) => (has(u, 'timer') && has(u, 'cancel', 'stop') ? {} : null),
			async run(turn, skill) {
				running.get(skill)?.abort();
				running.delete(skill);
				skill.gui.clear();
				await turn.speak('Timer cancelled.', { dialog: 'timer.cancelled' });
			}
		}
	]
};
