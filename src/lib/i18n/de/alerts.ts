import type en from '../en/alerts';
import type { Messages } from '../types';

const de: Messages<typeof en> = {
	timer: 'Timer',
	timers: 'Timer',
	noTimers: 'Kein Timer läuft',
	alarms: 'Wecker',
	alarm: 'Wecker',
	alarmNamed: (name) => `Wecker ${name}`,
	noAlarms: 'Kein Wecker gestellt',
	snooze: 'Schlummern',
	cancel: 'Löschen',
	dismiss: 'Beenden',
	snoozeOnlyRinging: 'Schlummern geht nur, während der Wecker klingelt.',
	noAlarmId: 'Dieser Wecker kam ohne ID, deshalb weiß der Skill nicht, welchen er ausschalten soll.',
	repeats: 'Wiederholt sich',
	list: 'Liste',
	emptyList: 'Diese Liste ist leer'
};

export default de;
