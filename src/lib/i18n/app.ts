/** The texts every page may show from its first paint (see en/app.ts). */
import en from './en/app';
import { area } from './runtime.svelte';

export const APP = area(en, { pt: () => import('./pt/app'), de: () => import('./de/app'), 'pt-BR': () => import('./pt-BR/app') });
