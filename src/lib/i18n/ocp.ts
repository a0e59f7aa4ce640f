/** Texts of ocp (see en/ocp.ts). */
import en from './en/ocp';
import { area } from './runtime.svelte';

export const OCP_LABELS = area(en, { pt: () => import('./pt/ocp'), de: () => import('./de/ocp'), 'pt-BR': () => import('./pt-BR/ocp') });
