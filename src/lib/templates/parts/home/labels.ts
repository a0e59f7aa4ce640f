/** Fixed words of the home screen (one place, for the languages work). */
export const HOME_LABELS = {
	home: 'Home',
	askMe: 'Ask Me',
	notifications: 'Notifications',
	openNotifications: 'Show notifications',
	closeNotifications: 'Close notifications',
	clearAll: 'Clear all',
	noNotifications: 'No notifications',
	actOnNotification: 'Open and remove',
	activeTimers: 'Show running timers',
	activeAlarms: 'Show alarms',
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
	nextWallpaper: 'Next wallpaper',
	/** The homescreen's 0–7 weather codes (ICON_CODE_MAP of the weather skill). */
	weather: ['Sunny', 'Partly cloudy', 'Cloudy', 'Rain', 'Rain', 'Storm', 'Snow', 'Fog'],
	weatherUnknown: 'Weather'
} as const;
