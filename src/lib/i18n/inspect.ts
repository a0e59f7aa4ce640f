/** Texts of the inspector (see en/inspect.ts). */
import en from './en/inspect';
import { area } from './runtime.svelte';

export const INSPECT = area(en, { pt: () => import('./pt/inspect'), de: () => import('./de/inspect'), 'pt-BR': () => import('./pt-BR/inspect') });
