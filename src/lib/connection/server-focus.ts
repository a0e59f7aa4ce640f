/**
 * The app server's word on which page each namespace of its OVOS is on (`GET /api/ovos/focus`): its
 * copy of the screen heard ovos-gui's focus events, which ovos-gui does not replay to a new
 * connection. Null when it does not know or cannot be asked; never throws.
 */
import type { PageFocus } from '../screen';

/** An answer later than this is not waited for: the screen stays on the replay's page. */
export const FOCUS_TIMEOUT_MS = 2000;

export function serverFocus(base: string): () => Promise<PageFocus | null> {
	return async () => {
		try {
			const res = await fetch(`${base}/api/ovos/focus`, { cache: 'no-store', signal: AbortSignal.timeout(FOCUS_TIMEOUT_MS) });
			if (!res.ok) return null;
			const body = (await res.json()) as { focus?: unknown };
			// Its entries are checked where they are applied (screen/focus.ts `withFocus`).
			return typeof body.focus === 'object' && body.focus !== null ? (body.focus as PageFocus) : null;
		} catch {
			return null;
		}
	};
}
