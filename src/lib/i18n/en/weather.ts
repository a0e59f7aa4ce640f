/** The weather pages and icons (the weather skill's pages, OVOS-GUI-1 SYSTEM_weather). Tags are capitals on purpose, as the skill draws them. */
const en = {
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
	dailyPage: 'Daily forecast',
	weather: 'Weather',
	/** Accessible names of the weather icons. */
	sky: {
		clear: 'Clear sky',
		few: 'Few clouds',
		scattered: 'Scattered clouds',
		broken: 'Cloudy',
		shower: 'Showers',
		rain: 'Rain',
		storm: 'Thunderstorm',
		snow: 'Snow',
		mist: 'Mist',
		unknown: 'Weather'
	},
	atNight: (sky: string) => `${sky}, night`,
	/** Names under the values of the stat tiles. */
	stat: {
		precipitation: 'Precipitation',
		wind: 'Wind',
		humidity: 'Humidity',
		high: 'High',
		low: 'Low'
	}
};

export default en;
