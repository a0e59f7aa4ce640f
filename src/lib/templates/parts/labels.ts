/** Fixed words of the shared parts (one place, for the languages work). */
export const PARTS_LABELS = {
	noBus: 'This needs the device’s message bus, which this screen is not connected to.',
	notSent: 'Not sent',
	timer: 'Timer',
	cancel: 'Cancel',
	dismiss: 'Dismiss',
	timesUp: 'Time’s up',
	noTime: '--:--'
} as const;
