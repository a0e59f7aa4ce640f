/** Texts of the kiosk's shade (see en/kiosk.ts). */
import en from './en/kiosk';
import { area } from './runtime.svelte';

export const KIOSK = area(en, { pt: () => import('./pt/kiosk'), de: () => import('./de/kiosk') });
