/** Fixed words of the weather pages, in one place for the languages work. */
export const LABELS = {
	hourly: 'HOURLY',
	daily: 'DAILY',
	noHourly: 'No hourly forecast yet',
	noDaily: 'No daily forecast yet',
	current: 'Current weather',
	singleDay: 'Forecast for one day',
	sunriseSunset: 'Sunrise and sunset',
	sunrise: 'Sunrise',
	sunset: 'Sunset',
	hourlyPage: 'Hourly forecast',
	dailyPage: 'Daily forecast'
} as const;
