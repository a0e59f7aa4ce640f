/** Texts of the notifications and volume overlays (see en/notices.ts). */
import en from './en/notices';
import { area } from './runtime.svelte';

export const NOTICES = area(en, { pt: () => import('./pt/notices'), de: () => import('./de/notices') });
