/** Texts of alerts (see en/alerts.ts). */
import en from './en/alerts';
import { area } from './runtime.svelte';

export const ALERTS_LABELS = area(en, { pt: () => import('./pt/alerts'), de: () => import('./de/alerts'), 'pt-BR': () => import('./pt-BR/alerts') });
