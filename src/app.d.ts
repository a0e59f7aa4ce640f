// See https://svelte.dev/docs/kit/types#app.d.ts
declare global {
	namespace App {
		interface Platform {
			/** adapter-node's Node request (absent under `vite dev`): the chat routes watch its socket. */
			req?: import('node:http').IncomingMessage;
		}
	}
}
export {};
