/** The theme a page file is told (`element.theme`): the screen's chosen one, or the system's when it follows it. */
export type Theme = 'light' | 'dark';

const LIGHT = '(prefers-color-scheme: light)';

/** `<html data-theme>` (light, dark or auto), auto read from the system. */
export function themeOf(): Theme {
	if (typeof document === 'undefined') return 'dark';
	const chosen = document.documentElement.dataset.theme;
	if (chosen === 'light' || chosen === 'dark') return chosen;
	return matchMedia(LIGHT).matches ? 'light' : 'dark';
}

/** Calls `fn` with the theme whenever it changes (a choice on /settings, the system's); returns the stop. */
export function watchTheme(fn: (theme: Theme) => void): () => void {
	const tell = () => fn(themeOf());
	const media = matchMedia(LIGHT);
	media.addEventListener('change', tell);
	const seen = new MutationObserver(tell);
	seen.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
	return () => {
		media.removeEventListener('change', tell);
		seen.disconnect();
	};
}
