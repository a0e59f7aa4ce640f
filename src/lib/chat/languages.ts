/** Languages offered in the chat's language choice; "Auto" (null) lets OVOS use its own. */
export const CHAT_LANGUAGES: readonly { readonly tag: string | null; readonly label: string }[] = [
	{ tag: null, label: 'Auto' },
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
