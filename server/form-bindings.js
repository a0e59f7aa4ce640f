/**
 * Keeps Svelte's form bindings (`bind:value`, `bind:checked`, `bind:group`, `bind:files`, and a
 * `<select>`'s) out of the runtime chunk every route loads, as a Vite plugin for the build.
 * Rolldown puts every Svelte runtime module in one shared chunk, as all of them are re-exported by
 * `svelte/internal/client`; the kiosk never binds an input, yet loaded them at start. In a chunk of
 * their own they come with the pages and templates that bind one (/settings, /chat, the input box).
 * Svelte declares no `sideEffects`, so the module is marked free of them (it only defines
 * functions): else the runtime chunk imports it anyway, to keep the execution order.
 */
const INPUT_BINDINGS = /svelte[\\/]src[\\/]internal[\\/]client[\\/]dom[\\/]elements[\\/]bindings[\\/](input|select)\.js$/;

/** @returns {import('vite').Plugin} */
export function formBindingsApart() {
	return {
		name: 'ovos-screen:form-bindings-apart',
		apply: 'build',
		// After SvelteKit's config, whose 'strict' entry signatures forbid a group without its dependencies.
		enforce: 'post',
		config: (_, env) =>
			env.isSsrBuild
				? undefined
				: {
						build: {
							rolldownOptions: {
								preserveEntrySignatures: 'allow-extension',
								output: { codeSplitting: { groups: [{ name: 'svelte-input', test: INPUT_BINDINGS, includeDependenciesRecursively: false }] } }
							}
						}
					},
		transform: {
			filter: { id: INPUT_BINDINGS },
			handler: (code) => ({ code, map: null, moduleSideEffects: false })
		}
	};
}
