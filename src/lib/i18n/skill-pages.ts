/** Texts of skill-pages (see en/skill-pages.ts). */
import en from './en/skill-pages';
import { area } from './runtime.svelte';

export const SKILL_PAGE_LABELS = area(en, { pt: () => import('./pt/skill-pages'), de: () => import('./de/skill-pages'), 'pt-BR': () => import('./pt-BR/skill-pages') });
