/**
 * Languages offered in the chat's language choice, each in its own name. The first (null, the
 * default) is the reader's own, the page's: OVOS takes the message in it when the device has it,
 * else in its own (and the reply says so); its label is the UI's ("Your language"). A chosen one is
 * taken as it is, whatever the device has.
 */
export const CHAT_LANGUAGES: readonly { readonly tag: string | null; readonly label: string | null }[] = [
	{ tag: null, label: null },
	{ tag: 'en-US', label: 'English (US)' },
	{ tag: 'en-GB', label: 'English (UK)' },
	{ tag: 'de-DE', label: 'Deutsch' },
	{ tag: 'fr-FR', label: 'Français' },
	{ tag: 'es-ES', label: 'Español' },
	{ tag: 'it-IT', label: 'Italiano' },
	{ tag: 'nl-NL', label: 'Nederlands' },
	{ tag: 'pt-PT', label: 'Português (PT)' },
	{ tag: 'pt-BR', label: 'Português (BR)' },
	{ tag: 'ca-ES', label: 'Català' },
	{ tag: 'da-DK', label: 'Dansk' },
	{ tag: 'sv-SE', label: 'Svenska' },
	{ tag: 'pl-PL', label: 'Polski' }
];
