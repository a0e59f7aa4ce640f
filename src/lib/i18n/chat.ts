/** Texts of the chat (see en/chat.ts). */
import en from './en/chat';
import { area } from './runtime.svelte';

export const CHAT = area(en, { pt: () => import('./pt/chat'), de: () => import('./de/chat'), 'pt-BR': () => import('./pt-BR/chat') });
