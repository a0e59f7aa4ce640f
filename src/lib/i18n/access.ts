/** Texts of who is let in: the device's pairing codes and /settings' paired browsers and tokens (see en/access.ts). */
import en from './en/access';
import { area } from './runtime.svelte';

export const ACCESS = area(en, { pt: () => import('./pt/access'), de: () => import('./de/access') });
