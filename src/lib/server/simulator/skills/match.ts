/** Tiny phrase matching for the demo intents: lower-case, punctuation-free words. */
export function words(utterance: string): string {
	return ` ${utterance.toLowerCase().replace(/[^a-z0-9' ]+/g, ' ').replace(/\s+/g, ' ').trim()} `;
}

/** True when any of the phrases appears as whole words. */
export function has(utterance: string, ...phrases: string[]): boolean {
	const w = words(utterance);
	return phrases.some((p) => w.includes(` ${p} `));
}

const NUMBERS: Record<string, number> = {
	a: 1,
	an: 1,
	one: 1,
	two: 2,
	three: 3,
	four: 4,
	five: 5,
	six: 6,
	seven: 7,
	eight: 8,
	nine: 9,
	ten: 10,
	fifteen: 15,
	twenty: 20,
	thirty: 30,
	forty: 40,
	fifty: 50,
	sixty: 60
};
const UNITS: Record<string, number> = { second: 1, sec: 1, minute: 60, min: 60, hour: 3600 };

/** "5 minutes", "one hour and 30 seconds" → seconds; null when no duration is said. */
export function parseDuration(utterance: string): number | null {
	const re = /\b(\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty|thirty|forty|fifty|sixty)\s*(second|sec|minute|min|hour)s?\b/g;
	let total = 0;
	let found = false;
	for (const m of utterance.toLowerCase().matchAll(re)) {
		const n = /^\d+$/.test(m[1] ?? '') ? Number(m[1]) : (NUMBERS[m[1] ?? ''] ?? 0);
		total += n * (UNITS[m[2] ?? ''] ?? 0);
		found = true;
	}
	return found && total > 0 ? total : null;
}
