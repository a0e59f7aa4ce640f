/** Texts of media (see en/media.ts). */
import en from './en/media';
import { area } from './runtime.svelte';

export const MEDIA_LABELS = area(en, { pt: () => import('./pt/media'), de: () => import('./de/media'), 'pt-BR': () => import('./pt-BR/media') });
