/** Texts of /settings (see en/settings.ts). */
import en from './en/settings';
import { area } from './runtime.svelte';

export const SETTINGS_TEXT = area(en, { pt: () => import('./pt/settings'), de: () => import('./de/settings'), 'pt-BR': () => import('./pt-BR/settings') });
