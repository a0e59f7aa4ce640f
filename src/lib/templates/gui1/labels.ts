/** Fixed words of the OVOS-GUI-1 pages (one place, for the languages work). */
export const GUI1_LABELS = {
	clock: 'Clock',
	timer: 'Timer',
	video: 'Video',
	videoOnDevice: 'This video plays on the device itself; this screen can only play web (http or https) videos.',
	videoFailed: 'The video could not be loaded on this screen.',
	tapToPlay: 'Tap play to start the video.',
	error: 'Something went wrong',
	errorPage: 'Error',
	list: 'List',
	grid: 'Pictures',
	table: 'Table',
	empty: 'Nothing to show yet',
	noRows: 'No rows yet',
	imageMissing: 'Picture not shown',
	weather: 'Weather',
	map: 'Map',
	noLocation: 'No location given',
	zoom: 'Zoom',
	openMap: 'Open in OpenStreetMap ↗',
	confirm: 'Question',
	yes: 'Yes',
	no: 'No',
	select: 'Choices',
	noChoices: 'No choices yet',
	noValue: 'This choice has no value to send',
	sent: 'Sent.',
	notSent: 'Not connected: nothing was sent.'
} as const;

/** The compass letters of a coordinate. */
export const COMPASS = { north: 'N', south: 'S', east: 'E', west: 'W' } as const;
