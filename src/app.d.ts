// See https://svelte.dev/docs/kit/types#app.d.ts
declare global {
	namespace App {
		interface Locals {
			/** The UI language this request is answered in (hooks.server.ts). */
			i18n: import('$lib/i18n/languages').LanguageChoice;
			/** Who is asking (hooks.server.ts; `whoIs`, src/lib/server/guards/identity.ts). */
			identity: import('$lib/server/guards/identity').Identity;
		}
		interface Platform {
			/** adapter-node's Node request (absent under `vite dev`): the chat routes watch its socket. */
			req?: import('node:http').IncomingMessage;
		}
	}
}
export {};
