/**
 * A reply's bubble as the panel draws it (server-rendered here): what a stopped reply says.
 */
import { render } from 'svelte/server';
import { afterAll, describe, expect, it } from 'vitest';
import ChatBubble from '../../src/lib/chat/ChatBubble.svelte';
import { ChatRequestError } from '../../src/lib/chat/chat-client';
import type { ChatEntry } from '../../src/lib/chat/history';
import { CHAT } from '../../src/lib/i18n/chat';
import { loadLanguage, useLanguage } from '../../src/lib/i18n/runtime.svelte';

/** The words a person reads, without the markup and comments. */
const wordsOf = (html: string) =>
	html
		.replace(/<!--[\s\S]*?-->/g, '')
		.replace(/<[^>]+>/g, ' ')
		.replace(/\s+/g, ' ')
		.trim();

afterAll(() => useLanguage({ lang: 'en', locale: 'en-US' }));

describe('a stopped reply', () => {
	for (const [lang, locale, word] of [
		['en', 'en-US', 'stopped'],
		['de', 'de-DE', 'angehalten'],
		['pt', 'pt-PT', 'parado'],
		['pt', 'pt-BR', 'parado']
	] as const) {
		it(`says it was stopped once (${locale})`, async () => {
			await loadLanguage({ lang, locale });
			useLanguage({ lang, locale });
			// As the panel keeps a reply the reader stopped: what was said so far, and the stop's own words.
			const stop = new ChatRequestError('aborted', CHAT.stoppedDetail);
			const entry: ChatEntry = { id: 'r', role: 'assistant', text: 'Checking the system.', state: 'stopped', detail: stop.message, at: 0 };
			const words = wordsOf(render(ChatBubble, { props: { entry } }).body);
			expect(words).toBe(`Checking the system. ${CHAT.stopped}`);
			expect(words.toLowerCase().split(word).length - 1).toBe(1);
		});
	}
});
