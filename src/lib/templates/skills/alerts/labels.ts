/** Fixed words of the alerts pages (one place, for the languages work). */
export const ALERTS_LABELS = {
	timer: 'Timer',
	timers: 'Timers',
	noTimers: 'No timers running',
	alarms: 'Alarms',
	alarm: 'Alarm',
	noAlarms: 'No alarms set',
	snooze: 'Snooze',
	cancel: 'Cancel',
	dismiss: 'Dismiss',
	snoozeOnlyRinging: 'Snooze works while the alarm is ringing.',
	noAlarmId: 'This alarm came without an id, so the skill could not tell which one to stop.',
	repeats: 'Repeats',
	list: 'List',
	emptyList: 'Nothing in this list',
	noTime: '--:--'
} as const;
