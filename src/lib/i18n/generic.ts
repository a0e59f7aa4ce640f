/** Texts of generic (see en/generic.ts). */
import en from './en/generic';
import { area } from './runtime.svelte';

export const GENERIC_LABELS = area(en, { pt: () => import('./pt/generic'), de: () => import('./de/generic') });
