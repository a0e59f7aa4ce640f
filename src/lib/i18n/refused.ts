/** Texts of a refused host's page (see en/refused.ts). */
import en from './en/refused';
import { area } from './runtime.svelte';

export const REFUSED = area(en, { pt: () => import('./pt/refused'), de: () => import('./de/refused'), 'pt-BR': () => import('./pt-BR/refused') });
