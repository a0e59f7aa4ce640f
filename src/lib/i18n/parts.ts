/** Texts of parts (see en/parts.ts). */
import en from './en/parts';
import { area } from './runtime.svelte';

export const PARTS_LABELS = area(en, { pt: () => import('./pt/parts'), de: () => import('./de/parts') });
