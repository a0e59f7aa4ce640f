/** Texts of system (see en/system.ts). */
import en from './en/system';
import { area } from './runtime.svelte';

export const SYSTEM_TEXT = area(en, { pt: () => import('./pt/system'), de: () => import('./de/system'), 'pt-BR': () => import('./pt-BR/system') });
