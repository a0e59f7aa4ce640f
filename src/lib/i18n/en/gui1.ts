/** The OVOS-GUI-1 templates (SYSTEM_clock, _timer, _list, _map, _confirm …). */
const en = {
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
	zoom: (level: string) => `Zoom ${level}`,
	openMap: 'Open in OpenStreetMap ↗',
	confirm: 'Question',
	yes: 'Yes',
	no: 'No',
	select: 'Choices',
	noChoices: 'No choices yet',
	noValue: 'This choice has no value to send',
	sent: 'Sent.',
	notSent: 'Not connected: nothing was sent.',
	/** The compass letters of a coordinate. */
	compass: { north: 'N', south: 'S', east: 'E', west: 'W' }
};

export default en;
