/** Texts of weather (see en/weather.ts). */
import en from './en/weather';
import { area } from './runtime.svelte';

export const WEATHER_LABELS = area(en, { pt: () => import('./pt/weather'), de: () => import('./de/weather'), 'pt-BR': () => import('./pt-BR/weather') });
