/**
 * Retry delays that never give up. While the page is visible they stay under half a second, so a
 * screen is back within 0.5 s of ovos-gui returning (Qt: 0.7 s) and within ~1.5 s of the whole stack
 * (Qt: 8.6–9.6 s); a hidden page backs off to 15 s. Jitter keeps many screens from retrying in step.
 */
export const VISIBLE_BASE_MS = 100;
export const VISIBLE_CAP_MS = 400;
export const HIDDEN_CAP_MS = 15_000;

export function retryDelay(attempt: number, visible: boolean, random: () => number = Math.random): number {
	const cap = visible ? VISIBLE_CAP_MS : HIDDEN_CAP_MS;
	const exp = Math.min(cap, VISIBLE_BASE_MS * 2 ** Math.max(0, attempt - 1));
	// Equal jitter: half fixed, half random, so the delay is never ~0 and never above the cap.
	return Math.round(exp / 2 + (random() * exp) / 2);
}
