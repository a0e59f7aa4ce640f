import { plural } from '../plural';

/** Who is let in: the pairing page a stranger gets, the code on the device's screens, /settings' paired browsers and tokens. `{name}`: a code span. */
const en = {
	// The pairing page (a browser the device does not know yet).
	pairTitle: 'Pair this browser',
	pairWhat: 'This app shows the screens of a voice assistant on your network. Before it shows anything here, pair this browser with the device, as you would a TV.',
	pairName: 'Name of this browser (shown on the device)',
	pairAsk: 'Show a code on the device',
	pairAskAgain: 'Show the code again',
	pairAskNew: 'Ask for a new code',
	pairShown: (minutes: number) =>
		plural('en', minutes, {
			one: `A 6-digit code is on the device’s screen now, and said aloud if it has a voice. Type it here within ${minutes} minute.`,
			other: `A 6-digit code is on the device’s screen now, and said aloud if it has a voice. Type it here within ${minutes} minutes.`
		}),
	pairCode: 'Code',
	pairGo: 'Pair',
	pairWrong: (left: number) => plural('en', left, { one: `That is not the code: ${left} try left.`, other: `That is not the code: ${left} tries left.` }),
	pairVoid: 'That code had too many wrong tries. Ask for a new one.',
	pairNoCode: 'No code is waiting for this browser (it ran out or was used). Ask for a new one.',
	pairLimit: (minutes: number) => plural('en', minutes, { one: `Too many tries. Try again in ${minutes} minute.`, other: `Too many tries. Try again in ${minutes} minutes.` }),
	pairFull: 'The device keeps no more paired browsers. Forget one on its /settings first.',
	pairToken: 'Have an API token from the device’s /settings? Open this address with {token} added.',

	// The code on the device's own screens.
	codeTitle: 'Pairing request',
	codeFrom: '{name} at {address} asks to be paired. Type this code there:',
	codeUntil: 'Good until {time}',
	codeHide: 'Hide',
	/** Said by the device (digits one by one). */
	codeSpoken: (digits: string) => `The pairing code is ${digits}.`,

	// /settings.
	title: 'Paired browsers and tokens',
	what: 'This machine itself is always let in. From anywhere else a browser must be paired, with a code the device shows, or a tool must send an API token.',
	you: 'You are: {who}.',
	youDevice: 'this device',
	youPaired: 'a paired browser',
	youToken: 'a token holder',
	youTrusted: 'on a trusted network ({network})',
	manageWhere: 'Paired browsers and tokens are managed on the device itself or from a paired browser.',
	browsers: 'Paired browsers',
	noBrowsers: 'No browser is paired.',
	name: 'Name',
	address: 'Address',
	pairedAt: 'Paired',
	lastSeen: 'Last seen',
	thisBrowser: 'this browser',
	viaToken: 'handed over by a token',
	forget: 'Forget',
	forgetWhat: 'A forgotten browser loses its screens at once and must be paired again.',
	tokens: 'API tokens',
	tokensWhat: 'For chat tools and scripts: they send it as {header}. A page opened once with {query} added pairs that browser.',
	noTokens: 'No token made.',
	madeAt: 'Made',
	lastUsed: 'Last used',
	never: 'never',
	tokenName: 'Name of the new token',
	tokenNamePlaceholder: 'e.g. Open WebUI',
	make: 'Make a token',
	made: 'Copy the token now: it is shown only this once.',
	copy: 'Copy',
	copied: 'Copied',
	revoke: 'Revoke',
	revokeWhat: 'Revoking a token also forgets the browsers it paired.',
	envToken: 'OVOS_SCREEN_TOKEN is set: it is a token too, changed only where the server is set up.',
	failed: 'That did not work: {reason}'
};

export default en;
