/** Texts of date-time (see en/date-time.ts). */
import en from './en/date-time';
import { area } from './runtime.svelte';

export const DATE_TIME_LABELS = area(en, { pt: () => import('./pt/date-time'), de: () => import('./de/date-time') });
