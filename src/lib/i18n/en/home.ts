/** The home screen (the homescreen skill's idle page, OVOS-GUI-1 SYSTEM_idle). */
const en = {
	home: 'Home',
	askMe: (example: string) => `Ask Me ${example}`,
	notifications: 'Notifications',
	openNotifications: 'Show notifications',
	openNotificationsCount: (n: number) => `Show notifications (${n})`,
	closeNotifications: 'Close notifications',
	clearAll: 'Clear all',
	noNotifications: 'No notifications',
	actOnNotification: (sender: string, text: string) => `Open and remove: ${sender} ${text}`,
	activeTimers: (n: number) => `Show running timers (${n})`,
	activeAlarms: (n: number) => `Show alarms (${n})`,
	offline: 'Offline',
	noInternet: 'Network, but no internet',
	apps: 'Apps',
	openApps: 'Show apps',
	closeApps: 'Close apps',
	play: 'Play',
	pause: 'Pause',
	stop: 'Stop',
	openPlayer: 'Open the media player',
	nowPlaying: 'Now playing',
	nightClock: 'Night clock',
	leaveNightClock: 'Back to the home screen',
	nextWallpaper: 'Next wallpaper'
};

export default en;
