/** Pieces several pages share: bus buttons, timer cards, pictures. */
const en = {
	noBus: 'This needs the device’s message bus, which this screen is not connected to.',
	notSent: 'Not sent',
	cancel: 'Cancel',
	dismiss: 'Dismiss',
	cancelNamed: (name: string) => `Cancel ${name}`,
	dismissNamed: (name: string) => `Dismiss ${name}`,
	timesUp: 'Time’s up',
	noPicture: 'No picture'
};

export default en;
