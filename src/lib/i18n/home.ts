/** Texts of home (see en/home.ts). */
import en from './en/home';
import { area } from './runtime.svelte';

export const HOME_LABELS = area(en, { pt: () => import('./pt/home'), de: () => import('./de/home') });
