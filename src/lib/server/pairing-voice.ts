/**
 * A pairing code asked for is written to the app's log and said by the device (a `speak` in its own
 * session, on the bus the app already holds); the device's screens show it too (the desk's `watch`,
 * /api/pair/codes). Without a voice, or with the bus down, the screens and the log still have it.
 */
import de from '$lib/i18n/de/access';
import en from '$lib/i18n/en/access';
import { langOf } from '$lib/i18n/languages';
import pt from '$lib/i18n/pt/access';
import { sharedBus } from './bus';
import { config } from './config';
import type { PendingCode } from './guards/pairing';

export function announceCode(p: PendingCode, log: (line: string) => void = console.log): void {
	const lang = config().lang;
	const minutes = Math.round((p.expiresAt - Date.now()) / 60_000);
	// The name is the browser's own words: one line, no control characters, in the log.
	log(`ovos-screen: pairing code ${p.code.slice(0, 3)} ${p.code.slice(3)} for "${p.name.replace(/[\u0000-\u001f\u007f"]/g, '')}" at ${p.address} (good for ${minutes} min)`);
	const t = { en, pt, de }[langOf(lang) ?? 'en'];
	// Digit by digit, in two groups: "1 2 3, 4 5 6", as a TV reads its code.
	const digits = `${[...p.code.slice(0, 3)].join(' ')}, ${[...p.code.slice(3)].join(' ')}`;
	const bus = sharedBus();
	bus.ensureOpen().then(
		() => bus.send({ type: 'speak', data: { utterance: t.codeSpoken(digits), expect_response: false, lang: lang ?? 'en-US' }, context: { source: 'ovos-screen', destination: ['audio'], session: { session_id: 'default' } } }),
		() => {
			/* no bus now: the screens and the log have the code */
		}
	);
}
