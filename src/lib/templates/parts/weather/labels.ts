/** Fixed words of the weather icons (their accessible names), in one place for the languages work. */
import type { Sky } from './icons';

export const SKY_LABELS: Readonly<Record<Sky | 'unknown', string>> = {
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
};

export const ICON_LABELS = {
	night: 'night',
	sunrise: 'Sunrise',
	sunset: 'Sunset',
	precipitation: 'Chance of precipitation',
	wind: 'Wind',
	humidity: 'Humidity'
} as const;

/** Short names under the values of the stat tiles. */
export const STAT_LABELS = {
	precipitation: 'Precipitation',
	wind: 'Wind',
	humidity: 'Humidity',
	high: 'High',
	low: 'Low'
} as const;
