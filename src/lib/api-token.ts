/**
 * The OVOS_SCREEN_TOKEN a browser was handed (`?token=…` on any page, once), kept in localStorage so
 * the chat and the screen's bus window send it with their requests.
 */
export const API_TOKEN_KEY = 'ovos-screen.api-token';

type Store = Pick<Storage, 'getItem' | 'setItem'>;

function storage(): Store | null {
	try {
		return typeof localStorage === 'undefined' ? null : localStorage;
	} catch {
		return null;
	}
}

export function storedApiToken(store: Store | null = storage()): string | null {
	try {
		return store?.getItem(API_TOKEN_KEY) ?? null;
	} catch {
		return null;
	}
}

/** Keeps `?token=` of `url` if there is one; returns the URL without it (null when there was none). */
export function takeApiToken(url: URL, store: Store | null = storage()): URL | null {
	const token = url.searchParams.get('token');
	if (!token) return null;
	try {
		store?.setItem(API_TOKEN_KEY, token);
	} catch {
		/* private mode: the token lasts this page only */
	}
	const rest = new URL(url);
	rest.searchParams.delete('token');
	return rest;
}

/** Keeps `token` for the chat and the bus window (/settings), or forgets it (null). */
export function keepApiToken(token: string | null, store: (Store & Pick<Storage, 'removeItem'>) | null = storage() as (Store & Pick<Storage, 'removeItem'>) | null): void {
	try {
		if (token) store?.setItem(API_TOKEN_KEY, token);
		else store?.removeItem(API_TOKEN_KEY);
	} catch {
		/* private mode: nothing is kept */
	}
}
