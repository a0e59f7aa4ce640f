// `node build` runs the last build (build/index.js). Node looks for this file before the build folder,
// so a checkout that has not been built yet says what to do in one line instead of a stack trace.
import { existsSync } from 'node:fs';

const entry = new URL('./build/index.js', import.meta.url);
if (!existsSync(entry)) {
	console.error('ovos-screen: there is no build to run yet: run npm start first (it builds, then runs the app), or npm run build');
	process.exit(1);
}
await import(entry.href);
