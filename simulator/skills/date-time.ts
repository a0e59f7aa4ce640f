/**
 * Date and time (ovos-skill-date-time): "what time is it" speaks the time
 * and briefly shows the `time` page; "what's the date" the `date` page. Both clear the namespace
 * first and use the session's time and date format and language on the device's clock.
 */
import type { SkillContext, SkillDefinition, Turn } from '../workshop';
import { asDateFormat, dateStrings, displayTime, localTime, type LocalTime } from './dates';
import { has } from './match';
import { langOf, WORDS } from './words';

export const DATE_TIME_ID = 'ovos-skill-date-time.openvoiceos';

function now(skill: SkillContext): LocalTime {
	return localTime(skill.clock.now(), skill.timeZone);
}

/** `get_display_date`: the date in the session's order, e.g. "05/3/2026" (DMY). */
function displayDate(t: LocalTime, format: string): string {
	return dateStrings(t, asDateFormat(format)).date_string;
}

function showTime(turn: Turn, skill: SkillContext, displayed: string): void {
	skill.gui.clear();
	skill.gui.set('time_string', displayed);
	skill.gui.set('ampm_string', '');
	skill.gui.set('date_string', displayDate(now(skill), String(turn.session.date_format ?? 'DMY')));
	skill.gui.showPage('time');
}

function showDate(turn: Turn, skill: SkillContext, t: LocalTime): void {
	const format = String(turn.session.date_format ?? 'DMY');
	const words = WORDS[langOf(turn.session)];
	skill.gui.clear();
	// str(location) of no location asked for: the real skill sends "None".
	skill.gui.set('location_string', 'None');
	skill.gui.set('date_string', displayDate(t, format));
	skill.gui.set('weekday_string', words.weekdays[t.weekday] ?? '');
	skill.gui.set('day_string', String(t.day).padStart(2, '0'));
	skill.gui.set('month_string', words.months[t.month - 1] ?? '');
	skill.gui.set('year_string', String(t.year));
	const day = String(t.day).padStart(2, '0');
	skill.gui.set('daymonth_string', words.dayMonth(day, words.months[t.month - 1] ?? '', format === 'MDY'));
	skill.gui.showPage('date');
}

export const dateTime: SkillDefinition = {
	id: DATE_TIME_ID,
	className: 'TimeSkill',
	ui: { qt5: ['time', 'date'] },
	examples: {
		en: ['what time is it', "what's the date today"],
		de: ['wie spät ist es', 'welches Datum ist heute'],
		pt: ['que horas são', 'que dia é hoje']
	},
	intents: [
		{
			name: 'what.time.is.it.intent',
			handler: 'handle_query_time',
			match: (u) => (has(u, 'time') && has(u, 'what', "what's", 'tell') && !has(u, 'timer') ? {} : null),
			async run(turn, skill) {
				const displayed = displayTime(now(skill), turn.session.time_format !== 'half');
				await turn.speak(WORDS[langOf(turn.session)].time(displayed), { dialog: 'time.current' });
				showTime(turn, skill, displayed);
			}
		},
		{
			name: 'current_date.intent',
			handler: 'handle_current_date',
			match: (u) => (has(u, 'date', 'day is it', 'day is today', "today's date") ? {} : null),
			async run(turn, skill) {
				const t = now(skill);
				const words = WORDS[langOf(turn.session)];
				await turn.speak(words.date(words.weekdays[t.weekday] ?? '', t.day, words.months[t.month - 1] ?? '', t.year), { dialog: 'date' });
				showDate(turn, skill, t);
			}
		}
	]
};
