/** The alerts skill's pages: timers, alarms, lists. */
const en = {
	timer: 'Timer',
	timers: 'Timers',
	noTimers: 'No timers running',
	alarms: 'Alarms',
	alarm: 'Alarm',
	alarmNamed: (name: string) => `Alarm ${name}`,
	noAlarms: 'No alarms set',
	snooze: 'Snooze',
	cancel: 'Cancel',
	dismiss: 'Dismiss',
	snoozeOnlyRinging: 'Snooze works while the alarm is ringing.',
	noAlarmId: 'This alarm came without an id, so the skill could not tell which one to stop.',
	repeats: 'Repeats',
	list: 'List',
	emptyList: 'Nothing in this list'
};

export default en;
