/** The chat (`/chat` and the screen's slide-over). The example is in the reader's language; what OVOS understands is the chat's own language. */
const en = {
	title: 'Chat · ovos-screen',
	unmatched: 'OVOS didn’t understand that.',
	timeout: 'Timed out: OVOS went quiet before finishing.',
	unreachable: 'OVOS is unreachable.',
	noCore: 'OVOS core is not responding.',
	busy: 'Still answering your previous message.',
	coreBusy: 'OVOS is busy with other chats: try again in a moment.',
	questionEnded: 'OVOS was busy with other chats and ended its question before your answer came: ask again.',
	// The device lets only programs on itself onto its messagebus (OVOS's default); the chat needs that bus.
	busLocalOnly: 'OVOS on the device lets only programs running on the device itself onto its messagebus, and the chat needs it. Run this app on the device, or open the bus in the device’s mycroft.conf (see “Pointing it at a device” in docs/install.md).',
	// While a message waits for its turn (OVOS takes a few chats at a time); `ahead`: messages before it.
	queued: (ahead: number) =>
		ahead === 0 ? 'OVOS is busy with other chats: yours is next' : `OVOS is busy with other chats: ${ahead} ahead of yours`,
	stopped: 'Stopped.',
	unauthorized: 'This browser is no longer paired with the device. Open the page again to pair it.',
	error: 'Something went wrong.',
	answering: 'OVOS is answering',
	answeredBy: (skill: string) => `The skill that answered: ${skill}`,
	stale: 'The earlier question had ended, so this was taken as a new request.',
	waiting: 'OVOS is waiting for your answer',
	chatWithOvos: 'Chat with OVOS',
	chats: 'Chats',
	newChat: 'New chat',
	closeChat: 'Close chat',
	mode: 'Chat mode',
	modeHelp: 'Private: only this chat sees the replies. On this device: as if you spoke to it — replies are spoken there and shown on its screens.',
	private: 'Private chat',
	device: 'On this device',
	language: 'Language',
	languageHelp: 'The language OVOS hears and answers this chat in. Your language: this page’s, when OVOS on the device understands it; else the device’s own.',
	auto: 'Your language',
	// The reader's language is not one the device has: OVOS took the message in its own.
	notHeard: (wanted: string, heard: string) => `OVOS on this device does not understand ${wanted}, so it took your message in ${heard}.`,
	messages: 'Messages',
	hint: 'Type to talk to OVOS, for example {example}.',
	example: 'what time is it',
	hintDevice: 'On this device: replies are spoken there and shown on its screens, as when you talk to it.',
	hintPrivate: 'Private: replies are not spoken on the device.',
	message: 'Message',
	placeholder: 'Message OVOS…',
	answerPlaceholder: 'Your answer…',
	stop: 'Stop',
	send: 'Send',
	// Why a request failed, under the notice (the server's own words are shown as they come).
	unreachableServer: (detail: string) => `could not reach this server: ${detail}`,
	cutOff: (detail: string) => `the reply was cut off: ${detail}`,
	endedEarly: 'the reply ended before the turn did',
	unreadable: 'the server sent an unreadable reply',
	emptyReply: 'empty reply',
	stoppedDetail: 'stopped',
	// Names of well-known skills (others are made from their ids).
	skillDateTime: 'Date and time',
	skillUnknown: 'Unknown',
	skillHome: 'Home screen',
	skillMedia: 'Media player',
	skillWeather: 'Weather',
	skillAlerts: 'Alerts'
};

export default en;
