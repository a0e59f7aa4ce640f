/** The screen's notification popups, the bell and its list, and the volume display (loaded with their first event). */
const en = {
	bell: (count: number) => `Notifications: ${count}`,
	notifications: 'Notifications',
	clearAll: 'Clear all',
	closeList: 'Close notifications',
	none: 'No notifications',
	open: 'Open',
	dismiss: 'Dismiss',
	dismissNotification: 'Dismiss notification',
	fresh: 'new',
	justNow: 'just now',
	tapToOpen: 'tap to open',
	closeNotification: 'Close notification',
	muted: 'Muted',
	volume: (level: string) => `Volume ${level}`
};

export default en;
