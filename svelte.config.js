import adapter from '@sveltejs/adapter-node';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';
import { freshBuilds } from './server/builds.js';

/** @type {import('@sveltejs/kit').Config} */
export default {
	preprocess: vitePreprocess(),
	kit: {
		// A route's stylesheets go inline (the screens' is 43 KB, 8.5 KB gzip): a linked one held the
		// first paint until the server answered it, 0.1-0.4 s on a busy machine.
		inlineStyleThreshold: 65536,
		// Each build in a fresh folder, `build` switched to it when complete: a running app survives any later build.
		adapter: freshBuilds((out) => adapter({ out })),
		// Cross-site posts are refused by our own check (hooks.server.ts), which knows the address the
		// browser used; SvelteKit's guesses https when ORIGIN is unset and refused the app's own pages.
		csrf: { trustedOrigins: ['*'] },
		// Pages' policy: scripts only from this app, the inline ones SvelteKit writes (and
		// app.html's) by nonce; no plugins; framed by this app only. Screens connect to ovos-gui and
		// its bus on other hosts and ports (ws:, and an http: probe of the same port), show images and
		// media from wherever skills point, and frame web pages (which run without script) and the
		// holder of skill HTML (static/skill-frame.html). Styles may be inline: Svelte writes style
		// attributes, and small stylesheets are inlined.
		csp: {
			mode: 'auto',
			directives: {
				'default-src': ['self'],
				// Svelte's server-rendered <img onerror> is the attribute `this.__e=event`, which keeps a load
				// error that comes before hydration for the component to replay (a broken wallpaper then shows its
				// fallback). Allowed by its hash alone: no other inline handler runs.
				'script-src': ['self', 'unsafe-hashes', 'sha256-7dQwUgLau1NFCCGjfn9FsYptB6ZtWxJin6VohGIu20I='],
				'style-src': ['self', 'unsafe-inline'],
				'img-src': ['self', 'data:', 'blob:', 'http:', 'https:'],
				'media-src': ['self', 'data:', 'blob:', 'http:', 'https:'],
				'font-src': ['self', 'data:'],
				'connect-src': ['self', 'ws:', 'wss:', 'http:', 'https:'],
				'frame-src': ['self', 'http:', 'https:'],
				'worker-src': ['self'],
				'manifest-src': ['self'],
				'object-src': ['none'],
				'base-uri': ['self'],
				'form-action': ['self'],
				'frame-ancestors': ['self']
			}
		},
		// The offline shell is registered by app.html after the first paint, with its update rules.
		serviceWorker: { register: false },
		// Browser tests, benchmarks and the simulator (a room of its own beside src/) are type-checked
		// with the rest (`npm run check`).
		typescript: {
			config: (tsconfig) => {
				tsconfig.include.push('../e2e/**/*.ts', '../bench/**/*.ts', '../simulator/**/*.ts', '../playwright.config.ts');
			}
		}
	}
};
