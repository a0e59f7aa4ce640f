/** Texts of gui1 (see en/gui1.ts). */
import en from './en/gui1';
import { area } from './runtime.svelte';

export const GUI1_LABELS = area(en, { pt: () => import('./pt/gui1'), de: () => import('./de/gui1') });
