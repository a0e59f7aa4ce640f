/**
 * What every page may show from its first paint: the screen's chrome (connection banner, offline
 * notes, back, page dots, voice cue, the Chat button), a page that failed, the bus window's
 * state, the 404 page and the page titles. Kept small: the kiosk loads it at start.
 * `{name}` marks where a component puts markup (a code span) into a sentence.
 */
const en = {
	titleScreen: 'OVOS screen',
	titleKiosk: 'OVOS',

	connecting: (where: string) => `Connecting to ${where}…`,
	/** `where`: the OVOS the screen waits for (host:port of its GUI socket). */
	offlineSince: (time: string, attempt: number, where: string) => `Offline since ${time} · waiting for OVOS at ${where}${attempt > 1 ? ` (attempt ${attempt})` : ''}`,
	offlineWaiting: (where: string) => `Offline · waiting for OVOS at ${where}`,
	clock: 'Clock',
	back: 'Back',
	backKey: 'Back (Esc)',
	backRefused: (reason: string) => `Back from the first page was refused: ${reason}`,
	backNeedsBus: 'Back from the first page needs the core bus, which this screen is not connected to.',
	pagesRole: 'pages',
	pagesOf: (namespace: string, n: number, count: number) => `${namespace}, page ${n} of ${count}`,
	pageNamed: (n: number, name: string) => `Page ${n}: ${name}`,
	pageDots: 'Pages',
	pageDot: (n: number, count: number) => `Page ${n} of ${count}`,
	pageNotLoaded: (why: string) => `This page could not be loaded (${why}). Trying again…`,
	pageFailed: (why: string) => `This page could not be shown (${why}).`,
	couldNotLoad: 'could not load',
	error: 'error',

	listening: 'Listening',
	speaking: 'Speaking',
	thinking: 'Thinking',
	asleep: 'Asleep',

	chat: 'Chat',
	chatWithOvos: 'Chat with OVOS',

	busConnecting: 'Connecting to the app server’s window onto the OVOS bus…',
	busDown: 'The app server is not connected to the OVOS messagebus.',
	busUnreachable: (detail: string) => `The app server’s bus window is not reachable (${detail}).`,
	busToken: 'This browser is no longer paired with the device, so chat, notifications and volume are off here. Open the page again to pair it.',
	tokenMissing: 'Not paired any more: chat, notifications and volume are off. Pair again.',
	busRefused: (reason: string) => `The app server refused its bus window: ${reason}`,
	busClosed: 'The app server’s bus window closed.',
	sendUnreachable: (detail: string) => `could not reach the app server: ${detail}`,
	sendRefused: (status: number) => `refused (HTTP ${status})`,
	busBlocked: (where: string) =>
		`This needs the device’s message bus, which this screen is not connected to: it shows the OVOS at ${where} (set in its address), and the app server reaches only its own.`,
	thisPageHost: 'this page’s host',

	notFound: 'Not found',
	errorTitle: 'Error',
	noSuchPage: 'No such page',
	somethingWrong: 'Something went wrong',
	nothingAt: 'Nothing lives at {path}.',
	// A /media address opened in a browser that cannot be served (the kiosk's pictures get the bare status).
	mediaNotFound: 'No such media file',
	mediaNotMedia: 'Not a media file',
	mediaRefused: 'This file is not shared with the screen',
	mediaBack: 'Back to the screen',
	notShown: 'The page could not be shown.',
	appPages: 'ovos-screen pages',
	pageScreen: 'Screen',
	pageScreenWhat: 'the OVOS screen, with the chat',
	pageKiosk: 'Kiosk',
	pageKioskWhat: 'the device’s own full-screen display',
	pageChat: 'Chat',
	pageChatWhat: 'type to OVOS',
	pageInspect: 'Inspector',
	pageInspectWhat: 'namespaces, pages, data and wire traffic',
	pageSettings: 'Settings',
	pageSettingsWhat: 'this screen’s theme and OVOS address, the server’s settings, a connection test'
};

export default en;
