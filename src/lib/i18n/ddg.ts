/** Texts of ddg (see en/ddg.ts). */
import en from './en/ddg';
import { area } from './runtime.svelte';

export const DDG_LABELS = area(en, { pt: () => import('./pt/ddg'), de: () => import('./de/ddg') });
